import Catalog
import CursesBackend
import Exports
import Foundation
import Platform
import Program
import Scenarios
import TerminalUI

/// `storefront demo SCRIPT [--speed X] [--captions comments] [--loop] [--audience [--events]]`:
/// a scenario played in the full-screen app at a person's pace, with its captions, on a fresh
/// private state each run (docs/demos.md); `--headless --record FILE` records it so with no
/// terminal, for CI. Exit 0 when the presenter quits (or a headless recording is written), 1
/// when an `expect` line does not hold, 64 for a wrong option or script, 66 for a SCRIPT that
/// is not a file to read, 74 when the fresh ledger cannot be written.
enum DemoCommand {
    static let usage = "demo needs a SCRIPT: storefront demo Demos/paystation-3ds.scenario. See storefront --help."

    static func run(_ options: Options) throws(CommandFailure) {
        guard let file = options.positional.first else { throw CommandFailure(.usage, usage) }
        var settings = try settings(options)
        // Every run starts on a fresh state as a fixed player, so one given here would be ignored: say so.
        if options.stateDirectory != nil || options.userId != nil {
            throw CommandFailure(.usage, "demo runs each time on a fresh state of its own, as the script's player; drop \(options.stateDirectory != nil ? "--state-dir" : "--user").")
        }
        do {
            try InputFile.requireFile(at: file, missingHint: "Name a .scenario file, such as one in Demos/.")
        } catch {
            throw CommandFailure(error.code, error.message(file: file))
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioRunner.load(file)
        } catch {
            throw CommandFailure(.usage, error.description)
        }
        if options.headless {
            guard options.recordPath != nil else {
                throw CommandFailure(.usage, "demo --headless plays for a recording: add --record \(RecordingFile.Format.listed(after: "FILE")). To check a demo without a terminal, run it as a scenario: storefront scenario \(file).")
            }
            guard !settings.loop else {
                throw CommandFailure(.usage, "demo --headless records one run; drop --loop (a player loops the recording).")
            }
        } else if !TerminalStreams.isTerminal(TerminalStreams.input) || !TerminalStreams.isTerminal(TerminalStreams.output) {
            throw CommandFailure(.usage, "a demo needs a terminal; to check a demo without one, run it as a scenario: storefront scenario \(file), or record it with --headless --record FILE.")
        }
        // Checked before the show: a recording that cannot be written must not be found out at the end.
        let recordFile = try RecordOption.file(options)
        let catalogPath = options.catalogPath ?? "catalog.json"
        let (themes, _) = Environment.loadThemes(near: catalogPath)
        if let name = options.themeName, !themes.contains(where: { $0.name == name }) {
            throw CommandFailure(.usage, "no theme named \(ControlCharacters.escaped(name)); themes: \(themes.map(\.name).joined(separator: ", ")).")
        }
        let environment = ProcessInfo.processInfo.environment
        let colorEnabled = environment["NO_COLOR"].map(\.isEmpty) ?? true
        settings.look.themes = themes
        settings.look.themeName = options.themeName
        settings.look.colorEnabled = colorEnabled
        var scenarioOptions = ScenarioOptions(defaultCatalogPath: catalogPath)
        scenarioOptions.seed = 1
        let title = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + " · storefront demo"
        if let recordFile, options.headless {
            let recording = HeadlessDemo.record(scenario, options: scenarioOptions, settings: settings, title: title,
                                                environment: environment)
            try RecordOption.write(recording.recording, to: recordFile)
            try report(recording.ending, file: file)
            return
        }
        let inbox = Inbox()
        let signals = QuitSignals(inbox: inbox)
        let terminal = try makeBackend(colorEnabled: colorEnabled, environment: environment)
        settings.look.colorDepth = terminal.colorDepth
        // `--record`: the terminal wrapped, so each frame is kept at the pace the demo played it.
        let recorder = recordFile.map { _ in
            RecordOption.recorder(for: terminal, title: title, environment: environment)
        }
        func play<Screen: Backend>(on screen: Screen) -> DemoEnding {
            DemoPlayer(scenario: scenario, options: scenarioOptions, settings: settings, backend: screen, inbox: inbox).play()
        }
        let ending = recorder.map { play(on: RecordingBackend(terminal, recorder: $0)) } ?? play(on: terminal)
        terminal.close()
        // Whatever ended the demo (q, a failed line, a signal), what was shown is kept.
        if let recordFile, let recorder { try RecordOption.write(recorder.recording, to: recordFile) }
        if let status = signals.exitStatus ?? (terminal.isGone ? 128 + SignalNumber.hangUp : nil) { exit(status) }
        try report(ending, file: file)
    }

    /// How the demo ended, said as the command's outcome: nothing for a quit, the line that
    /// failed (exit 1), a script or I/O error.
    private static func report(_ ending: DemoEnding, file: String) throws(CommandFailure) {
        switch ending {
        case .quit:
            return
        case .failed(let failure):
            // The screen is gone with the terminal; the line, what it wanted and what was so stay.
            standardError("storefront: the demo stopped at \(failure.location): \(ControlCharacters.escaped(failure.command))\n"
                          + "  expected: \(ControlCharacters.escaped(failure.expected))\n"
                          + "  actual:   \(ControlCharacters.escaped(failure.actual))\n"
                          + "A demo that says what is not so goes no further: fix the script or the catalog, and rehearse it with storefront scenario \(file).")
            exit(1)
        case .scriptError(let error):
            throw CommandFailure(.usage, error.description)
        case .ioError(let error):
            // A demo takes no --state-dir: its fresh states go in the temporary directory.
            let temporary = FileManager.default.temporaryDirectory.path
            throw CommandFailure(.ioError, error.description.replacingOccurrences(of: "; pass --state-dir DIR.", with: ".")
                                 + "\nA demo plays on a fresh state in the temporary directory (\(temporary)); set TMPDIR to a folder it can write.")
        }
    }

    /// The one place a demo's terminal is made: every run and launch of the demo draws on it.
    /// A recorder of the session wraps what this returns.
    private static func makeBackend(colorEnabled: Bool, environment: [String: String]) throws(CommandFailure) -> CursesTerminal {
        do {
            return try CursesTerminal(colorEnabled: colorEnabled, environment: environment)
        } catch {
            throw CommandFailure(.configuration, error.description)
        }
    }

    /// `--speed`, `--captions`, `--loop`, `--audience`, `--events`, checked.
    static func settings(_ options: Options) throws(CommandFailure) -> DemoSettings {
        var settings = DemoSettings()
        if let text = options.speed {
            let range = DemoPacing.speeds
            guard let speed = Double(text), range.contains(speed) else {
                throw CommandFailure(.usage, "--speed takes a number from \(range.lowerBound.formatted()) to \(range.upperBound.formatted()) (1 is a person's pace, 2 twice as fast), not \(ControlCharacters.escaped(text)).")
            }
            settings.speed = speed
        }
        switch options.captions {
        case nil, "captions": settings.captionsFromComments = false
        case "comments": settings.captionsFromComments = true
        case let other?:
            throw CommandFailure(.usage, "--captions takes captions (the script's caption lines, the default) or comments (its # comments too), not \(ControlCharacters.escaped(other)).")
        }
        settings.loop = options.loop
        settings.look.audience = options.audience
        settings.look.showsEvents = options.events ? true : nil
        return settings
    }
}
