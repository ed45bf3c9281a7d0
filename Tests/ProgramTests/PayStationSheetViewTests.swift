import Foundation
@testable import StoreEngine
import Program
import TerminalUI
import TestFixtures
import Testing

/// The sheet shows what the engine's latest report says, and counts the redirect down from the
/// page's `redirectDue` to the app's simulated `now`, which ticks move on.
@Suite("Pay Station sheet: what it shows")
struct PayStationSheetViewTests {
    @Test func theSheetShowsThePageOfTheLatestReport() {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(payStationSession())))
        #expect(app.text.contains("▸ Card number ▏"))
        app.receive(report(sheet: sheetShowing(sessionAfterCardNumber())))
        #expect(app.text.contains("Card number 4111 1111 1111 1111"))
        #expect(app.text.contains("▸ Expiry"))
        app.receive(report(sheet: sheetShowing(session(paidWith: Cards.threeDSecure))))
        #expect(app.text.contains("3-D Secure: the bank asks for a code."))
        #expect(!app.text.contains("Card number"))
    }

    @Test func theHintBarSaysWhatKeysDoInTheSheet() {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(payStationSession())))
        #expect(app.lines.last == " digits · Enter next / pay · ↑↓ field · Space save card · Esc cancel")
    }

    @Test func theRedirectCountsDownWithTheSimulatedClock() {
        var app = makeApp()
        let due = fixedNow.addingTimeInterval(2)
        app.receive(report(sheet: sheetShowing(session(paidWith: Cards.success), redirectDue: due), nextDue: due,
                           timeRate: .running(.realTime)))
        #expect(app.text.contains("Returning to Stardust Quest in 2 s…"))
        #expect(app.text.contains("[ Back to the game ]  Enter"))
        app.receive(.tick(fixedNow.addingTimeInterval(1)))
        #expect(app.text.contains("Returning to Stardust Quest in 1 s…"))
        app.receive(.tick(fixedNow.addingTimeInterval(1.5)))
        #expect(app.text.contains("in 1 s…"))  // whole seconds, rounded up
        app.receive(.tick(fixedNow.addingTimeInterval(3)))
        #expect(app.text.contains("in 0 s…"))  // never below zero while the engine gets there
    }

    /// On a paused clock the countdown cannot run out: the page says why and names the key
    /// that moves the clock on (`>` works over the sheet), and so do the hint and the status bar.
    @Test func aCountdownOnAPausedClockSaysSoAndNamesTheKey() {
        var app = makeApp()
        let due = fixedNow.addingTimeInterval(2)
        app.receive(report(sheet: sheetShowing(session(paidWith: Cards.success), redirectDue: due), nextDue: due,
                           timeRate: .paused))
        #expect(app.text.contains("Returning to Stardust Quest in 2 s: the clock is paused (> moves it)"))
        #expect(app.lines.last?.contains("> move the paused clock on") == true)
        #expect(app.lines.first?.contains("· paused · > next") == true, "\(app.lines.first ?? "")")
        #expect(app.update(.key(.character(">"))) == [.engine(.advanceToNextDue)])
    }

    @Test func aPaidPageWithoutACountdownWaitsForPayStation() {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(session(paidWith: Cards.success))))
        #expect(app.text.contains("Waiting for Pay Station…"))
        #expect(!app.text.contains("Returning to"))
    }

    @Test func aDeclineStaysOnScreenUntilTheEngineClosesIt() {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(session(paidWith: Cards.declined)),
                           notice: StoreNotice(.error, "Payment declined by the bank. Nothing was charged or granted.")))
        #expect(app.text.contains("✗ Payment declined (status troubled)"))
        #expect(app.lines.last?.contains("Payment declined by the bank.") == true)
        app.receive(report())
        #expect(app.sheet == nil)
        #expect(!app.text.contains("Pay Station ·"))
    }

    /// A sheet that has just opened starts clean: the last purchase's line goes.
    @Test func openingASheetClearsTheLastNotice() {
        var app = makeApp()
        app.receive(report(notice: StoreNotice(.success, "Purchased Pouch of Gems: +100 gems.")))
        #expect(app.notice != nil)
        app.receive(report(sheet: sheetShowing(payStationSession())))
        #expect(app.notice == nil)
    }

    /// A report that keeps the sheet open and says something shows that line.
    @Test func aNoticeWithTheSheetStillOpenIsShown() {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(payStationSession())))
        app.receive(report(sheet: sheetShowing(payStationSession()), notice: StoreNotice(.info, "Still here.")))
        #expect(app.notice == StoreNotice(.info, "Still here."))
    }
}
