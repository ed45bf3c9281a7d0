import Foundation
import Program
import TerminalUI

/// What a demo is asked to do, beside its script.
public struct DemoSettings: Sendable {
    /// `--speed`, within `DemoPacing.speeds`.
    public var speed: Double = 1
    /// `--captions comments`: each `# comment` is a caption too.
    public var captionsFromComments = false
    /// `--loop`: at the end, start over on a fresh state.
    public var loop = false
    public var look = ScenarioLook()

    public init() {}
}

/// How a demo ended.
public enum DemoEnding: Sendable, Equatable {
    /// The presenter quit (`q`, Ctrl-C, a signal, the terminal gone).
    case quit
    /// An `expect` line did not hold: a demo that says what is not so goes no further.
    case failed(ScenarioFailure)
    /// The script is wrong where a line ran (a SKU the catalog lacks).
    case scriptError(ScriptError)
    /// The fresh ledger could not be written.
    case ioError(ScriptError)
}

/// `storefront demo SCRIPT`: plays a scenario on a terminal at a person's pace, on the same
/// `ScenarioRun` as `storefront scenario` (the stage is what differs: `ScenarioStage`). Each run
/// is on a fresh private state directory, removed at its end, as the fixed player of scenarios,
/// so a rehearsal leaves nothing for the show. Between steps it draws, waits (`DemoPacing`) and
/// reads the presenter's keys (`DemoControls`); the app itself gets none of them, so nobody can
/// knock the script off its course.
public final class DemoPlayer<Terminal: Backend> {
    public let scenario: Scenario
    public let settings: DemoSettings
    private let options: ScenarioOptions
    private let backend: Terminal
    private let inbox: Inbox
    /// Seconds on a clock that only goes forward, for the pauses; tests give one they move.
    private let elapsedSeconds: () -> TimeInterval
    private var controls = DemoControls()
    /// What ended the last run early: `.restart` or `.quit`.
    private var stop: DemoControls.Decision?
    /// The script's caption now, kept to add and take away the paused marker, and to carry
    /// over a relaunch (a new app has none).
    private var caption: String?
    /// The last line has run: the end note shows beside the last caption.
    private var ended = false
    /// A caption's pause has shown the screen as it is now: nothing has acted since.
    private var shownAlready = false
    /// What a script's `size` line does to the backend (see `init`).
    private let resize: (Terminal, Int, Int) -> Void
    /// Runs started so far, the first included.
    public private(set) var runs = 0

    /// Said beside the last caption: a demo holds there until the presenter goes on.
    public static var endNote: String { "End of the demo · ← plays it again · q quits" }
    /// Added to the caption while paused.
    public static var pausedMark: String { "  ‖ paused: Space plays, → one step" }
    /// The bottom line while the demo plays, and while it is paused: the presenter's keys, in
    /// place of the app's, which do nothing in a demo. The tool's own words, in English.
    public static var playingKeys: String { "Space pause · → next step now · ← from the top · q quit" }
    public static var pausedKeys: String { "Space play · → one step · ← from the top · q quit" }

    /// - Parameters:
    ///   - backend: the terminal every launch of every run draws on.
    ///   - inbox: where signals post `.quit` (`QuitSignals`); every launch reads it.
    ///   - elapsedSeconds: a monotonic clock in seconds (the system's uptime by default).
    ///   - resize: what a script's `size` line does to the backend: nothing to a terminal, whose
    ///     size is the presenter's; a screen in memory takes it (`demo --headless`).
    public init(scenario: Scenario, options: ScenarioOptions, settings: DemoSettings, backend: Terminal, inbox: Inbox,
                elapsedSeconds: @escaping () -> TimeInterval = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
                resize: @escaping (Terminal, Int, Int) -> Void = { _, _, _ in }) {
        self.elapsedSeconds = elapsedSeconds
        self.resize = resize
        self.scenario = scenario
        self.options = options
        self.settings = settings
        self.backend = backend
        self.inbox = inbox
    }

    /// Plays until the presenter quits, or a line fails.
    public func play() -> DemoEnding {
        while true {
            runs += 1
            controls = DemoControls()
            stop = nil
            caption = nil
            ended = false
            shownAlready = false
            var options = self.options
            // Never a state of the presenter's: each run on a fresh one, removed after.
            options.stateDirectory = nil
            options.stateLock = nil
            options.snapshotsDirectory = nil
            // Each run is the script run again: its captures replace the last run's.
            options.captureNames = CaptureNames()
            let run = ScenarioRun(scenario: scenario, options: options, stage: stage())
            let outcome = run.play()
            if run.interrupted {
                if stop == .quit { return .quit }
                continue
            }
            switch outcome {
            case .passed: continue  // `--loop` ran to the end; the next run starts fresh
            case .failed(let failure): return .failed(failure)
            case .scriptError(let error): return .scriptError(error)
            case .ioError(let error): return .ioError(error)
            }
        }
    }

    private func stage() -> ScenarioStage<Terminal> {
        let backend = self.backend
        let resize = self.resize
        var stage = ScenarioStage<Terminal>(
            makeBackend: { width, height in
                resize(backend, width, height)
                return backend
            },
            resize: resize,
            look: settings.look,
            beat: { [unowned self] beat, program in try self.beat(beat, program) })
        stage.inbox = inbox
        stage.captionsFromComments = settings.captionsFromComments
        return stage
    }

