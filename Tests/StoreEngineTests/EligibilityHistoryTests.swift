import Catalog
import Foundation
import Ledger
import Testing
import StoreEngine

/// Offer eligibility comes from the ledger: the snapshot says which groups the player has
/// subscribed in and which have lapsed; the variation id travels with the purchase.
@Suite("Store: subscriber history and variation ids")
struct EligibilityHistoryTests {
    @Test func aNewPlayerHasNoHistoryThenSubscribesThenLapses() throws {
        try withStore { harness in
            #expect(harness.store.currentReport().snapshot.history == .newPlayer)
            try harness.buy(SKU.monthlyPass)
            let subscribed = harness.store.currentReport().snapshot.history
            #expect(subscribed.subscribedGroups == ["stardust_pass"])
            #expect(subscribed.lapsedGroups.isEmpty)
            // The intro offer is gone for this player now.
            let monthly = try #require(harness.store.catalog.product(id: SKU.monthlyPass))
            #expect(OfferSelector.offer(for: monthly, history: subscribed) == nil)

            harness.clock.advance(by: 31 * 86_400)
            let lapsed = harness.store.currentReport().snapshot.history
            #expect(lapsed.lapsedGroups == ["stardust_pass"])
            // A free week, lapsed 24 days ago: nothing paid for, and too soon, for the win-back
            // month's criteria (WinBackStandingTests follows a player it admits).
            #expect(lapsed.lapses["stardust_pass"] == WinBackStanding(paidMonths: 0, monthsSinceLapse: 0))
            #expect(OfferSelector.offer(for: monthly, history: lapsed) == nil)
        }
    }

    @Test func buyingGemsIsNoSubscriptionHistory() throws {
        try withStore { harness in
            try harness.buy(SKU.gems100)
            #expect(harness.store.currentReport().snapshot.history == .newPlayer)
        }
    }

    @Test func theVariationIdIsKeptWithThePurchase() throws {
        try withStore { harness in
            let session = try harness.open(SKU.monthlyPass, variationId: "main.B")
            #expect(try harness.ledger.transaction(id: session.transactionId)?.variationId == "main.B")
            // The panes see it too, as the engine hands it up.
            #expect(harness.store.currentReport().snapshot.transactions.first?.variationId == "main.B")
        }
    }
}
