import Foundation
@testable import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 35 item 5: the menus are a component of their own; an action in, the menu and what it
/// hands the app out.
@Suite("The menus' own update")
struct MenusTests {
    private func askToBuy(_ id: String, approved: Bool = false) -> TransactionSummary {
        TransactionSummary(id: id, productId: "gems_100", userId: "u", storefront: "USA", path: .storekit,
                           state: approved ? .failed : .deferred, price: "0.99", currency: "USD",
                           createdAt: fixedNow, updatedAt: fixedNow, pending: approved ? nil : .askToBuy)
    }

    @Test func aTransactionWithActionsOpensItsMenuAndEnterSendsTheSelectedAction() throws {
        var menus = Menus()
        #expect(menus.update(.openTransaction(askToBuy("txn-1"))) == nil)
        let open = try #require(menus.open)
        #expect(open.actions == [.approve, .decline])
        #expect(menus.update(.key(.down)) == nil)
        #expect(menus.update(.key(.enter)) == .send(.act(.decline, transactionId: "txn-1")))
    }

    @Test func nothingToActOnSaysWhyAndOpensNothing() {
        var menus = Menus()
        guard case .say(let notice)? = menus.update(.openTransaction(nil)) else {
            Issue.record("no reason given")
            return
        }
        #expect(notice.text == "No transaction to act on yet.")
        #expect(menus.open == nil)
    }

    @Test func escapeAndAClickOutsideClose() {
        var menus = Menus()
        _ = menus.update(.openXeeSettings(XeeServerSettings()))
        #expect(menus.update(.key(.escape)) == nil)
        #expect(menus.open == nil)
        _ = menus.update(.openXeeSettings(XeeServerSettings()))
        #expect(menus.update(.click(item: nil)) == nil)
        #expect(menus.open == nil)
    }

    @Test func qQuitsFromAMenu() {
        var menus = Menus()
        _ = menus.update(.openXeeSettings(XeeServerSettings()))
        #expect(menus.update(.key(.character("q"))) == .send(.quit))
    }

    @Test func anOpenXeeMenuShowsReportedSettingsOnTheSameItem() throws {
        var menus = Menus()
        _ = menus.update(.openXeeSettings(XeeServerSettings()))
        _ = menus.update(.key(.down))
        var changed = XeeServerSettings()
        changed.hasInAppPurchaseKey.toggle()
        _ = menus.update(.xeeServerReported(changed))
        let open = try #require(menus.open)
        #expect(open.purpose == .xeeServer(changed))
        #expect(open.menu.selection == 1)
    }

    @Test func aMenuWhoseTransactionHasNoActionLeftClosesAndSaysSo() {
        var menus = Menus()
        _ = menus.update(.openTransaction(askToBuy("txn-1")))
        guard case .say(let notice)? = menus.update(.transactionsReported([askToBuy("txn-1", approved: true)])) else {
            Issue.record("the menu closed without a word")
            return
        }
        #expect(notice.text.hasPrefix("txn-1 changed while its menu was open"))
        #expect(menus.open == nil)
    }
}
