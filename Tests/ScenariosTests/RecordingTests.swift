import Exports
import Foundation
import Testing
@testable import Scenarios

/// `scenario --record`: the screen after each line goes to the recorder, in order, half a
/// second a screen, in the theme's colors; a line that changes nothing adds no frame.
@Suite("Recording a scenario")
struct RecordingTests {
    static func recorded(_ script: String) throws -> (ScenarioResult, Recording) {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("walk.scenario", script)
        var options = ScenarioOptions(defaultCatalogPath: try repositoryCatalog())
        options.recorder = Recorder(width: 120, height: 40, clock: .paced(secondsPerFrame: RecordingClock.scenarioStep))
        let result = ScenarioRunner.run(file, options: options)
        return (result, try #require(options.recorder).recording)
    }

    @Test("each line's screen is kept in order, half a second apart, the last one the screen the script read last")
    func framesInOrder() throws {
        let (result, recording) = try Self.recorded("""
            size 100x30
            select com.example.stardust.gems_100
            expect screen contains "Pouch of Gems"
            buy
            paystation card 4111111111111111
            advance 2s
            expect screen contains "Purchased Pouch of Gems: +100 gems."
            """)
        #expect(result.passed, "\(result.summary)")
        let frames = recording.frames
        // Launch (at `select`), the sheet, the card typed, the purchase: the two `expect`
        // lines change nothing on screen.
        #expect(frames.count == 4, "\(frames.map { $0.frame.lines.joined(separator: "\n") })")
        #expect(frames.map { $0.time } == [0, 0.5, 1.0, 1.5])
        #expect(recording.width == 100 && recording.height == 30)
        #expect(frames.allSatisfy { $0.frame.width == 100 && $0.frame.height == 30 })
        #expect(frames.first?.frame.text.contains("Pouch of Gems") == true)
        #expect(frames.last?.frame.text.contains("Purchased Pouch of Gems: +100 gems.") == true)
        // Frames that follow each other differ: a repeat is never kept.
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.frame != $1.frame })
        // In color, as a viewer sees the app: a scenario alone draws without.
        #expect(frames[0].frame.cells.contains { $0.style.foreground != nil || $0.style.background != nil })
    }

    @Test("a size line mid-scenario is a resize before the next frame")
    func resizeMidScenario() throws {
        let (result, recording) = try Self.recorded("""
            select com.example.stardust.gems_100
            size 80x24
            """)
        #expect(result.passed, "\(result.summary)")
        let kinds = recording.events.map { event -> String in
            switch event.event {
            case .frame(let frame): return "frame \(frame.width)x\(frame.height)"
            case .resize(let width, let height): return "resize \(width)x\(height)"
            }
        }
        #expect(kinds == ["frame 120x40", "resize 80x24", "frame 80x24"])
    }

    @Test("a failing line's screen is the recording's last frame")
    func failingLineRecorded() throws {
        let (result, recording) = try Self.recorded("""
            select com.example.stardust.gems_100
            buy
            expect screen contains "Nothing like this"
            """)
        #expect(!result.passed)
        #expect(recording.frames.last?.frame.text.contains("Pay Station") == true)
    }
}
