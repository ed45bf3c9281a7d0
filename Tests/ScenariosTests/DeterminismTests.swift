import Foundation
import Testing
@testable import Scenarios

/// A scenario is a function of its file: the clock is paused and moves only on `advance`, the
/// generator has a fixed seed. Two runs give the same transcript, screens included.
@Suite("Runner: determinism")
struct DeterminismTests {
    /// A purchase whose screens show the Pay Station token (from the seeded generator) and event
    /// times (from the paused clock): anything random or wall-clock would show in the transcript.
    static let script = """
        size 120x30
        select com.example.stardust.gems_100
        buy
        snapshot sheet
        paystation card 4111111111111111
        advance 2s
        snapshot after
        expect balance gems 100
        """

    private func run(_ text: String) throws -> ScenarioResult {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("same.scenario", text)
        let result = ScenarioRunner.run(file, options: ScenarioOptions(defaultCatalogPath: try repositoryCatalog()))
        #expect(result.passed, "\(result.summary)")
        return result
    }

    @Test("the same scenario run twice gives the same transcript, line for line")
    func twice() throws {
        let first = try run(Self.script)
        let second = try run(Self.script)
        #expect(first.transcript.count > 60)  // two screens of 30 rows and the lines themselves
        #expect(first.transcript == second.transcript)
        // The events carry the simulated time: 09:00:00 at the start, two seconds on after `advance 2s`.
        #expect(first.transcript.contains { $0.contains("09:00:02") })
    }

    @Test("another seed gives another token: the transcript really does show the generator's output")
    func seedMatters() throws {
        let first = try run(Self.script)
        let reseeded = try run("seed 99\n" + Self.script)
        let token = { (result: ScenarioResult) in result.transcript.first { $0.contains("token=") } }
        #expect(token(first) != nil)
        #expect(token(first) != token(reseeded))
    }
}
