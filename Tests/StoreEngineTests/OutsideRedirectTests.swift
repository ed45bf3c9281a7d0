import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// A redirect can come from outside (`storefront open-url`): when it arrives before Pay Station's
/// countdown ends, it settles the purchase and takes the page off screen, and the countdown's own
/// redirect then does nothing.
@Suite("Store: a redirect from outside during the countdown")
struct OutsideRedirectTests {
    @Test func itSettlesThePurchaseAndTakesThePageOffScreen() throws {
        try withStore(catalog: redirectCatalog(.successfulOrCanceled, delaySeconds: 60)) { harness in
            let session = try harness.open(SKU.gems100)
            let due = try #require(try harness.pay(card: Cards.success).nextDue)
            let url = RedirectURL(base: redirectBase, userId: "player-1", foreignInvoice: session.transactionId,
                                  invoiceId: session.invoiceId, status: .done)

            harness.clock.advance(by: 5)
            let opened = try harness.store.open(url: url.text)
            #expect(opened.notice?.tone == .success)
            #expect(opened.sheet == nil, "the page goes with the purchase it belonged to")
            #expect(opened.nextDue == nil, "the countdown is cancelled")
            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .purchased)
            #expect(transaction.isFinished)
            #expect(try harness.ledger.balances() == ["gems": 100])

            let events = try harness.allEventKinds()
            let later = try harness.store.advance(to: due.addingTimeInterval(1))
            #expect(later.notice == nil)
            #expect(try harness.allEventKinds() == events, "the countdown's redirect never runs")
            #expect(try harness.ledger.grants().count == 1)
        }
    }

    @Test func itIsTheSameURLPayStationWouldHaveSent() throws {
        // The URL QA pastes is the one Pay Station logs: building it by hand gives the same text.
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            let built = RedirectURL(base: redirectBase, userId: "player-1", foreignInvoice: session.transactionId,
                                    invoiceId: session.invoiceId, status: .done)
            #expect(try harness.sentRedirectURL(for: session.transactionId) == built.text)
        }
    }

    @Test func aRedirectForAnotherPurchaseLeavesThePageOnScreen() throws {
        // The first purchase settles from outside while the second one's page is on screen.
        try withStore(catalog: redirectCatalog(.successfulOrCanceled, delaySeconds: 60)) { harness in
            let first = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            let second = try harness.open(SKU.removeAds)
            let url = try harness.sentRedirectURL(for: first.transactionId)

            let report = try harness.store.open(url: url)
            #expect(report.notice?.tone == .success)
            #expect(report.page?.session.transactionId == second.transactionId)
            #expect(try harness.ledger.transaction(id: first.transactionId)?.isFinished == true)
            #expect(try harness.ledger.transaction(id: second.transactionId)?.state == .purchasing)
        }
    }
}
