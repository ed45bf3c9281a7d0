import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 15 item 13: a charge is never dropped. However narrow the Transactions pane, every row
/// shows what it charged whole; the state shortens and the SKU is cut first. Seen broken at
/// 80x24 (`gems_1200  purchased ✓`, R$ 49,90 gone) and at 120x40, where one
/// `pending (Ask to Buy)` row widened the state column until every charge was `…`.
@Suite("Transactions pane: the charge is always whole")
struct PaneChargeTests {
    /// Five rows of one storefront: paid, refunded, waiting for a parent, being paid, cancelled.
    private func transactions(in storefront: Storefront) -> [TransactionSummary] {
        func price(_ sku: String) -> String {
            defaultCatalog.product(id: sku)?.prices[storefront.id].map { "\($0)" } ?? "1"
        }
        func make(_ number: Int, _ sku: String, _ state: TransactionSummary.State, finished: Bool = true,
                  failure: FailureReason? = nil, pending: PendingReason? = nil, refunded: Bool = false) -> TransactionSummary {
            TransactionSummary(id: String(format: "txn-%06d", number), productId: sku, userId: "snapshot-user",
                               storefront: storefront.id, path: storefront.path, state: state, failure: failure,
                               price: price(sku), currency: storefront.currency, createdAt: fixedNow, updatedAt: fixedNow,
                               finishedAt: finished ? fixedNow : nil, pending: pending,
                               revokedAt: refunded ? fixedNow : nil, revocationReason: refunded ? "other" : nil)
        }
        return [
            make(5, SKU.gems100, .deferred, finished: false, pending: .askToBuy),
            make(4, SKU.removeAds, .purchasing, finished: false),
            make(3, SKU.yearlyPass, .purchased, refunded: true),
            make(2, SKU.gems550, .failed, failure: .userCancelled),
            make(1, "com.example.stardust.gems_1200", .purchased),
        ]
    }

    /// The charge as the frame holds it: bidi marks take no cell, so they are not in the text.
    private func drawn(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !DisplayWidth.isInvisible($0) }))
    }

    @Test("Every charge whole", arguments: [(80, 24), (120, 40), (100, 30), (60, 24), (160, 40)])
    func everyChargeIsWhole(width: Int, height: Int) {
        for storefront in defaultCatalog.storefronts {
            let listed = transactions(in: storefront)
            var app = makeApp(width: width, height: height, storefront: storefront.id)
            app.receive(report(StoreSnapshot(transactions: listed, transactionCount: listed.count)))
            // As the paywall has the focus, and as the pane has it.
            for focused in [false, true] {
                if focused { app.receive(.key(.tab)) }
                let frame = app.view()
                let rows = frame.inside(app.layout.transactions)
                for transaction in listed {
                    let charge = drawn(transaction.chargeText)
                    let expected = listed.filter { drawn($0.chargeText) == charge }.count
                    #expect(rows.filter { $0.contains(charge) }.count >= expected,
                            "\(storefront.id) at \(width)x\(height)\(focused ? ", focused" : ""): \(charge) is cut\n\(frame.text)")
                }
            }
        }
    }
}
