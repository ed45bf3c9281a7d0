import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Offer eligibility comes from the ledger: the snapshot says which groups the player has
/// subscribed in and which have lapsed; the variation id travels with the purchase.
@Suite("Store: subscriber history and variation ids")
struct EligibilityHistoryTests {
    @Test func aNewPlayerHasNoHistoryThenSubscribesThenLapses() throws {
        try withStore { harness in
            #expect(try harness.store.snapshot().history == .newPlayer)
            try harness.buy(SKU.monthlyPass)
            let subscribed = try harness.store.snapshot().history
            #expect(subscribed.subscribedGroups == ["stardust_pass"])
            #expect(subscribed.lapsedGroups.isEmpty)
            // The intro offer is gone for this player now.
            let monthly = try #require(harness.store.catalog.product(id: SKU.monthlyPass))
            #expect(OfferSelector.offer(for: monthly, history: subscribed) == nil)

            harness.clock.advance(by: 31 * 86_400)
            let lapsed = try harness.store.snapshot().history
            #expect(lapsed.lapsedGroups == ["stardust_pass"])
            #expect(OfferSelector.offer(for: monthly, history: lapsed)?.kindName == "win-back")
        }
    }

    @Test func buyingGemsIsNoSubscriptionHistory() throws {
        try withStore { harness in
            try harness.buy(SKU.gems100)
            #expect(try harness.store.snapshot().history == .newPlayer)
        }
    }

    @Test func theVariationIdIsKeptWithThePurchase() throws {
        try withStore { harness in
            let storefront = try harness.storefront("USA")
            guard case .payStation(let session) = try harness.store.beginPurchase(
                of: SKU.monthlyPass, in: storefront, variationId: "main.B") else {
                Issue.record("Pay Station did not open")
                return
            }
            #expect(try harness.ledger.transaction(id: session.transactionId)?.variationId == "main.B")
        }
    }
}
