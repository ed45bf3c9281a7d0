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

    /// A second purchase while a page still waits on the player is refused (one page at a time,
    /// with a line that says so), so the first can still be paid or closed.
    @Test func anUnpaidPageReplacedByAnotherPurchaseIsNotLeftPurchasing() throws {
        try withStore { harness in
            let first = try harness.open(SKU.gems100)
            try harness.type("4111")
            let second = try harness.beginPurchaseIfAllowed(SKU.removeAds)
            if let second {
                try harness.send(.close)  // the player closes the second page
                #expect(try harness.ledger.transaction(id: second)?.isFinished == true)
            }
            #expect(second == nil, "refused while the first page waits")
            #expect(try harness.events(.purchaseIgnored).last?.message == "Pay Station is already open for \(first.transactionId)")
            // The first page still takes input: what was typed is there to correct, then it pays.
            for _ in 0..<4 { try harness.send(.deleteBackward) }
            try harness.pay(card: Cards.success)
            try harness.waitForRedirect()
            let stranded = try Self.stranded(harness)
            #expect(stranded.isEmpty, "\(first.transactionId) can still be paid")
            #expect(try harness.ledger.transaction(id: first.transactionId)?.state == .purchased)
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
