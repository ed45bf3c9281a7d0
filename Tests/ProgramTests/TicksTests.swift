import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// The program sends clock ticks only while something on screen counts down: a Pay Station
/// redirect. Otherwise the screen is still and the loop sleeps.
@Suite("Ticks")
struct TicksTests {
    @Test func noTicksWithoutASheet() {
        #expect(!makeApp().wantsTicks)
    }

    @Test func noTicksOnTheCardForm() {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(sessionAfterCardNumber())))
        #expect(!app.wantsTicks)
    }

    @Test func noTicksWhilePaidWithoutACountdown() {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(session(paidWith: Cards.success))))
        #expect(!app.wantsTicks)
    }

    @Test func ticksWhileTheRedirectCountsDownAndNotAfter() {
        var app = makeApp()
        let due = fixedNow.addingTimeInterval(2)
        app.receive(report(sheet: sheetShowing(session(paidWith: Cards.success), redirectDue: due), nextDue: due))
        #expect(app.wantsTicks)
        app.receive(.tick(due))
        #expect(app.wantsTicks)  // the engine, not the clock, ends the countdown
        app.receive(report())
        #expect(!app.wantsTicks)
    }

    @Test func aTickMovesTheAppsTime() {
        var app = makeApp()
        let later = fixedNow.addingTimeInterval(90)
        #expect(app.update(.tick(later)).isEmpty)
        #expect(app.now == later)
    }
}
