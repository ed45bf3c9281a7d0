import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 33 item 10: the transaction `m` acts on must be visible. With one long charge in view
/// (`$39.99 refunded`), the Transactions pane dropped its id column and left ten identical
/// `gems_100 failed` rows. Now the id stays in every layout (80x24 with one pane, 120x40 with
/// three, the phone's frame beside the panes at either size); the SKU gives way first.
@Suite("Transactions pane: every row keeps its id")
struct TransactionIdsTests {
    /// Ten failed gems, a refunded yearly plan and a purchase, newest first.
    private var listed: [TransactionSummary] {
        func make(_ number: Int, _ sku: String, _ state: TransactionSummary.State, price: String,
                  failure: FailureReason? = nil, refunded: Bool = false) -> TransactionSummary {
            TransactionSummary(id: String(format: "txn-%06d", number), productId: sku, userId: "snapshot-user",
                               storefront: "USA", path: .storekit, state: state, failure: failure, price: price,
                               currency: "USD", createdAt: fixedNow, updatedAt: fixedNow, finishedAt: fixedNow,
                               revokedAt: refunded ? fixedNow : nil, revocationReason: refunded ? "other" : nil)
        }
        let failed = (3...12).reversed().map {
            make($0, SKU.gems100, .failed, price: "0.99", failure: .other("StoreKitError.networkError"))
        }
        return failed + [make(2, SKU.yearlyPass, .purchased, price: "39.99", refunded: true),
                         make(1, SKU.removeAds, .purchased, price: "2.99")]
    }

    private func app(width: Int, height: Int, device: Device) -> App {
        var app = makeApp(width: width, height: height)
        app.receive(report(StoreSnapshot(transactions: listed, transactionCount: listed.count)))
        while app.device != device { app.receive(.key(.character("d"))) }
        // The device's notice would cover the bottom line: the goldens show the panes alone.
        app.receive(.key(.escape))
        return app
    }

    /// Every transaction in view is named by its id, once, in the pane's rectangle.
    private func expectEveryIdShown(in app: App, sourceLocation: SourceLocation = #_sourceLocation) {
        let rows = app.view().inside(app.layout.transactions)
        let shown = min(listed.count, ListPane.visibleRows(in: app.layout.transactions))
        for transaction in listed.prefix(shown) {
            #expect(rows.filter { $0.contains(transaction.id + " ") }.count == 1,
                    "\(transaction.id) is not in the pane\n\(app.text)", sourceLocation: sourceLocation)
        }
    }

    @Test("80x24, one pane") func narrowScreen() {
        let app = app(width: 80, height: 24, device: .full)
        expectEveryIdShown(in: app)
        assertSnapshot(app.view(), named: "transaction-ids-80x24")
    }

    @Test("120x40, three panes") func threePanes() {
        let app = app(width: 120, height: 40, device: .full)
        expectEveryIdShown(in: app)
        assertSnapshot(app.view(), named: "transaction-ids-120x40")
    }

    @Test("the phone's frame at 80x24") func phoneNarrow() {
        let app = app(width: 80, height: 24, device: .phone)
        expectEveryIdShown(in: app)
        assertSnapshot(app.view(), named: "transaction-ids-phone-80x24")
    }

    @Test("the phone's frame at 120x40") func phoneWide() {
        let app = app(width: 120, height: 40, device: .phone)
        expectEveryIdShown(in: app)
        assertSnapshot(app.view(), named: "transaction-ids-phone-120x40")
    }
}
