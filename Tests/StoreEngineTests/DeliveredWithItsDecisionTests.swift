import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// A path hands back a settlement whose delivery belongs in its decision's commit
/// (`PathStep.deliveredWithItsDecision`), and the store delivers it there, through every door
/// a path's step comes in by: a URL the app is opened with, the sheet's input, due work, a
/// backend's answer. Delivered in a commit of its own instead, a crash in between would leave
/// a redirect used up, or an `onPurchasesUpdated` taken, with nothing granted.
@Suite("Store: a delivery the path makes with its decision is in the decision's commit")
struct DeliveredWithItsDecisionTests {
    /// `open(url:)`: the invoice used up, the purchase recorded and delivered, one commit.
    @Test func aRedirectFromOutsideIsDeliveredInItsOwnCommit() throws {
        try withStore(catalog: redirectCatalog(.successfulOrCanceled, delaySeconds: 60)) { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            let url = RedirectURL(base: redirectBase, userId: "player-1", foreignInvoice: session.transactionId,
                                  invoiceId: session.invoiceId, status: .done)
            let before = harness.store.commitCount
            let opened = try harness.store.open(url: url.text)
            #expect(harness.store.commitCount - before == 1)
            #expect(opened.notice == StoreNotice(.success, "Purchased Pouch of Gems: +100 gems."),
                    "the completion's line, not the path's")
            #expect(try harness.ledger.transaction(id: session.transactionId)?.isFinished == true)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    /// No redirect: the payment is committed on its own, then the page's closing, the outcome
    /// and the delivery commit together, in the same call.
    @Test func aPaymentWithoutARedirectIsDeliveredWithThePagesClosing() throws {
        try withStore(catalog: redirectCatalog(.none)) { harness in
            let session = try harness.open(SKU.gems100)
            var seen: [StoreCheckpoint] = []
            harness.store.checkpoint = { seen.append($0) }
            let before = harness.store.commitCount
            let paid = try harness.pay(card: Cards.success)
            #expect(harness.store.commitCount - before == 2)
            #expect(seen == [.paid, .finished])
            #expect(paid.notice?.tone == .success, "\(paid.notice?.text ?? "")")
            #expect(try harness.ledger.transaction(id: session.transactionId)?.isFinished == true)
        }
    }

    /// Google Play's `onPurchasesUpdated`: the app grants in the commit that hears of the
    /// payment, and only then tells of it and consumes it, as the app does after granting.
    @Test func googlePlaysAppGrantsThenConsumesInOneCommitAfterThePayment() throws {
        try withStore { harness in
            let sheet = try harness.openPlay(SKU.gems100)
            let before = harness.store.commitCount
            let bought = try harness.sendPlay(.buy)
            #expect(harness.store.commitCount - before == 2, "the payment, then its delivery")
            #expect(bought.notice == StoreNotice(.success, "Purchased Pouch of Gems: +100 gems."))
            let kinds = try harness.eventKinds(of: sheet.transactionId)
            let order = [EventKind.playVerified, .purchased, .validated, .granted, .finished, .oneTimeProductPurchased,
                         .playConsumed].map(\.rawValue)
            #expect(isSubsequence(order, of: kinds), "\(kinds)")
        }
    }

    /// A paid Google Play purchase the app was never told of (killed between the payment and
    /// `onPurchasesUpdated`) is delivered at launch in the commit of the launch's query.
    @Test func googlePlaysPurchaseLeftUndeliveredIsDeliveredAtLaunch() throws {
        try withStore { harness in
            let sheet = try harness.openPlay(SKU.removeAds)
            // The payment commits; the disk is full for the delivery after it.
            harness.store.checkpoint = { if $0 == .paid { try? FullDiskTests.fillDisk(harness.store) } }
            #expect(throws: StoreError.self) { try harness.sendPlay(.buy) }
            let paid = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(paid.state == .purchasing && !paid.isFinished, "the payment is Google Play's record alone")

            try harness.relaunch()
            let launched = try harness.store.launch()
            #expect(launched.snapshot.owns(productId: SKU.removeAds))
            #expect(try harness.playRecords.purchase(of: sheet.transactionId)?.acknowledged == true)
            #expect(try harness.ledger.grants().count == 1)
        }
    }
}
