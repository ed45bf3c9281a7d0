import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// What happens to a purchase is logged by the name the store that sold it gives it, once:
/// Xsolla's webhooks on Pay Station (`create_subscription`, `order_paid`), the App Store's Server
/// Notifications V2 on StoreKit (`SUBSCRIBED`, `ONE_TIME_CHARGE`), in the same commit as the
/// grant, and never again when the transaction is delivered again.
@Suite("Store: lifecycle events")
struct LifecycleEventTests {
    static let seasonPass = "com.example.stardust.season_pass"

    /// The default catalog plus a non-renewing subscription, which it lacks.
    static func catalogWithSeasonPass() throws -> ProductCatalog {
        var catalog = try defaultCatalog()
        // A decimal string, as the catalog keeps prices: a float literal would not be 9.99.
        let price = try #require(Decimal(string: "9.99"))
        catalog.products.append(Product(id: seasonPass, type: .nonRenewing, name: LocalizedText(["en": "Season Pass"]),
                                        prices: ["USA": price, "JPN": 1_500], period: SubscriptionPeriod(value: 3, unit: .month)))
        return catalog
    }

    @Test func anAutoRenewablePurchaseOnPayStationIsXsollasCreateSubscription() throws {
        try withStore(catalog: regularPriceCatalog()) { harness in
            let (session, _) = try harness.buy(SKU.monthlyPass)
            let kinds = try harness.eventKinds(of: session.transactionId)
            let grant = try #require(kinds.firstIndex(of: "grant"))
            #expect(kinds[grant + 1] == "create_subscription", "right after the grant")
            #expect(kinds.filter { EventKind(rawValue: $0).isLifecycle } == ["create_subscription"])
            // Paid 30 s after 18:40:00 on 19 September (30 s at the form); its month runs from the
            // payment, not from the redirect 2 s later.
            let event = try #require(try harness.events(.xsollaCreateSubscription).first)
            #expect(event.message == "monthly for 4.99 USD until 2025-10-19T18:40:30Z")
            #expect(harness.store.currentReport().snapshot.events.contains { $0.kind == .xsollaCreateSubscription })
        }
    }

    @Test(arguments: [SKU.gems100, SKU.removeAds, LifecycleEventTests.seasonPass])
    func everythingElseIsAnOrderPaidOnPayStationAndAOneTimeChargeOnTheAppStore(_ productId: String) throws {
        try withStore(catalog: Self.catalogWithSeasonPass()) { harness in
            let (session, notice) = try harness.buy(productId)
            #expect(notice.tone == .success)
            let kinds = try harness.eventKinds(of: session.transactionId)
            #expect(kinds.filter { EventKind(rawValue: $0).isLifecycle } == ["order_paid"])
            let grant = try #require(kinds.firstIndex(of: "grant"))
            #expect(kinds[grant + 1] == "order_paid")
        }
        try withStore(catalog: Self.catalogWithSeasonPass()) { harness in
            let (appStore, _) = try harness.buyThroughStoreKit(productId)
            #expect(try harness.eventKinds(of: appStore).filter { EventKind(rawValue: $0).isLifecycle } == ["ONE_TIME_CHARGE"])
        }
    }

