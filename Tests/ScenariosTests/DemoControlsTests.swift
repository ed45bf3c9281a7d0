import Testing
@testable import Scenarios

/// The presenter's keys as a pure state machine: Space, →, ←, q and the end of a pause.
@Suite("Demo: controls")
struct DemoControlsTests {
    @Test("playing, a pause that ends goes on to the next step")
    func playing() {
        var controls = DemoControls()
        #expect(controls.handle(.pauseEnded) == .proceed)
        #expect(controls.state == .playing)
    }

    @Test("Space pauses: the end of a pause then waits; Space again resumes")
    func pauseAndResume() {
        var controls = DemoControls()
        #expect(controls.handle(.togglePause) == .wait)
        #expect(controls.isPaused)
        #expect(controls.handle(.pauseEnded) == .wait)
        #expect(controls.handle(.togglePause) == .wait)
        #expect(!controls.isPaused)
        #expect(controls.handle(.pauseEnded) == .proceed)
    }

    @Test("→ while paused takes one step and stays paused")
    func stepWhilePaused() {
        var controls = DemoControls(state: .paused)
        #expect(controls.handle(.step) == .proceed)
        #expect(controls.isPaused)
        #expect(controls.handle(.pauseEnded) == .wait)
    }

    @Test("→ while playing cuts the pause short")
    func stepWhilePlaying() {
        var controls = DemoControls()
        #expect(controls.handle(.step) == .proceed)
        #expect(!controls.isPaused)
    }

    @Test("← restarts from either state, and the new run plays")
    func restart() {
        var paused = DemoControls(state: .paused)
        #expect(paused.handle(.restart) == .restart)
        #expect(!paused.isPaused)
        var playing = DemoControls()
        #expect(playing.handle(.restart) == .restart)
    }

    @Test("q quits from either state")
    func quit() {
        var paused = DemoControls(state: .paused)
        #expect(paused.handle(.quit) == .quit)
        var playing = DemoControls()
        #expect(playing.handle(.quit) == .quit)
    }

    @Test("the terminal's keys: Space, arrows, q and Ctrl-C are the presenter's; any other goes nowhere")
    func keys() {
        #expect(DemoPlayer<ScriptedTerminal>.control(for: .key(.character(" "))) == .togglePause)
        #expect(DemoPlayer<ScriptedTerminal>.control(for: .key(.right)) == .step)
        #expect(DemoPlayer<ScriptedTerminal>.control(for: .key(.left)) == .restart)
        #expect(DemoPlayer<ScriptedTerminal>.control(for: .key(.character("q"))) == .quit)
        #expect(DemoPlayer<ScriptedTerminal>.control(for: .key(.interrupt)) == .quit)
        #expect(DemoPlayer<ScriptedTerminal>.control(for: .hangUp) == .quit)
        #expect(DemoPlayer<ScriptedTerminal>.control(for: .key(.enter)) == nil)
        #expect(DemoPlayer<ScriptedTerminal>.control(for: .key(.character("b"))) == nil)
    }
}
