import Catalog
import Foundation
import StoreEngine
import TestFixtures
import Testing
@testable import TerminalUI

/// Issue 15 item 13: the Transactions pane's columns give way in order, the charge never; issue
/// 33 item 10: nor the id, which names the row `m` acts on. The SKU is cut first (to six
/// cells), then the state shortens (`pending`), then the SKU and the state are cut further and
/// their columns go; the id and the charge stay whole at every width a pane can have.
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

    /// The widest charge listed: every row's columns are sized for it.
    private var charge: Int { listed.map { DisplayWidth.of($0.chargeText) }.max() ?? 0 }

    /// Issue 33 item 10: the id is the row `m` acts on. It stays whole wherever the id, the mark
    /// and the widest charge fit (31 cells here), and keeps its number below that.
    @Test func theIdStaysAtEveryWidth() {
        for width in 20...140 {
            for row in rows(at: width) {
                let id = width >= 10 + 3 + charge ? "txn-000001 " : "000001 "
                #expect(row.hasPrefix(id), "at \(width): \(row)")
            }
        }
    }

    /// Issue 33 item 10: narrower than everything whole, the SKU is cut first, down to six
    /// cells, while the state still says why a row waits.
    @Test func theSkuShortensFirst() {
        // The id, seven cells of SKU, the long state, the separators and the widest charge.
        let shown = rows(at: 10 + 1 + 7 + 1 + 20 + 3 + charge)
        #expect(shown[0].hasPrefix("txn-000001 gems_1… pending (Ask to Buy) … no charge"), "\(shown[0])")
        #expect(shown[1].hasPrefix("txn-000001 gems_1… purchased            ✓ R$"), "\(shown[1])")
    }

    /// Then the state takes its short form and the SKU is whole again.
    @Test func thenTheStateShortens() {
        let shown = rows(at: 10 + 1 + 9 + 1 + 9 + 3 + charge)
        #expect(shown[0].hasPrefix("txn-000001 gems_100  pending   … no charge"), "\(shown[0])")
        #expect(shown[2].hasPrefix("txn-000001 yearly    refunded  ✓ R$"), "\(shown[2])")
    }

    /// Then the SKU is cut to its first letter, the state to four cells, and last the SKU's
    /// column goes, then the state's; the id and the charge are still whole.
    @Test func thenTheSkuTheStateAndTheirColumns() {
        let letter = rows(at: 10 + 1 + 3 + 1 + 9 + 3 + charge)
        #expect(letter[1].hasPrefix("txn-000001 ge… purchased ✓ R$"), "\(letter[1])")
        let cutState = rows(at: 10 + 1 + 2 + 1 + 5 + 3 + charge)
        #expect(cutState[1].hasPrefix("txn-000001 g… purc… ✓ R$"), "\(cutState[1])")
        let stateOnly = rows(at: 10 + 1 + 4 + 3 + charge)
        #expect(stateOnly[1].hasPrefix("txn-000001 pur… ✓ R$"), "\(stateOnly[1])")
        let idOnly = rows(at: 10 + 3 + charge)
        #expect(idOnly[1].hasPrefix("txn-000001 ✓ R$"), "\(idOnly[1])")
        #expect(idOnly[2].hasSuffix("✓ " + listed[2].chargeText), "\(idOnly[2])")
    }

    /// Narrower than the whole id and the charge: the id keeps its number.
    @Test func atLastTheIdKeepsItsNumber() {
        let shown = rows(at: 10 + 2 + charge)
        #expect(shown[1].hasPrefix("000001 ✓ R$"), "\(shown[1])")
    }
}
