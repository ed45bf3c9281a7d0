import Catalog
import Exports
import Foundation
import Program
import StoreEngine
import TerminalUI

/// What every scenario of a run shares.
public struct ScenarioOptions: Sendable {
    /// The catalog a scenario without a `catalog` line opens (`--catalog`, else ./catalog.json).
    public var defaultCatalogPath: String
    /// Run on this state directory instead of a fresh one per scenario (`--state-dir`).
    public var stateDirectory: String?
    /// The claim on `stateDirectory` that `storefront scenario` took before running anything;
    /// without one, each scenario claims the state directory for itself while it runs.
    public var stateLock: StateLock?
    /// Where `snapshot NAME` writes, or compares with, `NAME.txt` and `NAME.cells.json` (`--snapshots`).
    public var snapshotsDirectory: String?
    /// Where `capture` saves the screen (the app's `c` saves in the same folder).
    public var capturesDirectory = ScreenCapture.defaultDirectory
    /// The capture names this run has written; shared by every copy of these options.
    public var captureNames = CaptureNames()
    /// The snapshots that failed in this run, for `DIR/diff.html`; shared by every copy of these
    /// options, so every scenario of one run adds to the same page.
    public var snapshotFailures = SnapshotFailures()
    /// Tokens and flaky-network coin tosses come from a generator with this seed.
    public var seed: UInt64 = 1
    /// Where a new ledger's paused clock starts: 2026-01-01 09:00:00 UTC.
    public var startDate = Date(timeIntervalSince1970: 1_767_258_000)
    /// `--record`: the screen after each line goes to this recorder, drawn in the theme's
    /// colors (a scenario is drawn without them otherwise: its checks read text).
    public var recorder: Recorder?
    /// Called as each durable step of a purchase is committed, by every store a launch opens:
    /// `storefront scenario` kills itself there under `STOREFRONT_CRASH_AT` (the crash matrix).
    public var checkpoint: @Sendable (StoreCheckpoint) -> Void = { _ in }

    public init(defaultCatalogPath: String = "catalog.json", stateDirectory: String? = nil, snapshotsDirectory: String? = nil) {
        self.defaultCatalogPath = defaultCatalogPath
        self.stateDirectory = stateDirectory
        self.snapshotsDirectory = snapshotsDirectory
    }
}

/// Runs one scenario headless, on the same program loop, update, view and engine code as the
/// app, with a paused clock: nothing time-based happens between lines unless a line advances it.
public enum ScenarioRunner {
    public static func run(_ file: String, options: ScenarioOptions) -> ScenarioResult {
        let start = DispatchTime.now().uptimeNanoseconds
        func seconds() -> TimeInterval { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        let scenario: Scenario
        do {
            let text = try readText(file)
            scenario = try ScenarioParser.parse(text, file: file)
        } catch {
            return ScenarioResult(file: file, outcome: .scriptError(error), transcript: [], expectationsChecked: 0,
                                  duration: seconds())
        }
        let run = ScenarioRun(scenario: scenario, options: options, stage: .headless)
        let outcome = run.play()
        return ScenarioResult(file: file, outcome: outcome, transcript: run.transcript,
                              expectationsChecked: run.expectationsChecked, duration: seconds())
    }

    /// A scenario file read and checked, every line, before anything runs (`storefront demo`
    /// reads its script so too): a missing file, one not UTF-8, or a wrong line is a `ScriptError`.
    public static func load(_ file: String) throws(ScriptError) -> Scenario {
        try ScenarioParser.parse(try readText(file), file: file)
    }

    private static func readText(_ file: String) throws(ScriptError) -> String {
        guard let data = FileManager.default.contents(atPath: file) else {
            let exists = FileManager.default.fileExists(atPath: file)
            throw ScriptError(file: file, line: 1, message: exists ? "cannot be read; check its permissions" : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScriptError(file: file, line: 1, message: "is not UTF-8 text")
        }
        return text
    }
}
