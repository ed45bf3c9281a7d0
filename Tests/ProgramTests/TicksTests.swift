import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// The program sends clock ticks only while something on screen moves with the clock: a Pay
/// Station redirect counting down, or the status bar's clock while time runs. On a paused
/// clock with nothing counting down the screen is still and the loop sleeps.
@Suite("Ticks")
struct TicksTests {
    /// makeApp's app as the engine reports it on a paused clock (as scenarios run).
    private func pausedApp() -> App {
        var app = makeApp()
        app.receive(report(timeRate: .paused))
        return app
    }

    @Test func noTicksOnAPausedClockWithoutASheet() {
        #expect(!pausedApp().wantsTicks)
    }

    @Test func ticksWhileTimeRunsForTheStatusBarsClock() {
        var app = pausedApp()
        app.receive(report(timeRate: .running(.sandbox)))
        #expect(app.wantsTicks)
        #expect(app.lines[0].hasSuffix("· sandbox"))
    }

    @Test func noTicksOnTheCardForm() {
        var app = pausedApp()
        app.receive(report(sheet: sheetShowing(sessionAfterCardNumber())))
        #expect(!app.wantsTicks)
    }

    @Test func noTicksWhilePaidWithoutACountdown() {
        var app = pausedApp()
        app.receive(report(sheet: sheetShowing(session(paidWith: Cards.success))))
        #expect(!app.wantsTicks)
    }

    @Test func ticksWhileTheRedirectCountsDownAndNotAfter() {
        var app = pausedApp()
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
