import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `r` and a script's `restore` ask the engine to restore purchases on the path in use.
@Suite("Restore")
struct RestoreTests {
    @Test func rAsksTheEngineToRestoreOnThePathInUse() {
        var app = makeApp()
        #expect(app.update(.key(.character("r"))) == [.engine(.restore(path: .paystation))])
        var japan = makeApp(storefront: "JPN")
        #expect(japan.update(.key(.character("r"))) == [.engine(.restore(path: .storekit))])
    }

    @Test func theRestoreMessageDoesTheSame() {
        var app = makeApp()
        #expect(app.update(.restore) == [.engine(.restore(path: .paystation))])
        app.receive(.choosePath(.xee))
        #expect(app.update(.restore) == [.engine(.restore(path: .xee))])
    }

    /// Restoring changes nothing on screen by itself: what comes back is the engine's report.
    @Test func restoringChangesNothingUntilTheEngineAnswers() {
        var app = makeApp()
        let before = app.text
        _ = app.update(.key(.character("r")))
        #expect(app.text == before)
        app.receive(report(notice: StoreNotice(.info, "Nothing to restore: this player owns nothing to restore.")))
        #expect(app.lines.last?.hasPrefix(" Nothing to restore") == true)
    }

    @Test func rInsideTheHelpDoesNotRestore() {
        var app = makeApp()
        app.receive(.key(.character("?")))
        #expect(app.update(.key(.character("r"))).isEmpty)
    }
}
