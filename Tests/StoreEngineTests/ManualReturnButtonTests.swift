import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// Pay Station's manual "Back to the game" button: Enter on a paid page sends the redirect at
/// once, through the URL handler like any other, and the countdown's redirect then does nothing.
@Suite("Store: the manual back-to-the-game button")
struct ManualReturnButtonTests {
    /// A long countdown, so the button plainly comes first.
    static func catalog() throws -> ProductCatalog {
        try redirectCatalog(.successfulOrCanceled, delaySeconds: 60)
    }

    @Test(arguments: [PayStationInput.submit, .close])
    func theButtonSendsTheRedirectAtOnce(_ input: PayStationInput) throws {
        try withStore(catalog: Self.catalog()) { harness in
            let session = try harness.open(SKU.gems100)
            let paid = try harness.pay(card: Cards.success)
            let due = try #require(paid.page?.redirectDue)
            #expect(due == harness.now.addingTimeInterval(60))
            #expect(paid.page?.returnButtonCaption == "Back to the game")

            // Enter is the button; Esc on a paid page goes back to the game the same way.
            let back = try harness.send(input)
            #expect(back.notice?.tone == .success)
            #expect(back.sheet == nil)
            #expect(back.nextDue == nil, "the countdown is cancelled")
            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .purchased)
            #expect(transaction.finishedAt == harness.now, "settled now, not when the countdown would have ended")
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func theScheduledRedirectThenDoesNothing() throws {
        try withStore(catalog: Self.catalog()) { harness in
            let session = try harness.open(SKU.gems100)
            let due = try #require(try harness.pay(card: Cards.success).nextDue)
            try harness.send(.submit)
            let events = try harness.allEventKinds()

            // Past the old countdown: nothing falls due, nothing is logged, nothing is granted again.
            let later = try harness.store.advance(to: due.addingTimeInterval(1))
            #expect(later.notice == nil)
            #expect(try harness.allEventKinds() == events)
            #expect(try harness.eventKinds(of: session.transactionId).filter { $0 == "redirect.received" }.count == 1)
            #expect(try harness.ledger.grants().count == 1)
            #expect(try harness.events(.redirectRejected).isEmpty, "not even a rejected replay")
        }
    }

    @Test func onADeclinedPageWithoutACountdownTheButtonJustCloses() throws {
        try withStore(catalog: Self.catalog()) { harness in
            try harness.open(SKU.gems100)
            try harness.pay(card: Cards.declined)
            let events = try harness.allEventKinds()
            let back = try harness.send(.submit)
            #expect(back.sheet == nil)
            #expect(try harness.allEventKinds() == events + ["paystation.willClose", "paystation.closed"])
        }
    }
}
