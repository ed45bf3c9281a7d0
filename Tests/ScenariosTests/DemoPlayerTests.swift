import Foundation
import Program
import Synchronization
import TerminalUI
import Testing
@testable import Scenarios

/// A scripted terminal's clock, which a recorder reads from any thread.
final class ScriptedClock: Sendable {
    private let seconds = Mutex<TimeInterval>(0)

    var now: TimeInterval { seconds.withLock { $0 } }

    func move(by step: TimeInterval) {
        seconds.withLock { $0 += step }
    }
}

/// A terminal that plays the presenter: it answers each wait with what `respond` says, given
/// how the demo waits (nil: for a key), and moves its own clock by the timeout, so pauses pass
/// at once and nothing depends on the machine's speed.
final class ScriptedTerminal: Backend {
    var size: (width: Int, height: Int)
    /// The top row of every frame drawn, in order: where captions are.
    private(set) var topRows: [String] = []
    /// Every frame drawn, at the clock's time then: a frame shows until the next one's time.
    private(set) var frames: [(time: TimeInterval, frame: Frame)] = []
    private(set) var lastFrame: Frame?
    /// Where `clock` is kept, for a recorder to read from its own closure.
    let scriptedClock = ScriptedClock()
    var clock: TimeInterval { scriptedClock.now }
    var respond: (ScriptedTerminal, TimeInterval?) -> [TerminalInput] = { _, _ in [] }
    /// A demo that never asks for a key would run on for ever: give up after this many waits.
    private var waitsLeft = 100_000

    init(width: Int = 120, height: Int = 40) {
        size = (width, height)
    }

    func draw(_ frame: Frame) {
        lastFrame = frame
        topRows.append(frame.lines.first ?? "")
        frames.append((clock, frame))
    }

    func waitForInput(timeout: TimeInterval?, inbox: Inbox) -> [TerminalInput] {
        scriptedClock.move(by: timeout ?? 0)
        waitsLeft -= 1
        if waitsLeft < 0 { return [.key(.character("q"))] }
        return respond(self, timeout)
    }

    func suspend() {}

    /// Whether the last frame shows `text`.
    func shows(_ text: String) -> Bool { lastFrame?.lines.contains { $0.contains(text) } ?? false }

    /// Quits where the demo holds at its end, as a presenter would.
    func quitsAtTheEnd() {
        respond = { terminal, timeout in
            timeout == nil && terminal.shows(DemoPlayer<ScriptedTerminal>.endNote) ? [.key(.character("q"))] : []
        }
    }

    /// Each frame with how long it showed; the last, which shows until `q`, has none.
    var shownFrames: [(frame: Frame, seconds: TimeInterval)] {
        zip(frames, frames.dropFirst()).map { ($0.frame, $1.time - $0.time) }
    }
}

/// A shipped demo from Demos/, loaded.
func shippedDemo(_ name: String) throws -> Scenario {
    let root = try #require(packageRoot())
    return try ScenarioRunner.load(root.appendingPathComponent("Demos/\(name).scenario").path)
}

/// The `caption` lines of a script, in order.
func captions(of scenario: Scenario) -> [String] {
    scenario.lines.compactMap { line in
        if case .caption(let text) = line.command { return text }
        return nil
    }
}

/// `DemoPlayer` on a scripted terminal: the real scenario runner, engine and SQLite ledger on
/// fresh state directories, driven by the presenter's keys.
@Suite("Demo: the player")
struct DemoPlayerTests {
    static let script = """
        catalog tiny.json
        caption "Nothing bought yet"
        expect transactions 0
        select com.example.gems
        buy
        paystation card 4111111111111111
        advance 1s
        caption "Ten gems"
        expect balance gems 10
        """

    private func player(_ script: String = DemoPlayerTests.script, in scratch: ScratchDirectory, terminal: ScriptedTerminal,
                        settings: DemoSettings = DemoSettings()) throws -> DemoPlayer<ScriptedTerminal> {
        try scratch.write("tiny.json", tinyCatalog)
        let file = try scratch.write("demo.scenario", script)
        let scenario = try ScenarioRunner.load(file)
        return DemoPlayer(scenario: scenario, options: ScenarioOptions(), settings: settings, backend: terminal,
                          inbox: Inbox(), elapsedSeconds: { [unowned terminal] in terminal.clock })
    }