    @Test func aNonRenewingSubscriptionGrantsItsPeriodWithoutRenewing() throws {
        try withStore(catalog: Self.catalogWithSeasonPass()) { harness in
            let (session, _) = try harness.buy(Self.seasonPass)
            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(grant.kind == .accessLevel)
            #expect(grant.key == Self.seasonPass, "a product outside any group is its own access level")
            let paidAt = try #require(try harness.ledger.transaction(id: session.transactionId)?.purchasedAt)
            #expect(paidAt < grant.grantedAt, "paid before the redirect brought it back")
            #expect(grant.expiresAt == SimulatedCalendar.end(of: SubscriptionPeriod(value: 3, unit: .month),
                                                             from: paidAt))
            let message = try #require(try harness.events(.xsollaOrderPaid).first).message
            #expect(message == "season_pass for 9.99 USD")
        }
    }

    @Test func aFailedPurchaseHasNoLifecycleEvent() throws {
        try withStore { harness in
            try harness.buy(SKU.monthlyPass, card: Cards.declined)
            #expect(try harness.allEventKinds().allSatisfy { !EventKind(rawValue: $0).isLifecycle })
        }
    }

    @Test func redeliveryAfterTheGrantLogsNoSecondLifecycleEvent() throws {
        try withStore { harness in
            // The crashed run committed grant and lifecycle event together, then died before finishing.
            let time = harness.now
            let crashed = try LedgerDatabase(path: harness.path)
            let id = String(format: "txn-%06d", try crashed.nextValue(ofSequence: "transaction"))
            try crashed.insert(TransactionRecord(id: id, productId: SKU.monthlyPass, userId: "player-1", storefront: "USA",
                                                 integrationPath: "paystation", state: .purchasing, quantity: 1,
                                                 price: "4.99", currency: "USD", createdAt: time, updatedAt: time))
            try crashed.updateState(ofTransaction: id, to: .purchased, error: nil, at: time)
            try crashed.inTransaction {
                try crashed.recordGrant(GrantRecord(transactionId: id, kind: .accessLevel, key: "premium", amount: 1,
                                                    expiresAt: time.addingTimeInterval(30 * 86_400), grantedAt: time))
                try crashed.appendEvent(kind: "grant", message: "premium access", transactionId: id, at: time)
                try crashed.appendEvent(kind: "create_subscription", message: "monthly", transactionId: id, at: time)
            }

            try harness.relaunch()
            try harness.store.deliverUnfinished()
            #expect(try harness.ledger.transaction(id: id)?.isFinished == true)
            #expect(try harness.events(.xsollaCreateSubscription).count == 1)
            #expect(try harness.events(.granted).count == 1)
        }
    }

    @Test func redeliveryBeforeTheGrantLogsItOnceWithTheGrant() throws {
        try withStore { harness in
            // The crashed run recorded the purchase and died before granting.
            let time = harness.now
            let crashed = try LedgerDatabase(path: harness.path)
            let id = String(format: "txn-%06d", try crashed.nextValue(ofSequence: "transaction"))
            try crashed.insert(TransactionRecord(id: id, productId: SKU.monthlyPass, userId: "player-1", storefront: "USA",
                                                 integrationPath: "paystation", state: .purchasing, quantity: 1,
                                                 price: "4.99", currency: "USD", createdAt: time, updatedAt: time))
            try crashed.updateState(ofTransaction: id, to: .purchased, error: nil, at: time)

            try harness.relaunch()
            try harness.store.deliverUnfinished()
            try harness.relaunch()
            try harness.store.deliverUnfinished()
            #expect(try harness.eventKinds(of: id) == [
                "transaction.redelivered", "transaction.signed", "transaction.validated", "grant", "create_subscription",
                "transaction.finished",
            ])
        }
    }
}

/// A player who subscribes again after an earlier subscription in the group lapsed: the App
/// Store's `SUBSCRIBED` with the subtype `RESUBSCRIBE`, not `INITIAL_BUY` again.
@Suite("Store: resubscribing")
struct ResubscribeTests {
    @Test func aSecondSubscriptionInTheGroupIsAResubscribe() throws {
        try withStore(catalog: regularPriceCatalog()) { harness in
            let (first, _) = try harness.buyThroughStoreKit(SKU.monthlyPass)
            _ = try harness.store.act(.cancelRenewal, on: first)
            try harness.wait(40 * 86_400)
            #expect(harness.store.currentReport().snapshot.entitlement(id: "premium")?.isActive == false)
            let (second, _) = try harness.buyThroughStoreKit(SKU.monthlyPass)
            let subscribed = try harness.events(.subscribed)
            #expect(subscribed.map(\.transactionId) == [first, second])
            #expect(subscribed.first?.message.hasPrefix("INITIAL_BUY · monthly for ") == true)
            #expect(subscribed.last?.message.hasPrefix("RESUBSCRIBE · monthly for ") == true)
            #expect(harness.store.currentReport().snapshot.entitlement(id: "premium")?.isActive == true)
        }
    }
}

