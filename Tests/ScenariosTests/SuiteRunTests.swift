import Foundation
import Synchronization
import Testing
@testable import Scenarios

/// `ScenarioSuite.run` with several jobs: results and reports come back in file order whichever
/// scenario finishes first, and the verdicts do not depend on the number of jobs.
@Suite("Suite: jobs")
struct SuiteRunTests {
    /// Results handed to `report`, from whichever thread calls it.
    final class Reported: Sendable {
        private let files = Mutex<[String]>([])

        func add(_ result: ScenarioResult) {
            files.withLock { $0.append(result.file) }
        }

        var all: [String] {
            files.withLock { $0 }
        }
    }

    /// Five files: the first is the slowest (three launches and a purchase), so with two jobs the
    /// second worker finishes later files before it; a failure and a script error in between.
    private func files(in scratch: ScratchDirectory) throws -> [String] {
        [
            try scratch.write("1-slow.scenario", """
                user a
                select com.example.gems
                buy
                paystation card 4111111111111111
                advance 1s
                user b
                user a
                expect balance gems 10
                """),
            try scratch.write("2-quick.scenario", "expect transactions 0\n"),
            try scratch.write("3-fails.scenario", "expect balance gems 1\n"),
            try scratch.write("4-broken.scenario", "select com.example.none\n"),
            try scratch.write("5-quick.scenario", "expect screen contains \"Gems\"\n"),
        ]
    }

    private func verdicts(_ results: [ScenarioResult]) -> [String] {
        results.map { result in
            switch result.outcome {
            case .passed: return "pass"
            case .failed(let failure): return "fail \(failure.line)"
            case .scriptError(let error): return "error \(error.line)"
            case .ioError(let error): return "I/O error \(error.line)"
            }
        }
    }

    @Test("jobs: 2 returns results, and reports them, in file order")
    func fileOrder() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = try files(in: scratch)
        let reported = Reported()
        let results = ScenarioSuite.run(files, options: try options(in: scratch), jobs: 2) { reported.add($0) }
        #expect(results.map(\.file) == files)
        #expect(reported.all == files)
        #expect(verdicts(results) == ["pass", "pass", "fail 1", "error 1", "pass"])
    }

    @Test("jobs: 2 and jobs: 1 give the same verdicts and transcripts")
    func sameAsSerial() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = try files(in: scratch)
        let options = try options(in: scratch)
        let parallel = ScenarioSuite.run(files, options: options, jobs: 2)
        let serial = ScenarioSuite.run(files, options: options, jobs: 1)
        #expect(verdicts(parallel) == verdicts(serial))
        #expect(parallel.map(\.transcript) == serial.map(\.transcript))
    }

    @Test("more jobs than files, and no files at all")
    func edges() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let one = try scratch.write("one.scenario", "expect transactions 0\n")
        let results = ScenarioSuite.run([one], options: try options(in: scratch), jobs: 8)
        #expect(verdicts(results) == ["pass"])
        #expect(ScenarioSuite.run([], options: try options(in: scratch), jobs: 2).isEmpty)
    }
}
