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
    /// The caption on screen, kept to add and take away the paused marker.
    private var caption: String?
    /// Runs started so far, the first included.
    public private(set) var runs = 0

    /// Said over the last screen: a demo holds there until the presenter goes on.
    public static var endCaption: String { "End of the demo · ← plays it again · q quits" }
    /// Added to the caption while paused.
    public static var pausedMark: String { "  ‖ paused: Space plays, → one step" }

    /// - Parameters:
    ///   - backend: the terminal every launch of every run draws on.
    ///   - inbox: where signals post `.quit` (`QuitSignals`); every launch reads it.
    ///   - elapsedSeconds: a monotonic clock in seconds (the system's uptime by default).
    public init(scenario: Scenario, options: ScenarioOptions, settings: DemoSettings, backend: Terminal, inbox: Inbox,
                elapsedSeconds: @escaping () -> TimeInterval = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.elapsedSeconds = elapsedSeconds
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
            var options = self.options
            // Never a state of the presenter's: each run on a fresh one, removed after.
            options.stateDirectory = nil
            options.stateLock = nil
            options.snapshotsDirectory = nil
            let run = ScenarioRun(scenario: scenario, options: options, stage: stage())
            let outcome = run.run()
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
        var stage = ScenarioStage<Terminal>(
            makeBackend: { _, _ in backend },
            // The terminal is the size the presenter made it; a script's `size` changes nothing.
            resize: { _, _, _ in },
            look: settings.look,
            beat: { [unowned self] beat, program in try self.beat(beat, program) })
        stage.inbox = inbox
        stage.captionsFromComments = settings.captionsFromComments
        return stage
    }

    // MARK: Between steps

    private func beat(_ beat: ScenarioBeat, _ program: Program<Terminal>) throws {
        switch beat {
        case .caption(let text):
            show(caption: text, program)
        case .finished:
            show(caption: Self.endCaption, program)
            if settings.loop {
                // A moment on the last screen, then the show starts over by itself.
                try pause(DemoPacing.delay(after: .caption(characters: 60), speed: settings.speed), program)
                stop = .restart
                throw ScenarioInterrupted()
            }
            try holdUntilKey(program)
            return
        default:
            break
        }
        let delay = DemoPacing.delay(after: beat.pace, speed: settings.speed)
        // A check or a setting shows nothing new: no frame, no pause.
        guard delay > 0 else { return }
        program.draw()
        // A line's keys are one step: paused, `→` types all of them, at the typist's pace.
        try pause(delay, program, holdsWhenPaused: beat != .key)
    }

    private func show(caption text: String, _ program: Program<Terminal>) {
        caption = text
        program.send(.caption(controls.isPaused ? text + Self.pausedMark : text))
    }

    /// Waits `seconds` (all of them again after a resume), or while paused for `→`; `←` and
    /// `q` end the run by throwing.
    private func pause(_ seconds: TimeInterval, _ program: Program<Terminal>, holdsWhenPaused: Bool = true) throws {
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
    private func holdUntilKey(_ program: Program<Terminal>) throws {
        program.draw()
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
    private func handle(_ inputs: [TerminalInput], _ program: Program<Terminal>) throws -> Bool {
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
            if wasPaused != controls.isPaused, let caption {
                show(caption: caption, program)
                program.draw()
            } else if wasPaused != controls.isPaused {
                program.send(.caption(controls.isPaused ? Self.pausedMark.trimmingCharacters(in: .whitespaces) : nil))
                program.draw()
            }
        }
        return proceed
    }

    /// Does what the controls decided; true for `proceed`.
    private func act(on decision: DemoControls.Decision, _ program: Program<Terminal>) throws -> Bool {
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
