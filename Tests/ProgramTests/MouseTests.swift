import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Clicks select a product and a second click buys it; a click on a pane focuses it; the wheel
/// moves the selection, but never under the help or a sheet.
@Suite("Mouse")
struct MouseTests {
    @Test func clickOnAShopRowSelectsItAndASecondClickBuys() throws {
        var app = makeApp(width: 120, height: 40)
        let row = try #require(app.lines.firstIndex { $0.contains("Chest of Gems") })
        #expect(app.update(.mouse(MouseEvent(.press, x: 10, y: row))).isEmpty)
        #expect(app.paywall.selectedItem?.product.id == SKU.gems550)
        #expect(app.update(.mouse(MouseEvent(.press, x: 10, y: row)))
            == [.engine(.beginPurchase(productId: SKU.gems550, storefrontId: "USA", path: .paystation, variationId: nil))])
    }

    @Test func clickOnAPaneFocusesIt() throws {
        var app = makeApp(width: 120, height: 40)
        let row = try #require(app.lines.firstIndex { $0.contains("╭─ Transactions") })
        app.receive(.mouse(MouseEvent(.press, x: 100, y: row + 2)))
        #expect(app.focus == .events)
        app.receive(.mouse(MouseEvent(.press, x: 3, y: row + 2)))
        #expect(app.focus == .transactions)
    }

    @Test func theWheelMovesTheSelection() {
        var app = makeApp()
        app.receive(.mouse(MouseEvent(.wheelDown, x: 1, y: 1)))
        #expect(app.paywall.selection == 1)
        app.receive(.mouse(MouseEvent(.wheelUp, x: 1, y: 1)))
        #expect(app.paywall.selection == 0)
    }

    @Test func theWheelDoesNothingUnderTheHelp() {
        var app = makeApp()
        app.receive(.key(.character("?")), .mouse(MouseEvent(.wheelDown, x: 1, y: 1)))
        #expect(app.paywall.selection == 0)
        app.receive(.key(.escape), .mouse(MouseEvent(.wheelDown, x: 1, y: 1)))
        #expect(app.paywall.selection == 1)
    }

    @Test func theMouseDoesNothingUnderASheet() throws {
        var app = makeApp(width: 120, height: 40)
        let row = try #require(app.lines.firstIndex { $0.contains("Chest of Gems") })
        app.receive(report(sheet: sheetShowing(payStationSession())))
        #expect(app.update(.mouse(MouseEvent(.wheelDown, x: 1, y: 1))).isEmpty)
        #expect(app.update(.mouse(MouseEvent(.press, x: 10, y: row))).isEmpty)
        #expect(app.update(.mouse(MouseEvent(.press, x: 10, y: row))).isEmpty)  // no second-click purchase either
        #expect(app.paywall.selection == 0)
        #expect(app.focus == .paywall)
    }
}
