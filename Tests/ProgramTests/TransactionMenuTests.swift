import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `m`: the actions of the transaction selected in the Transactions pane, in a menu over the
/// screen, in the whole loop with a real engine.
@Suite("Headless program: a transaction's actions")
struct TransactionMenuTests {
    /// The app in Japan (StoreKit) at 80x24 after one purchase of gems ended with `letter` on the
    /// App Store sheet (`b` buys, `c` cancels, `a` asks to buy, `n` interrupts).
    private static func afterPurchase(pressing letter: Character) throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: "JPN", width: 80, height: 24)
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        try #require(harness.storeKitSession != nil, "no App Store sheet")
        harness.type(String(letter))
        try #require(harness.app.sheet == nil, "the sheet is still open after \(letter)")
        return harness
    }

    private static func click(_ text: String, in harness: HeadlessHarness) throws {
        let frame = harness.program.draw()
        let start = try #require(frame.position(of: text), "\(text) is not on screen:\n\(frame.text)")
        harness.program.send(.mouse(MouseEvent(.press, x: start.x + 2, y: start.y)))
    }

    @Test func mWithNoTransactionsSaysSo() throws {
        let harness = try HeadlessHarness(storefront: "JPN", width: 80, height: 24)
        harness.program.send(.started)
        harness.type("m")
        #expect(harness.app.menus.open == nil)
        #expect(harness.app.notice == StoreNotice(.info, "No transaction to act on yet."))
        #expect(harness.screen.contains("No transaction to act on yet."))
    }

    @Test func mAfterAskToBuyListsApproveAndDecline() throws {
        let harness = try Self.afterPurchase(pressing: "a")
        let id = try #require(harness.app.snapshot.transactions.first?.id)
        harness.type("m")
        let menu = try #require(harness.app.menus.open)
        #expect(menu.transactionId == id)
        #expect(menu.actions == [.approve, .decline])
        #expect(menu.menu.items == ["Approve (Ask to Buy)", "Decline (Ask to Buy)"])
        let frame = harness.program.draw()
        let box = try #require(frame.box(titled: "\(id) · pending (Ask to Buy)"), "no menu box:\n\(frame.text)")
        let rows = frame.inside(box)
        #expect(rows.contains { $0.contains("▸ Approve (Ask to Buy)") }, "\(rows)")
        #expect(rows.contains { $0.contains("Decline (Ask to Buy)") })
        #expect(rows.contains { $0.contains("Esc close") })
    }

    @Test func enterOnApproveGrants() throws {
        let harness = try Self.afterPurchase(pressing: "a")
        #expect(harness.app.snapshot.balances.isEmpty)
        harness.type("m")
        harness.press(.enter)
        #expect(harness.app.menus.open == nil)
        let transaction = try #require(harness.app.snapshot.transactions.first)
        #expect(transaction.state == .purchased && transaction.isFinished)
        #expect(harness.app.snapshot.balances["gems"] == 100)
        // At 80x24 the balance is on the Entitlements tab.
        while harness.app.focus != .entitlements { harness.press(.tab) }
        #expect(harness.screen.contains("gems: 100"))
        #expect(harness.eventKinds(of: transaction.id).contains(.transactionUpdate))
    }

    @Test func downThenEnterDeclines() throws {
        let harness = try Self.afterPurchase(pressing: "a")
        harness.type("m")
        harness.press(.down)
        #expect(harness.app.menus.open?.menu.selection == 1)
        harness.press(.enter)
        #expect(harness.app.menus.open == nil)
        #expect(harness.app.snapshot.transactions.first?.failure == .askToBuyDeclined)
        #expect(harness.app.snapshot.balances.isEmpty)
    }

    @Test func clickingAnItemChoosesIt() throws {
        let harness = try Self.afterPurchase(pressing: "a")
        harness.type("m")
        try Self.click("Decline (Ask to Buy)", in: harness)
        #expect(harness.app.menus.open == nil)
        #expect(harness.app.snapshot.transactions.first?.failure == .askToBuyDeclined)
    }

    @Test func clickingTheFirstItemApproves() throws {
        let harness = try Self.afterPurchase(pressing: "a")
        harness.type("m")
        try Self.click("Approve (Ask to Buy)", in: harness)
        #expect(harness.app.menus.open == nil)
        #expect(harness.app.snapshot.balances["gems"] == 100)
    }

    @Test func clickingOutsideTheMenuClosesIt() throws {
        let harness = try Self.afterPurchase(pressing: "a")
        harness.type("m")
        harness.program.send(.mouse(MouseEvent(.press, x: 0, y: 23)))
        #expect(harness.app.menus.open == nil)
        #expect(harness.app.snapshot.transactions.first?.state == .deferred)
    }

    @Test func escClosesTheMenuAndChangesNothing() throws {
        let harness = try Self.afterPurchase(pressing: "a")
        let before = harness.app.snapshot
        harness.type("m")
        #expect(harness.app.menus.open != nil)
        harness.press(.escape)
        #expect(harness.app.menus.open == nil)
        #expect(!harness.screen.contains("Approve (Ask to Buy)"))
        #expect(harness.app.snapshot == before)
        #expect(!harness.app.isQuitting)
    }

    @Test func mOnAnInterruptedPurchaseOffersToResolveIt() throws {
        let harness = try Self.afterPurchase(pressing: "n")
        harness.type("m")
        #expect(harness.app.menus.open?.menu.items == ["Resolve the interrupted purchase"])
        harness.press(.enter)
        #expect(harness.app.snapshot.balances["gems"] == 100)
    }

    @Test func mOnAFinishedPurchaseListsTheRefundsTamperAndDelete() throws {
        let harness = try Self.afterPurchase(pressing: "b")
        #expect(harness.app.snapshot.balances["gems"] == 100)
        harness.type("m")
        let menu = try #require(harness.app.menus.open)
        #expect(menu.actions == [.refund(.other), .refund(.developerIssue), .requestRefund, .redeemOfferCode, .tamper, .delete])
        #expect(menu.menu.items == ["Refund (other)", "Refund (developerIssue)", "Request a refund (the App Store's sheet)",
                                    "Redeem an offer code (the store's sheet, as O)", "Tamper with the signed transaction",
                                    "Delete the transaction"])
        harness.press(.down, .enter)
        let transaction = try #require(harness.app.snapshot.transactions.first)
        #expect(transaction.displayState == "refunded")
        #expect(transaction.revocationReason == "developerIssue")
        #expect(harness.app.snapshot.balances["gems", default: 0] == 0)
        #expect(harness.app.notice?.text.hasPrefix("Refunded") == true)
        // Refunded: only the App Store's reversal of it applies.
        harness.type("m")
        #expect(harness.app.menus.open?.menu.items == ["Reverse the refund"])
    }

    @Test func mOnAFailedPurchaseSaysNothingApplies() throws {
        let harness = try Self.afterPurchase(pressing: "c")
        let id = try #require(harness.app.snapshot.transactions.first?.id)
        harness.type("m")
        #expect(harness.app.menus.open == nil)
        let notice = try #require(harness.app.notice)
        #expect(notice.text.hasPrefix("Nothing to do with \(id), which is cancelled"), "\(notice.text)")
    }

    /// The menu acts on the row selected in the Transactions pane, not always the newest.
    @Test func mActsOnTheSelectedTransaction() throws {
        let harness = try Self.afterPurchase(pressing: "b")
        let bought = try #require(harness.app.snapshot.transactions.first?.id)
        harness.press(.enter)
        harness.type("a")
        let pending = try #require(harness.app.snapshot.transactions.first?.id)
        try #require(pending != bought)
        harness.press(.tab)
        #expect(harness.app.focus == .transactions)
        harness.press(.down)
        harness.type("m")
        #expect(harness.app.menus.open?.transactionId == bought)
        #expect(harness.app.menus.open?.actions == [.refund(.other), .refund(.developerIssue), .requestRefund, .redeemOfferCode, .tamper, .delete])
        harness.press(.escape, .up)
        harness.type("m")
        #expect(harness.app.menus.open?.transactionId == pending)
    }

    @Test func qInTheMenuQuits() throws {
        let harness = try Self.afterPurchase(pressing: "a")
        harness.type("m")
        harness.type("q")
        #expect(harness.app.isQuitting)
    }

    /// An older row selected stays on its transaction when a new purchase lands above it, so
    /// `m` acts on what the player chose.
    @Test func anOlderSelectedRowStaysOnItsTransactionWhenANewOneArrives() throws {
        let harness = try Self.afterPurchase(pressing: "a")  // txn-000001, pending
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        harness.type("b")                                   // txn-000002, purchased
        harness.press(.tab)                                 // the Transactions pane
        harness.press(.down)                                // the older row: txn-000001
        harness.press(.backTab)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        harness.type("b")                                   // txn-000003 arrives above
        let selected = harness.app.snapshot.transactions[harness.app.transactionsPane.selection]
        #expect(selected.id == "txn-000001")
        harness.type("m")
        #expect(harness.app.menus.open?.transactionId == "txn-000001")
    }
}