/// Each path logs its own store's names, once per event: a renewal is one notification, in the
/// vocabulary of the store that renewed it, whatever else the path logs beside it.
@Suite("Store: each store's event names, once per event")
struct StoreEventNameTests {
    private static func lifecycle(_ harness: StoreHarness, of id: String) throws -> [String] {
        try harness.eventKinds(of: id).filter { EventKind(rawValue: $0).isLifecycle }
    }

    @Test func googlePlaysRenewalsAreOnlyItsOwnNotification() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let sheet = try harness.openPlay(SKU.monthlyPass)
            try harness.sendPlay(.buy)
            let expires = try #require(harness.store.currentReport().snapshot.subscriptions.last?.expiresAt)
            _ = try harness.store.advance(to: expires.addingTimeInterval(301))
            let renewals = try harness.ledger.transactions(newestFirst: 10).filter { $0.originalTransactionId == sheet.transactionId }
            try #require(renewals.count == 2)
            for renewal in renewals {
                #expect(try Self.lifecycle(harness, of: renewal.id) == ["SUBSCRIPTION_RENEWED"], "\(renewal.id)")
            }
            #expect(try Self.lifecycle(harness, of: sheet.transactionId) == ["SUBSCRIPTION_PURCHASED"])
            let play = Set(EventKind.playSubscriptionNotifications.map(\.rawValue))
                .union([EventKind.oneTimeProductPurchased.rawValue, EventKind.oneTimeProductCanceled.rawValue])
            #expect(try harness.allEventKinds().filter { EventKind(rawValue: $0).isLifecycle }.allSatisfy(play.contains))
        }
    }

    @Test func theAppStoresRenewalIsDidRenewAndXsollasUpdateSubscription() throws {
        try withStore(catalog: try regularPriceCatalog()) { harness in
            let (appStore, _) = try harness.buyThroughStoreKit(SKU.weeklyPass)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(7 * 86_400 + 60))
            let renewal = try #require(try harness.ledger.transactions(newestFirst: 10).first { $0.originalTransactionId == appStore })
            #expect(try Self.lifecycle(harness, of: renewal.id) == ["DID_RENEW"])
            #expect(try Self.lifecycle(harness, of: appStore) == ["SUBSCRIBED"])
        }
        try withStore(catalog: try regularPriceCatalog()) { harness in
            let (xsolla, _) = try harness.buy(SKU.weeklyPass)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(7 * 86_400 + 60))
            let renewal = try #require(try harness.ledger.transactions(newestFirst: 10)
                .first { $0.originalTransactionId == xsolla.transactionId })
            #expect(try Self.lifecycle(harness, of: renewal.id) == ["update_subscription"])
            #expect(try Self.lifecycle(harness, of: xsolla.transactionId) == ["create_subscription"])
        }
    }

    /// A change Xsolla sends no webhook for is the engine's own step, never another store's name.
    @Test func whatXsollaTellsNoOneIsTheEnginesOwnStep() throws {
        try withStore(catalog: try regularPriceCatalog()) { harness in
            let (session, _) = try harness.buy(SKU.weeklyPass)
            _ = try harness.store.act(.billingIssue(true), on: session.transactionId)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(7 * 86_400 + 60))
            #expect(try Self.lifecycle(harness, of: session.transactionId) == ["create_subscription", "subscription.changed"])
            #expect(try harness.events(.subscriptionChanged).last?.message.hasPrefix("the renewal could not be charged") == true)
        }
    }
}
