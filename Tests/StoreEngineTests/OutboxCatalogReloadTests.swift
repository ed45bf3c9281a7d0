import Catalog
import Foundation
import Testing
@testable import StoreEngine

/// A catalog saved while the app runs brings its own notification URLs, Xsolla's secret key
/// and webhook mode, as a launch would read them; what an option or QA's `W` chose stays.
@Suite("Outbox: a reloaded catalog's notification settings")
struct OutboxCatalogReloadTests {
    private static func catalog(xsolla: String?, key: String?, webhookMode: Bool,
                                audience: String? = nil) throws -> ProductCatalog {
        var catalog = try defaultCatalog()
        catalog.settings.notifications.playAudience = audience
        catalog.settings.notifications.xsolla = xsolla.flatMap(NotificationURL.init(parsing:))
        catalog.settings.notifications.xsollaSecretKey = key
        catalog.settings.payStation.webhookMode = webhookMode
        return catalog
    }

    @Test func theNewCatalogsURLKeyAndWebhookModeAreTaken() throws {
        try withTemporaryLedgerPath { path in
            let old = try Self.catalog(xsolla: "http://127.0.0.1:9/old", key: "old-key", webhookMode: false)
            let harness = try StoreHarness(path: path, catalog: old, userId: "player-1")
            _ = harness.store.configureOutbox(OutboxSettings(urls: old.settings.notifications.urls,
                                                             xsollaSecretKey: "old-key"))
            let new = try Self.catalog(xsolla: "http://127.0.0.1:9/new", key: "new-key", webhookMode: true,
                                       audience: "https://backend.example/push")
            _ = try harness.store.replaceCatalog(with: new, from: "catalog.json")
            #expect(harness.store.outbox.pushAudience == "https://backend.example/push")
            #expect(harness.store.outbox.urls[.xsolla] == "http://127.0.0.1:9/new")
            #expect(harness.store.outbox.xsollaSecretKey == "new-key")
            #expect(harness.store.outbox.xsollaWebhookMode)

            // A catalog without them takes them away again.
            _ = try harness.store.replaceCatalog(with: try Self.catalog(xsolla: nil, key: nil, webhookMode: false),
                                                 from: "catalog.json")
            #expect(harness.store.outbox.urls[.xsolla] == nil)
            #expect(harness.store.outbox.xsollaSecretKey == nil)
            #expect(!harness.store.outbox.xsollaWebhookMode)
            #expect(harness.store.outbox.pushAudience == nil)
        }
    }

    @Test func whatAnOptionOrWChoseStays() throws {
        try withTemporaryLedgerPath { path in
            let old = try Self.catalog(xsolla: "http://127.0.0.1:9/old", key: nil, webhookMode: false)
            let harness = try StoreHarness(path: path, catalog: old, userId: "player-1")
            // `--xsolla-notifications` chose another URL; `W` turned webhook mode on.
            _ = harness.store.configureOutbox(OutboxSettings(urls: [.xsolla: "http://127.0.0.1:9/option"]))
            _ = harness.store.toggleXsollaWebhookMode()
            _ = try harness.store.replaceCatalog(
                with: try Self.catalog(xsolla: "http://127.0.0.1:9/new", key: nil, webhookMode: false), from: "catalog.json")
            #expect(harness.store.outbox.urls[.xsolla] == "http://127.0.0.1:9/option")
            #expect(harness.store.outbox.xsollaWebhookMode)
        }
    }
}
