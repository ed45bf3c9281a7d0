import Foundation
@testable import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 35 item 5: the purchase sheet is a component of its own; a key, a paste, a click or a
/// script's answer in, the engine input out (what it means is the engine's).
@Suite("The sheets' own update")
struct SheetsTests {
    private let screen = Rect(x: 0, y: 0, width: 80, height: 24)

    @Test func withoutASheetNothingIsSent() {
        var sheets = Sheets()
        #expect(sheets.update(.key(.enter, audience: false, direction: .leftToRight)).isEmpty)
        #expect(sheets.update(.paste("4111")).isEmpty)
        #expect(sheets.update(.answerStoreKit(.press)).isEmpty)
        #expect(sheets.update(.answerPlay(.buy)).isEmpty)
        #expect(sheets.update(.click(x: 40, y: 12, screen: screen, audience: false, direction: .leftToRight,
                                     clearOf: [])).isEmpty)
    }

    @Test func payStationTakesKeysAndAPasteAsInput() {
        var sheets = Sheets()
        _ = sheets.update(.reported(sheetShowing(payStationSession()), accessWait: nil))
        #expect(sheets.takesPastes && !sheets.takesClicks)
        #expect(sheets.update(.key(.enter, audience: false, direction: .leftToRight)) == [.engine(.send(.payStation(.submit)))])
        #expect(sheets.update(.key(.character("q"), audience: false, direction: .leftToRight)).isEmpty)
        #expect(sheets.update(.paste("4111")) == [.engine(.send(.payStation(.paste("4111"))))])
        // A script's answer for another path's sheet goes nowhere.
        #expect(sheets.update(.answerStoreKit(.press)).isEmpty)
    }

    @Test func aReportWithoutASheetClosesIt() {
        var sheets = Sheets(sheetShowing(payStationSession()))
        _ = sheets.update(.reported(nil, accessWait: nil))
        #expect(sheets.shown == nil)
        #expect(sheets.update(.key(.enter, audience: false, direction: .leftToRight)).isEmpty)
    }
}