    @Test("plays every step, draws each caption on the top row, holds the end until q")
    func playsToTheEnd() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let terminal = ScriptedTerminal()
        terminal.quitsAtTheEnd()
        let demo = try player(in: scratch, terminal: terminal)
        let ending = demo.play()
        #expect(ending == .quit, "\(ending)")
        #expect(demo.runs == 1)
        #expect(terminal.topRows.contains { $0.contains("Nothing bought yet") })
        #expect(terminal.topRows.contains { $0.contains("Ten gems") }, "\(Set(terminal.topRows))")
        #expect(terminal.shows(DemoPlayer<ScriptedTerminal>.endNote))
    }

    @Test("← starts over on a fresh state: the second run finds nothing of the first")
    func restartIsFresh() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let terminal = ScriptedTerminal()
        var ends = 0
        terminal.respond = { terminal, timeout in
            guard timeout == nil, terminal.shows(DemoPlayer<ScriptedTerminal>.endNote) else { return [] }
            ends += 1
            return [.key(ends == 1 ? .left : .character("q"))]
        }
        let demo = try player(in: scratch, terminal: terminal)
        // `expect transactions 0` holds in the second run too, or the demo would stop failed.
        #expect(demo.play() == .quit)
        #expect(demo.runs == 2)
        #expect(ends == 2)
    }

    @Test("--loop starts over by itself at the end")
    func loops() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let terminal = ScriptedTerminal()
        var settings = DemoSettings()
        settings.loop = true
        let demo = try player(in: scratch, terminal: terminal, settings: settings)
        terminal.respond = { _, _ in demo.runs >= 3 ? [.key(.character("q"))] : [] }
        #expect(demo.play() == .quit)
        #expect(demo.runs == 3)
    }

    @Test("Space pauses: the demo then waits for a key, marked paused; → takes one step at a time")
    func pauseAndStep() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let terminal = ScriptedTerminal()
        var pausedYet = false
        var heldRows: [String] = []
        terminal.respond = { terminal, timeout in
            if !pausedYet {
                pausedYet = true
                return [.key(.character(" "))]
            }
            if terminal.shows(DemoPlayer<ScriptedTerminal>.endNote) { return [.key(.character("q"))] }
            guard timeout == nil else { return [] }
            // Held: no pause is running; one step on.
            heldRows.append(terminal.lastFrame?.lines.first ?? "")
            return [.key(.right)]
        }
        let demo = try player(in: scratch, terminal: terminal)
        #expect(demo.play() == .quit)
        // Held after each step that shows something (captions and actions), never timed out.
        #expect(heldRows.count >= 5, "\(heldRows)")
        #expect(heldRows.allSatisfy { $0.contains("paused") }, "\(heldRows)")
    }

    @Test("a failed expect stops the demo with its line, what it wanted and what was so")
    func failedExpectationStops() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let terminal = ScriptedTerminal()
        let demo = try player(DemoPlayerTests.script.replacingOccurrences(of: "gems 10", with: "gems 11"), in: scratch,
                              terminal: terminal)
        guard case .failed(let failure) = demo.play() else {
            Issue.record("the demo did not stop on the wrong balance")
            return
        }
        #expect(failure.line == 9)
        #expect(failure.expected == "gems 11")
        #expect(failure.actual == "gems 10")
    }

    @Test("--captions comments shows each # comment as a caption, the file's heading first")
    func commentCaptions() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let terminal = ScriptedTerminal()
        terminal.quitsAtTheEnd()
        var settings = DemoSettings()
        settings.captionsFromComments = true
        let demo = try player("# A heading\ncatalog tiny.json\nselect com.example.gems  # the gems\nbuy\n", in: scratch,
                              terminal: terminal, settings: settings)
        #expect(demo.play() == .quit)
        #expect(terminal.topRows.contains { $0.contains("A heading the gems") }, "\(Set(terminal.topRows))")
    }

    @Test("in front of an audience the shipped StoreKit demo still asks a parent, with no QA row drawn")
    func audienceAskToBuy() throws {
        let terminal = ScriptedTerminal()
        var sawSheet = false
        terminal.respond = { terminal, timeout in
            if terminal.shows("App Store") {
                sawSheet = true
                #expect(!terminal.shows("[Ask to Buy]"))
                #expect(!terminal.shows("Sandbox"))
            }
            return timeout == nil && terminal.shows(DemoPlayer<ScriptedTerminal>.endNote) ? [.key(.character("q"))] : []
        }
        var settings = DemoSettings()
        settings.look.audience = true
        let demo = DemoPlayer(scenario: try shippedDemo("storekit-ask-to-buy"), options: ScenarioOptions(), settings: settings, backend: terminal,
                              inbox: Inbox(), elapsedSeconds: { [unowned terminal] in terminal.clock })
        #expect(demo.play() == .quit)
        #expect(sawSheet)
    }
}
