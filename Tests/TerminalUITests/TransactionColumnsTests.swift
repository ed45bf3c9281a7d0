import Catalog
import Foundation
import StoreEngine
import TestFixtures
import Testing
@testable import TerminalUI

/// Issue 15 item 13: the Transactions pane's columns give way in order, the charge never. The
/// state shortens first (`pending`), then the SKU is cut, then the id goes; the charge stays
/// whole at every width a pane can have.
@Suite("Transactions pane: columns fitted to the width")
struct TransactionColumnsTests {
    private func transaction(_ sku: String, _ state: TransactionSummary.State, storefront: String = "BRA",
                             currency: String = "BRL", price: String = "49.90", pending: PendingReason? = nil,
                             refunded: Bool = false) -> TransactionSummary {
        TransactionSummary(id: "txn-000001", productId: sku, userId: "u", storefront: storefront, path: .storekit,
                           state: state, price: price, currency: currency, createdAt: fixedNow, updatedAt: fixedNow,
                           finishedAt: state == .deferred ? nil : fixedNow, pending: pending, revokedAt: refunded ? fixedNow : nil)
    }

    private var listed: [TransactionSummary] {
        [transaction(SKU.gems100, .deferred, pending: .askToBuy),
         transaction("com.example.stardust.gems_1200", .purchased),
         transaction(SKU.yearlyPass, .purchased, price: "199.90", refunded: true),
         transaction(SKU.removeAds, .purchased, storefront: "SAU", currency: "SAR", price: "37.99"),
         transaction(SKU.gems550, .purchased, storefront: "JPN", currency: "JPY", price: "1600")]
    }

    private func rows(at width: Int) -> [String] {
        let fit = TransactionColumns(fitting: listed).fitted(to: width)
        return listed.map { PaneRows.transaction($0, fit: fit).text }
    }

    @Test func everyChargeIsWholeAndEveryRowFits() {
        for width in 20...140 {
            for (transaction, row) in zip(listed, rows(at: width)) {
                #expect(row.hasSuffix(" " + transaction.chargeText), "at \(width): \(row)")
                if width >= 30 { #expect(DisplayWidth.of(row) <= width, "at \(width): \(row)") }
            }
        }
    }

    @Test func wideRowsHaveEverything() {
        let row = rows(at: 140)[0]
        #expect(row.hasPrefix("txn-000001 gems_100    pending (Ask to Buy) … no charge"))
    }

    /// Narrower: the state says `pending` while the SKU and the id are still whole.
    @Test func theStateShortensFirst() {
        let width = 11 + 11 + 10 + 4 + DisplayWidth.of("R$\u{A0}199,90 refunded")
        let shown = rows(at: width)
        #expect(shown[0].hasPrefix("txn-000001 gems_100   pending   … no charge"), "\(shown[0])")
        #expect(shown[2].hasPrefix("txn-000001 yearly     refunded  ✓ R$"), "\(shown[2])")
    }

    /// Narrower still: the SKU is cut, the id still there; then the id goes and the SKU is whole again.
    @Test func thenTheSkuThenTheId() {
        // The id, seven cells of SKU, `purchased`, the separators and the widest charge.
        let cut = rows(at: 11 + 7 + 9 + 4 + 18)
        #expect(cut[1].hasPrefix("txn-000001 gems_1… purchased ✓ R$"), "\(cut[1])")
        let noId = rows(at: 11 + 9 + 4 + 18)
        #expect(noId[1].hasPrefix("gems_1200  purchased ✓ R$"), "\(noId[1])")
    }
}
