import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// The bottom line: what the engine last said, in its tone, until Esc or the next notice.
@Suite("Notices")
struct NoticeTests {
    @Test func aSettledPurchaseClosesTheSheetAndSaysSo() {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(session(paidWith: Cards.success))))
        app.receive(report(purchasedGemsSnapshot(), notice: StoreNotice(.success, "Purchased Pouch of Gems: +100 gems.")))
        #expect(app.sheet == nil)
        #expect(app.lines.last == " Purchased Pouch of Gems: +100 gems.")
        #expect(app.view()[1, app.height - 1].style == app.theme.style(.success, bold: true))
    }

    @Test func aSettledErrorShowsInTheErrorColor() {
        var app = makeApp()
        app.receive(report(notice: StoreNotice(.error, "Payment declined by the bank.")))
        #expect(app.lines.last?.contains("Payment declined by the bank.") == true)
        #expect(app.view()[1, app.height - 1].style == app.theme.style(.error, bold: true))
    }

    @Test func aReportWithoutANoticeKeepsTheLastOne() {
        var app = makeApp()
        app.receive(report(notice: StoreNotice(.info, "Purchase cancelled.")))
        app.receive(report(purchasedGemsSnapshot()))
        #expect(app.notice == StoreNotice(.info, "Purchase cancelled."))
    }

    @Test func escClearsTheNoticeAndTheKeysComeBack() {
        var app = makeApp()
        app.receive(report(notice: StoreNotice(.info, "Purchase cancelled.")))
        app.receive(.key(.escape))
        #expect(app.notice == nil)
        #expect(app.lines.last?.hasPrefix(" ←→↑↓ select · Enter buy") == true)
    }

    /// A failed engine call answers the state as it stands, with the error as its notice.
    @Test func aFailedEngineCallIsShownAsAnError() {
        var app = makeApp()
        app.receive(report(notice: StoreNotice(.error, "Could not save to the ledger: disk full.")))
        #expect(app.notice == StoreNotice(.error, "Could not save to the ledger: disk full."))
        #expect(app.lines.last == " Could not save to the ledger: disk full.")
    }
}
