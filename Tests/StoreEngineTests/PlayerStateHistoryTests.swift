import Catalog
import Foundation
import Testing
import StoreEngine

/// A previewed player state is what the ledger says of a real player brought into that state:
/// the same history (so the same offers and charges, by the one rule) and the same plan owned.
@Suite("Player states match the ledger's players")
struct PlayerStateHistoryTests {
    private static let day: TimeInterval = 86_400

    private func matches(_ state: PlayerState, _ harness: StoreHarness, current: String? = nil) throws {
        let snapshot = harness.store.currentReport().snapshot
        let plan = current.flatMap { harness.store.catalog.product(id: $0) }
        #expect(snapshot.history == state.history(in: harness.store.catalog, current: plan), "\(state)")
        #expect(snapshot.subscribedProductIds == Set([current].compactMap { $0 }), "\(state)")
    }

    @Test func aNewPlayer() throws {
        try withStore { harness in try matches(.newPlayer, harness) }
    }

    @Test func aSubscriberOnTheLowestPlan() throws {
        try withStore { harness in
            let catalog = harness.store.catalog
            let variantA = try #require(catalog.paywalls.first?.variants.first { $0.id == "A" })
            let plan = try #require(PlayerState.subscribed.currentPlan(among: variantA.products.compactMap(catalog.product(id:))))
            #expect(plan.id == SKU.weeklyPass)
            _ = try harness.buy(SKU.weeklyPass)
            try matches(.subscribed, harness, current: SKU.weeklyPass)
        }
    }

    /// A trial taken and refunded: subscribed before, nothing running, nothing lapsed.
    @Test(arguments: [PlayerState.trialUsed, .promoEligible])
    func aPlayerWhoseTrialWasRefunded(state: PlayerState) throws {
        try withStore { harness in
            let (trial, _) = try harness.buy(SKU.monthlyPass)
            _ = try harness.store.act(.refund(.other), on: trial.transactionId)
            try matches(state, harness)
        }
    }

    /// Five paid weeks, lapsed a month ago: a player the win-back month's criteria admit, as the
    /// preview's lapsed player is (who stands for any such player: five years paid, lapsed as
    /// long ago as the offers ask), so the same groups lapsed and the same offer on every plan.
    @Test func aLapsedPlayer() throws {
        try withStore { harness in
            _ = try harness.buy(SKU.weeklyPass)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(28 * Self.day))
            let latest = try #require(harness.store.currentReport().snapshot.transactions.first)
            _ = try harness.store.act(.cancelRenewal, on: latest.id)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(38 * Self.day))
            let snapshot = harness.store.currentReport().snapshot
            let catalog = harness.store.catalog
            let preview = PlayerState.lapsed.history(in: catalog, current: nil)
            #expect(snapshot.history.subscribedGroups == preview.subscribedGroups)
            #expect(snapshot.history.lapsedGroups == preview.lapsedGroups)
            for product in catalog.products {
                #expect(OfferSelector.offer(for: product, history: snapshot.history)
                    == OfferSelector.offer(for: product, history: preview), "\(product.id)")
            }
            #expect(OfferSelector.offer(for: try #require(catalog.product(id: SKU.monthlyPass)),
                                        history: preview)?.kindName == "win-back")
            #expect(snapshot.subscribedProductIds.isEmpty)
        }
    }

    /// A billing issue past the weekly plan's six days of grace: in billing retry.
    @Test func aPlayerInBillingRetry() throws {
        try withStore { harness in
            let (session, _) = try harness.buy(SKU.weeklyPass)
            _ = try harness.store.act(.billingIssue(true), on: session.transactionId)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(14 * Self.day))
            #expect(harness.store.currentReport().snapshot.subscriptions.last?.status == .inBillingRetryPeriod)
            try matches(.billingRetry, harness, current: SKU.weeklyPass)
        }
    }
}
