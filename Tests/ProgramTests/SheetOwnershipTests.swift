import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// The engine owns every session: the app's `sheet` is whatever the latest
/// report said, and no other message opens, changes or closes it.
@Suite("The sheet belongs to the engine")
struct SheetOwnershipTests {
    static let everythingButAReport: [Message] = [
        .started, .key(.enter), .key(.escape), .key(.tab), .key(.backTab), .key(.backspace), .key(.character("4")),
        .key(.character("q")), .key(.character("?")), .key(.character("s")), .key(.character("S")), .key(.character("t")),
        .key(.character("v")), .key(.character("i")), .key(.character("e")), .key(.character("r")), .key(.up), .key(.down),
        .key(.left), .key(.right), .key(.interrupt), .key(.suspend),
        .mouse(MouseEvent(.press, x: 10, y: 5)), .mouse(MouseEvent(.wheelDown, x: 10, y: 5)),
        .mouse(MouseEvent(.wheelUp, x: 10, y: 5)), .resize(width: 120, height: 40), .tick(fixedNow.addingTimeInterval(60)),
        .quit, .retryProducts(path: .paystation, attempt: 2), .chooseStorefront(id: "DEU"), .choosePath(.xee),
        .selectProduct(id: SKU.gems100), .selectItem(index: 2), .buy, .restore,
        .openURL("com.example.stardust://xsollaconfirm/payment?status=done"),
    ]

    @Test(arguments: everythingButAReport)
    func noMessageButAReportChangesAnOpenSheet(message: Message) {
        var app = makeApp()
        let sheet = sheetShowing(sessionAfterCardNumber())
        app.receive(report(sheet: sheet))
        _ = app.update(message)
        #expect(app.sheet == sheet)
    }

    @Test(arguments: everythingButAReport)
    func noMessageButAReportOpensASheet(message: Message) {
        var app = makeApp()
        _ = app.update(message)
        #expect(app.sheet == nil)
    }

    @Test func aReportOpensReplacesAndClosesTheSheet() {
        var app = makeApp()
        let first = sheetShowing(payStationSession())
        let second = sheetShowing(sessionAfterCardNumber())
        app.receive(report(sheet: first))
        #expect(app.sheet == first)
        app.receive(report(sheet: second))
        #expect(app.sheet == second)
        app.receive(report())
        #expect(app.sheet == nil)
    }
}
