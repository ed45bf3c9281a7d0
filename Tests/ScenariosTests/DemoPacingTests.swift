import Foundation
import Testing
@testable import Scenarios

/// The demo's schedule as a pure function: given the steps and the speed, the pauses.
@Suite("Demo: pacing")
struct DemoPacingTests {
    @Test("at speed 1: a beat before an action, a typist's rhythm for keys, nothing for checks and settings")
    func speedOne() {
        #expect(DemoPacing.delays(for: [.action, .key, .check, .setup], speed: 1) == [1.5, 0.12, 0, 0])
    }

    @Test("a caption is shown long enough to read it, 1.5 s at least and 6 s at most")
    func captions() {
        #expect(DemoPacing.delay(for: .caption(characters: 0), speed: 1) == 1.5)
        #expect(DemoPacing.delay(for: .caption(characters: 45), speed: 1) == 3)
        #expect(DemoPacing.delay(for: .caption(characters: 400), speed: 1) == 6)
    }

    @Test("speed divides every pause: 4 is four times as fast, 0.5 twice as slow")
    func speeds() {
        let steps: [DemoPacing.Step] = [.action, .key, .caption(characters: 45)]
        #expect(DemoPacing.delays(for: steps, speed: 4) == [0.375, 0.03, 0.75])
        #expect(DemoPacing.delays(for: steps, speed: 0.5) == [3, 0.24, 6])
    }

    @Test("a speed outside 0.5...4 is held at the nearest end")
    func clamped() {
        #expect(DemoPacing.delay(for: .action, speed: 100) == DemoPacing.delay(for: .action, speed: 4))
        #expect(DemoPacing.delay(for: .action, speed: 0) == DemoPacing.delay(for: .action, speed: 0.5))
    }

    @Test("each line of the language paces as what it shows: checks and settings not at all")
    func linePace() {
        #expect(ScenarioCommand.buy.pace == .action)
        #expect(ScenarioCommand.advance(seconds: 2).pace == .action)
        #expect(ScenarioCommand.expect(.transactionCount(1)).pace == .check)
        #expect(ScenarioCommand.snapshot(name: "a").pace == .check)
        #expect(ScenarioCommand.xeeKey(false).pace == .setup)
        #expect(ScenarioCommand.catalog(path: "a.json").pace == .setup)
        #expect(ScenarioBeat.caption("twelve chars").pace == .caption(characters: 12))
        #expect(ScenarioBeat.key.pace == .key)
    }
}