    // MARK: Between steps

    private func beat(_ beat: ScenarioBeat, _ program: AppLoop<Terminal>) throws {
        switch beat {
        case .caption(let text):
            caption = text
        case .finished:
            // The last caption stays: it is often the point of the whole demo.
            ended = true
            if settings.loop {
                // A moment on the last screen, then the show starts over by itself.
                draw(program)
                try pause(DemoPacing.delay(for: .caption(characters: 60), speed: settings.speed), program)
                stop = .restart
                throw ScenarioInterrupted()
            }
            try holdUntilKey(program)
            return
        default:
            break
        }
        let delay = DemoPacing.delay(for: beat.pace, speed: settings.speed)
        // A check or a setting shows nothing new: no frame, no pause.
        guard delay > 0 else { return }
        // A caption's pause shows the screen it describes; a line's pause, before it acts, the
        // screen it acts on, which a caption's pause may have just shown: paused, `→` then goes
        // on to the line at once, so one press is one step the audience sees.
        let seen = shownAlready
        shownAlready = false
        if case .line = beat, seen, controls.isPaused { return }
        draw(program)
        // A line's keys are one step: paused, `→` types all of them, at the typist's pace.
        try pause(delay, program, holdsWhenPaused: beat != .key)
        if case .caption = beat { shownAlready = true }
    }

    /// Draws the app with the demo's own lines as they are now: the caption (marked while
    /// paused), the end note, the presenter's keys on the bottom line (none in front of an
    /// audience, nor at the end, where the note says them). Sent only when they changed, and
    /// again after a relaunch, whose new app has none of them.
    private func draw(_ program: AppLoop<Terminal>) {
        let paused = controls.isPaused
        let shown = caption.map { paused ? $0 + Self.pausedMark : $0 }
            ?? (paused ? Self.pausedMark.trimmingCharacters(in: .whitespaces) : nil)
        let keys = settings.look.audience || ended ? "" : paused ? Self.pausedKeys : Self.playingKeys
        let note = ended ? Self.endNote : nil
        let app = program.app
        var messages: [Message] = []
        if app.caption != shown { messages.append(.caption(shown)) }
        if app.captionNote != note { messages.append(.captionNote(note)) }
        if app.demoKeys != keys { messages.append(.demoKeys(keys)) }
        if !messages.isEmpty { program.send(messages) }
        program.draw()
    }

    /// Waits `seconds` (all of them again after a resume), or while paused for `→`; `←` and
    /// `q` end the run by throwing.
    private func pause(_ seconds: TimeInterval, _ program: AppLoop<Terminal>, holdsWhenPaused: Bool = true) throws {
        var remaining = seconds
        while true {
            // Under a millisecond is nothing: `poll` waits whole milliseconds.
            if remaining < 0.001, try !holdsWhenPaused || act(on: controls.handle(.pauseEnded), program) { return }
            let holding = controls.isPaused && holdsWhenPaused
            let start = elapsedSeconds()
            let inputs = backend.waitForInput(timeout: holding ? nil : max(0, remaining), inbox: program.inbox)
            if !holding {
                remaining -= elapsedSeconds() - start
            }
            if try handle(inputs, program) { return }
        }
    }

    /// At the end: the last screen stays until `←` or `q`.
    private func holdUntilKey(_ program: AppLoop<Terminal>) throws {
        draw(program)
        while true {
            let inputs = backend.waitForInput(timeout: nil, inbox: program.inbox)
            // Only ← and q mean anything here; a resize still redraws.
            for input in inputs {
                if let control = Self.control(for: input), control == .restart || control == .quit {
                    _ = try act(on: controls.handle(control), program)
                }
            }
            try handle(inputs.filter { $0 == .resize }, program)
        }
    }

    /// The presenter's keys and the mail; true when the demo goes on to the next step.
    @discardableResult
    private func handle(_ inputs: [TerminalInput], _ program: AppLoop<Terminal>) throws -> Bool {
        // A signal's `.quit` arrives as mail.
        program.settle()
        if program.app.isQuitting { _ = try act(on: .quit, program) }
        var proceed = false
        for input in inputs {
            if case .resize = input {
                let (width, height) = backend.size
                program.send(.resize(width: width, height: height))
                program.draw()
                continue
            }
            guard let control = Self.control(for: input) else { continue }
            let wasPaused = controls.isPaused
            if try act(on: controls.handle(control), program) { proceed = true }
            if wasPaused != controls.isPaused { draw(program) }
        }
        return proceed
    }

    /// Does what the controls decided; true for `proceed`.
    private func act(on decision: DemoControls.Decision, _ program: AppLoop<Terminal>) throws -> Bool {
        switch decision {
        case .wait: return false
        case .proceed: return true
        case .restart, .quit:
            stop = decision
            throw ScenarioInterrupted()
        }
    }

    /// The presenter's key for a terminal input; nil for every other key (the app gets none).
    static func control(for input: TerminalInput) -> DemoControls.Input? {
        switch input {
        case .key(.character(" ")): return .togglePause
        case .key(.right): return .step
        case .key(.left): return .restart
        case .key(.character("q")), .key(.character("Q")), .key(.interrupt), .hangUp: return .quit
        default: return nil
        }
    }
}
