import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// A purchase begun while another Pay Station page is on screen. The engine owns every session,
/// so none may be lost: a purchase is either on screen, or paid and waiting for its redirect, or
/// settled.
@Suite("Store: a purchase begun while another page is open")
struct SecondPurchaseTests {
    /// Transactions still `purchasing` that nothing can settle in this run: no page on screen for
    /// them and no outcome from Pay Station waiting for a redirect.
    static func stranded(_ harness: StoreHarness) throws -> [String] {
        let report = harness.store.currentReport()
        return try report.snapshot.transactions.filter { transaction in
            guard transaction.state == .purchasing, transaction.id != report.page?.session.transactionId else { return false }
            let invoice = try transaction.invoiceId.flatMap { try harness.ledger.invoice(id: $0) }
            return invoice?.paymentStatus == nil
        }.map(\.id)
    }

    @Test func aPaidPurchaseWaitingForItsRedirectIsNotLost() throws {
        // Paid first, then another purchase opened: the countdown still settles the first.
        try withStore(catalog: redirectCatalog(.successfulOrCanceled, delaySeconds: 60)) { harness in
            let first = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            try harness.open(SKU.removeAds)
            #expect(try Self.stranded(harness).isEmpty)
            try harness.send(.close)
            try harness.waitForRedirect()
            #expect(try harness.ledger.transaction(id: first.transactionId)?.state == .purchased)
        }
    }

    /// BUG (PayStationPath.swift:81-82): `beginPurchase` puts the new session on screen over one
    /// still at the card form. The first session stays in `sessions` but no input can reach it
    /// again (`take` only serves `onScreen`), nothing is scheduled for it, and its transaction
    /// stays `purchasing`, unfinished, until the next launch fails it as interrupted. The engine
    /// should either refuse the second purchase while a page waits on the player, or cancel the
    /// first one (paymentCancelled, finished) as the SDK's closed callback would.
    @Test func anUnpaidPageReplacedByAnotherPurchaseIsNotLeftPurchasing() throws {
        try withStore { harness in
            let first = try harness.open(SKU.gems100)
            try harness.type("4111")
            let second = try harness.beginPurchaseIfAllowed(SKU.removeAds)
            if let second {
                try harness.send(.close)  // the player closes the second page
                #expect(try harness.ledger.transaction(id: second)?.isFinished == true)
            }
            let stranded = try Self.stranded(harness)
            withKnownIssue("BUG: the first purchase is stranded in purchasing with no page until the next launch") {
                #expect(stranded.isEmpty, "\(first.transactionId) can no longer be paid or closed")
            }
        }
    }
}

private extension StoreHarness {
    /// Begins a purchase and returns its transaction id, or nil when the engine refuses it.
    func beginPurchaseIfAllowed(_ productId: String) throws -> String? {
        let report = try store.beginPurchase(of: productId, in: "USA", on: .paystation)
        return report.page.flatMap { $0.session.productId == productId ? $0.session.transactionId : nil }
    }
}
