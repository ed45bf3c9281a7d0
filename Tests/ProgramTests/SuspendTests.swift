import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Ctrl-Z hands the terminal to the shell: one `.suspend` effect for the backend, from
/// anywhere, and nothing else changes.
@Suite("Suspend")
struct SuspendTests {
    @Test func ctrlZAsksToSuspend() {
        var app = makeApp()
        let before = app.text
        #expect(app.update(.key(.suspend)) == [.suspend])
        #expect(!app.isQuitting)
        #expect(app.text == before)
    }

    @Test func ctrlZWorksOverTheHelpAndTheSheet() {
        var help = makeApp()
        help.receive(.key(.character("?")))
        #expect(help.update(.key(.suspend)) == [.suspend])
        #expect(help.showsHelp)
        var sheet = makeApp()
        sheet.receive(report(sheet: sheetShowing(payStationSession())))
        #expect(sheet.update(.key(.suspend)) == [.suspend])
    }
}

/// After the shell gives the terminal back (`fg`) its size may have changed: the program reads
/// it again and redraws.
@Suite("Headless program: suspend")
struct HeadlessSuspendTests {
    @Test func afterSuspendingTheProgramReadsTheSizeAgain() throws {
        let harness = try HeadlessHarness(width: 120, height: 40)
        harness.program.send(.started)
        harness.program.backend.size = (width: 80, height: 24)
        harness.press(.suspend)
        #expect(harness.app.width == 80 && harness.app.height == 24)
        #expect(harness.program.draw().width == 80)
        #expect(harness.program.backend.frame?.width == 80)
    }
}
