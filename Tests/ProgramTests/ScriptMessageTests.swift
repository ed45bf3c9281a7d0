import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// What a scenario asks by name rather than by key: select a product or an item, buy, open a
/// URL, move the clock.
@Suite("Script messages")
struct ScriptMessageTests {
    @Test func selectProductSelectsItAndFocusesThePaywall() throws {
        var app = makeApp()
        app.receive(.key(.tab), .key(.tab))
        #expect(app.update(.selectProduct(id: SKU.gems550)).isEmpty)
        #expect(app.focus == .paywall)
        #expect(app.paywall.selectedItem?.product.id == SKU.gems550)
        #expect(app.text.contains("▸ Chest of Gems"))
    }

    @Test func aProductNotOnSaleIsAnErrorAndKeepsTheSelection() {
        var app = makeApp()
        app.receive(.selectItem(index: 2))
        #expect(app.update(.selectProduct(id: "com.example.stardust.nothing")).isEmpty)
        #expect(app.paywall.selection == 2)
        #expect(app.notice == StoreNotice(.error, "com.example.stardust.nothing is not on sale here."))
    }

    @Test func selectItemSelectsByIndexAndFocusesThePaywall() {
        var app = makeApp()
        app.receive(.key(.tab))
        #expect(app.update(.selectItem(index: 3)).isEmpty)
        #expect(app.paywall.selection == 3)
        #expect(app.focus == .paywall)
        app.receive(.selectItem(index: 999))
        #expect(app.paywall.selection == app.paywall.itemCount - 1)
    }

    /// `.buy` is Enter on the paywall, wherever the focus was.
    @Test func buyBuysTheSelectedProductFromAnyFocus() throws {
        var app = makeApp()
        app.receive(.selectProduct(id: SKU.gems100), .key(.tab), .key(.tab))
        #expect(app.update(.buy) == [.engine(.beginPurchase(productId: SKU.gems100, storefrontId: "USA", path: .paystation,
                                                             variationId: nil))])
        #expect(app.focus == .paywall)
    }

    @Test func buyWithNothingOnSaleAsksNothing() {
        var app = freshApp()
        app.receive(.started)  // the products request has not answered: nothing to buy
        #expect(app.update(.buy).isEmpty)
    }

    /// Like Enter, which goes to the sheet, a script's `buy` asks nothing while a sheet is open:
    /// one purchase at a time (the engine refuses a second page too).
    @Test func buyWhileASheetIsOpenAsksNothing() {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(payStationSession())))
        #expect(app.update(.buy).isEmpty)
    }

    @Test func openURLHandsTheURLToTheEngine() {
        var app = makeApp()
        let url = "com.example.stardust://xsollaconfirm/payment?user_id=player-1&status=done"
        // With the storefront on screen, which the app's own answer to a promoted purchase speaks.
        #expect(app.update(.openURL(url)) == [.engine(.openURL(url, shownIn: "USA"))])
    }

    /// A call to the stores' APIs becomes its line in the Events pane, through the engine.
    @Test func anAPICallIsNotedInTheEventsPane() {
        var app = makeApp()
        let call = APICall(method: "GET", path: "/inApps/v1/transactions/2000000000000001", status: 200, milliseconds: 2)
        #expect(call.line == "200 GET /inApps/v1/transactions/2000000000000001 2 ms")
        let refused = APICall(method: "GET", path: "/inApps/v1/transactions/1", status: 401, milliseconds: 0, note: "the token expired")
        #expect(refused.line == "401 GET /inApps/v1/transactions/1 0 ms: the token expired")
        #expect(app.update(.apiCalled(call)) == [.engine(.note(OutsideNote(.apiCall, lines: [call.line])))])
        let long = APICall(method: "GET", path: "/" + String(repeating: "x", count: 500), status: 404, milliseconds: 0)
        #expect(long.line.count < 230 && long.line.hasPrefix("404 GET /xxx") && long.line.hasSuffix("… 0 ms"),
                "a caller's long path is cut")
    }

}
