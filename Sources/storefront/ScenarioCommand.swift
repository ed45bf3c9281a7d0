import Catalog
import Exports
import Foundation
import Platform
import Scenarios
import StoreEngine

/// `storefront scenario FILE|DIR... [--junit FILE] [--shard K/N] [--jobs N] [--snapshots DIR]
/// [--state-dir DIR] [--catalog FILE] [--quiet] [--record FILE.cast|.svg|.gif|.mp4]`: QA scripts, headless (docs/scenarios.md).
/// Exit 0 when every expectation holds, 1 when one fails, 64 for a script error, 66 for a FILE
/// that is not a file to read, 74 when a scenario's ledger could not be used (damaged, empty,
/// read-only, a full disk).
enum ScenarioSubcommand {
    static func run(_ options: Options) throws(CommandFailure) {
        guard !options.positional.isEmpty else {
            throw CommandFailure(.usage, "scenario needs FILE or DIR arguments: storefront scenario Tests/Scenarios. See storefront --help.")
        }
        var files = try scenarioFiles(options.positional)
        if let shard = options.shard {
            let (index, count) = try parseShard(shard)
            files = ScenarioSuite.shard(files, index: index, of: count)
        }
        let jobs = try parseJobs(options.jobs)
        let recordFile = try RecordOption.file(options)
        // One recording is one session: several scenarios would need as many files, and a
        // shard or a folder rarely means that. Name the one to record.
        if recordFile != nil, files.count != 1 {
            throw CommandFailure(.usage, "--record records one scenario, not \(English.count(files.count, "scenario")); name a single .scenario file.")
        }
        if jobs > 1, options.stateDirectory != nil {
            throw CommandFailure(.usage, "--jobs runs each scenario on its own fresh state; with --state-dir they would share one ledger. Drop one of them.")
        }
        var scenarioOptions = ScenarioOptions(defaultCatalogPath: options.catalogPath ?? "catalog.json",
                                              stateDirectory: options.stateDirectory,
                                              snapshotsDirectory: options.snapshotsDirectory)
        scenarioOptions.seed = 1
        scenarioOptions.checkpoint = try CrashInjection.checkpoint(from: ProcessInfo.processInfo.environment)
        if recordFile != nil, let file = files.first {
            // Each line that changes the screen shows for half a second (`RecordingClock.paced`):
            // the scenario's own clock is paused, and its lines run at once.
            scenarioOptions.recorder = Recorder(width: 120, height: 40, title: (file as NSString).lastPathComponent,
                                                environment: Recorder.environment(from: ProcessInfo.processInfo.environment),
                                                clock: .paced(secondsPerFrame: RecordingClock.scenarioStep))
        }
        if let path = options.stateDirectory {
            // Claimed for the whole run before any scenario starts, as the app claims it: while
            // an app runs there, nothing runs and nothing is touched.
            do {
                scenarioOptions.stateLock = try StateDirectory(path: path).lock()
            } catch {
                throw CommandFailure(error)
            }
        }
        let quiet = options.quiet
        let results = ScenarioSuite.run(files, options: scenarioOptions, jobs: jobs) { result in
            // Unbuffered, so CI logs show each scenario as it finishes. A line of the script is
            // quoted as text: an ESC or a BEL in it reaches the terminal escaped, as on the screen.
            let text = ControlCharacters.escaped(render(result, quiet: quiet), keepingNewlines: true)
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        // Written whatever the verdict: a failing scenario's recording shows how it failed.
        if let recordFile, let recorder = scenarioOptions.recorder {
            try RecordOption.write(recorder.recording, to: recordFile)
        }
        let failed = results.filter { if case .failed = $0.outcome { return true } else { return false } }.count
        let broken = results.filter { if case .scriptError = $0.outcome { return true } else { return false } }.count
        let unusable = results.filter { if case .ioError = $0.outcome { return true } else { return false } }.count
        FileHandle.standardOutput.write(Data(("\(English.count(results.count, "scenario")): "
            + "\(results.count - failed - broken - unusable) passed, \(failed) failed, \(broken) with script errors"
            + (unusable > 0 ? ", \(unusable) with I/O errors" : "") + "\n").utf8))
        if let junit = options.junitPath {
            do {
                try JUnitReport.xml(results).write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure(.ioError, "\(junit): cannot write the JUnit report (\(SystemErrorText.words(of: error))).")
            }
        }
        // A ledger that could not be used says the most about the run: nothing after it is the script's doing.
        if unusable > 0 { exit(ExitCode.ioError.rawValue) }
        if broken > 0 { exit(ExitCode.usage.rawValue) }
        if failed > 0 { exit(1) }
    }

    /// The transcript of one scenario and its verdict.
    private static func render(_ result: ScenarioResult, quiet: Bool) -> String {
        var out = ""
        switch result.outcome {
        case .passed:
            if !quiet { out += "scenario \(result.file)\n" + result.transcript.map { $0 + "\n" }.joined() }
            out += "PASS \(result.file) (\(result.expectationsChecked) expectations)\n"
        case .failed(let failure):
            out += "scenario \(result.file)\n" + result.transcript.map { $0 + "\n" }.joined()
            out += "FAIL \(failure.description)\n"
        case .scriptError(let error), .ioError(let error):
            if !quiet || !result.transcript.isEmpty { out += "scenario \(result.file)\n" + result.transcript.map { $0 + "\n" }.joined() }
            out += "ERROR \(error.description)\n"
        }
        return out + (quiet ? "" : "\n")
    }

    /// Files as given; a folder gives its `.scenario` files, sorted, from every level below it.
    private static func scenarioFiles(_ arguments: [String]) throws(CommandFailure) -> [String] {
        var files: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            // A link that loops exists, though nothing can be found through it.
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
                    || (try? PathStatus(path: argument, followingLinks: false)) != nil else {
                throw CommandFailure(.noInput, "\(argument): no such file or folder.")
            }
            guard isDirectory.boolValue else {
                files.append(argument)
                continue
            }
            let found = (FileManager.default.enumerator(atPath: argument)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".scenario") }.sorted()
            guard !found.isEmpty else { throw CommandFailure(.noInput, "\(argument): no .scenario files in this folder.") }
            files += found.map { (argument as NSString).appendingPathComponent($0) }
        }
        // A FIFO would keep the run waiting for a writer; a device, a loop of links: named now,
        // before anything runs, as a catalog that is one is.
        for file in files {
            do {
                try InputFile.requireFile(at: file, missingHint: "Name a .scenario file, or a folder of them.")
            } catch {
                throw CommandFailure(error.code, error.message(file: file))
            }
        }
        return files
    }

    private static func parseShard(_ text: String) throws(CommandFailure) -> (Int, Int) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw CommandFailure(.usage, "--shard takes K/N with 1 ≤ K ≤ N, such as 2/4, not \(text).")
        }
        return (index, count)
    }

    private static func parseJobs(_ text: String?) throws(CommandFailure) -> Int {
        guard let text else { return 1 }
        guard let jobs = Int(text), (1...256).contains(jobs) else {
            throw CommandFailure(.usage, "--jobs takes a number from 1 to 256, not \(text).")
        }
        return jobs
    }
}
