import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// `history` reads the ledger alone, at the ledger's clock, which runs on while no app does: an
/// auto-renewing plan whose renewals fell due after the app quit is not expired but waiting for
/// the next launch, which then records them; steps that charge nothing are told as the app will
/// record them.
@Suite("History: renewals due at the next launch")
struct HistoryDueRenewalsTests {
    /// The catalog at the fastest rate (every period 2 s), without offers.
    private func fastCatalog() throws -> ProductCatalog {
        var catalog = try regularPriceCatalog()
        catalog.settings.timeRate = RenewalRate.every2Seconds.rawValue
        return catalog
    }

    private func history(_ harness: StoreHarness) throws -> LedgerHistory.Player {
        let ledger = try LedgerDatabase(readingOnly: harness.path)
        let history = try LedgerHistory(reading: ledger, catalog: nil, wallTime: harness.clock.date)
        return try #require(history.players.first { $0.userId == harness.userId })
    }

    @Test func anAutoRenewingPlanLeftBehindIsDueAtTheNextLaunchNotExpired() throws {
        try withStore(catalog: try fastCatalog(), rate: .realTime) { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.weeklyPass)
            #expect(try history(harness).entitlementLines.first?.contains("premium: active · renews ") == true)
            // The app quits; the clock runs on for 33 s: 16 renewals of 2 s fall due.
            harness.clock.advance(by: 33)
            let player = try history(harness)
            let premium = try #require(player.entitlements.first { $0.id == "premium" })
            #expect(premium.isActive)
            #expect(player.entitlementLines == ["entitlement premium: active · renewals due at the next launch · App Store"])
            let subscription = try #require(player.subscriptions.first)
            #expect(subscription.status == .subscribed && subscription.renewalsDue)
            #expect(subscription.originalTransactionId == id)

            // The next launch catches them up, and history then says what its pane says.
            try harness.relaunch()
            _ = try harness.store.launch()
            let report = try harness.store.runDue()
            #expect(report.snapshot.subscriptions.first?.renewals == 16)
            let caughtUp = try history(harness)
            #expect(caughtUp.entitlements == report.snapshot.entitlements)
            #expect(caughtUp.entitlementLines.first?.hasPrefix("entitlement premium: active · renews ") == true)
        }
    }

    /// Due steps that charge nothing are taken as the lifecycle takes them: a renewal that fails
    /// on the billing issue starts grace (access kept), then the store's billing retry.
    @Test func aRenewalThatWouldFailIsGraceThenRetry() throws {
        var catalog = try regularPriceCatalog()
        catalog.settings.timeRate = RenewalRate.every10Seconds.rawValue
        try withStore(catalog: catalog, rate: .realTime) { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.weeklyPass)
            _ = try harness.store.act(.billingIssue(true), on: id)
            harness.clock.advance(by: 12)
            var player = try history(harness)
            #expect(player.subscriptions.first?.status == .inGracePeriod)
            #expect(player.entitlementLines.first?.hasPrefix("entitlement premium: active in grace to ") == true)
            harness.clock.advance(by: 10)
            player = try history(harness)
            #expect(player.subscriptions.first?.status == .inBillingRetryPeriod)
            #expect(player.entitlementLines == ["entitlement premium: inactive · billing retry · App Store"])
            // What the next launch records is what history said.
            try harness.relaunch()
            _ = try harness.store.launch()
            let report = try harness.store.runDue()
            #expect(try history(harness).entitlements == report.snapshot.entitlements)
        }
    }

    /// At the sandbox's limit the lifecycle ends the plan, so history says expired there.
    @Test func theSandboxLimitOnTheWayEndsIt() throws {
        var catalog = try regularPriceCatalog()
        catalog.settings.timeRate = RenewalRate.sandbox.rawValue
        try withStore(catalog: catalog, rate: .realTime) { harness in
            _ = try harness.buyThroughStoreKit(SKU.weeklyPass)
            // 12 renewals of 3 minutes, and more: the limit ends it after the twelfth.
            harness.clock.advance(by: 3 * 60 * 20)
            let player = try history(harness)
            #expect(player.subscriptions.first?.status == .expired)
            #expect(player.entitlements.first?.isActive == false)
            try harness.relaunch()
            _ = try harness.store.launch()
            let report = try harness.store.runDue()
            #expect(report.snapshot.subscriptions.first?.renewals == 12)
            #expect(try history(harness).entitlements == report.snapshot.entitlements)
        }
    }
}
