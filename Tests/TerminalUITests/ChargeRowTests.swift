import Catalog
import Foundation
import StoreEngine
import TestFixtures
import Testing
@testable import TerminalUI

/// Issue 7 item 7: rows say what happened to the money. A cancelled or failed payment charged
/// nothing and says so; a payment still open says what is due; a free trial charged $0.00;
/// amounts are in the storefront's own format.
@Suite("Transaction rows: what was charged")
struct ChargeRowTests {
    private func row(_ state: TransactionSummary.State, failure: FailureReason? = nil, storefront: String = "USA",
                     currency: String = "USD", price: String = "0.99", charge: String? = nil, product: String = SKU.gems100,
                     finished: Bool = true) -> String {
        let transaction = TransactionSummary(id: "txn-000001", productId: product, userId: "u", storefront: storefront, path: .paystation,
                                             state: state, failure: failure, price: price, currency: currency, createdAt: fixedNow,
                                             updatedAt: fixedNow, finishedAt: finished ? fixedNow : nil, charge: charge)
        return PaneRows.transaction(transaction).text
    }

    @Test func cancelledChargesNothing() {
        #expect(row(.failed, failure: .paymentCancelled).hasSuffix("cancelled  ✓ no charge"))
        #expect(!row(.failed, failure: .paymentCancelled).contains("$"))
    }

    @Test("Failed charges nothing", arguments: [FailureReason.paymentDeclined, .interrupted, .other("validation failed")])
    func failedChargesNothing(failure: FailureReason) {
        #expect(row(.failed, failure: failure).hasSuffix("failed     ✓ no charge"))
    }

    @Test func openPaymentSaysWhatIsDue() {
        #expect(row(.purchasing, finished: false).hasSuffix("purchasing … $0.99 due"))
    }

    @Test func deferredChargesNothingYet() {
        #expect(row(.deferred, finished: false).hasSuffix("no charge"))
    }

    /// A free trial is bought for nothing now: the row shows what was charged, not the price.
    @Test func aFreeTrialChargedNothing() {
        let text = row(.purchased, price: "4.99", charge: "0", product: SKU.monthlyPass)
        #expect(text.hasSuffix("purchased  ✓ $0.00"))
        #expect(!text.contains("4.99"))
    }

    @Test func aPayAsYouGoOfferChargedItsPrice() {
        #expect(row(.purchased, price: "4.99", charge: "2.49", product: SKU.monthlyPass).hasSuffix("✓ $2.49"))
    }

    @Test("In the storefront's format", arguments: [
        ("DEU", "EUR", "5.49", "5,49\u{A0}€"), ("FRA", "EUR", "5.49", "5,49\u{A0}€"), ("JPN", "JPY", "800", "¥800"),
        ("GBR", "GBP", "4.49", "£4.49"), ("BRA", "BRL", "24.90", "R$\u{A0}24,90"),
    ])
    func storefrontFormat(storefront: String, currency: String, price: String, shown: String) {
        let text = row(.purchased, storefront: storefront, currency: currency, price: price, product: SKU.gems550)
        #expect(text.hasSuffix("✓ " + shown), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(row(.purchasing, storefront: storefront, currency: currency, price: price, finished: false).hasSuffix(shown + " due"))
    }

    /// A storefront the catalog no longer has: the amount with its currency code and the
    /// currency's two decimals, as recorded ("1.50"), never the Decimal as Swift prints it
    /// ("1.5"), the very form item 7 names as wrong.
    @Test func anUnknownStorefrontKeepsTheDecimals() {
        let text = row(.purchased, storefront: "XXX", currency: "CHF", price: "1.50")
        #expect(text.hasSuffix("✓ CHF\u{A0}1.50"), "\(text)")
        #expect(!text.contains("1.5 "), "\(text)")
    }
}
