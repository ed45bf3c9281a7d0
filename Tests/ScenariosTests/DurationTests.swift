import Foundation
import Testing
@testable import Scenarios

/// `advance DURATION`: a number and one unit of simulated time.
@Suite("Durations")
struct DurationTests {
    @Test("each unit", arguments: [
        ("500ms", 0.5), ("10s", 10), ("5m", 300), ("2h", 7_200), ("7d", 604_800), ("1w", 604_800),
        ("1.5s", 1.5), ("0s", 0), ("90m", 5_400), ("1ms", 0.001),
    ])
    func units(text: String, seconds: Double) throws {
        #expect(try ScenarioParser.duration(text) == seconds)
        // And through the parser, as a script writes it.
        #expect(try command("advance \(text)") == .advance(seconds: seconds))
    }

    @Test("ms is milliseconds, not minutes followed by a stray s")
    func millisecondsBeforeMinutes() throws {
        #expect(try ScenarioParser.duration("5ms") == 0.005)
        #expect(try ScenarioParser.duration("5m") == 300)
    }

    @Test("not a duration", arguments: [
        "10", "s", "ms", "10x", "-5s", "ten s", "tens", "1.2.3s", "1e3s", "5M", "10sec", "5 m", "+5s", "",
    ])
    func rejected(text: String) {
        do {
            let seconds = try ScenarioParser.duration(text)
            Issue.record("\(text) gave \(seconds) s")
        } catch {
            #expect(error.message.contains("a duration is a number and a unit (ms, s, m, h, d, w)"))
            #expect(error.message.hasSuffix("not \(text)"))
        }
    }

    @Test("a bad duration in a script names its line")
    func badDurationInScript() throws {
        let error = try #require(parseError("size 80x24\n\nadvance 10\n", file: "dir/wait.scenario"))
        #expect(error.file == "dir/wait.scenario")
        #expect(error.line == 3)
        #expect(error.message.contains("a duration is a number and a unit"))
        #expect(error.description.hasPrefix("dir/wait.scenario:3: error: "))
    }
}
