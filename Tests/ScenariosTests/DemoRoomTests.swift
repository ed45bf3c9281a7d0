import Exports
import Foundation
import Program
import TerminalUI
import Testing
@testable import Scenarios

/// What the room sees while a demo plays: the presenter's keys on the bottom line (none in
/// front of an audience), the last caption kept at the end, each caption over the step it
/// describes, and a headless recording with the same frames for the same seconds. On a scripted
/// terminal whose clock moves by each pause, so every duration is exact and none is waited for.
@Suite("Demo: what the room sees")
struct DemoRoomTests {
    private typealias Player = DemoPlayer<ScriptedTerminal>

    private func play(_ name: String, width: Int = 120, height: Int = 40, speed: Double = 1,
                      audience: Bool = false) throws -> ScriptedTerminal {
        let terminal = ScriptedTerminal(width: width, height: height)
        terminal.quitsAtTheEnd()
        var settings = DemoSettings()
        settings.speed = speed
        settings.look.audience = audience
        let demo = DemoPlayer(scenario: try shippedDemo(name), options: ScenarioOptions(), settings: settings,
                              backend: terminal, inbox: Inbox(), elapsedSeconds: { [unowned terminal] in terminal.clock })
        #expect(demo.play() == .quit)
        return terminal
    }

    /// Where the app's own bottom line names its keys, which do nothing in a demo.
    private static let appKeys = ["Enter buy", "Tab pane", "Esc cancel", "Esc back", "? help"]

    @Test("the bottom line shows the presenter's keys, never the app's; in front of an audience, no keys at all",
          arguments: [false, true])
    func bottomLine(audience: Bool) throws {
        let terminal = try play("storekit-ask-to-buy", width: 80, height: 24, speed: 4, audience: audience)
        let bottomRows = terminal.frames.map { $0.frame.lines.last ?? "" }
        for key in Self.appKeys {
            #expect(!bottomRows.contains { $0.contains(key) }, "\(key) on the bottom line:\n\(Set(bottomRows).joined(separator: "\n"))")
        }
        #expect(bottomRows.contains { $0.contains(Player.playingKeys) } == !audience, "\(Set(bottomRows))")
    }

    @Test("at the end the last caption stays, whole, with the end note beside it or under it",
          arguments: [(80, 24), (120, 40)])
    func endKeepsTheLastCaption(size: (width: Int, height: Int)) throws {
        let scenario = try shippedDemo("storekit-ask-to-buy")
        let last = try #require(captions(of: scenario).last)
        let terminal = try play("storekit-ask-to-buy", width: size.width, height: size.height, speed: 4)
        let end = try #require(terminal.lastFrame)
        let rows = CaptionBar.lines(for: last, width: size.width)
        for (index, row) in rows.enumerated() {
            #expect(end.lines[index].hasPrefix(" " + row), "row \(index) of the caption:\n\(end.lines.prefix(4).joined(separator: "\n"))")
        }
        #expect(end.lines.prefix(rows.count + 1).contains { $0.contains(Player.endNote) },
                "\(end.lines.prefix(4).joined(separator: "\n"))")
    }

    @Test("a caption is over the step it describes: the App Store sheet's only over the sheet, at any speed",
          arguments: [0.5, 1, 4])
    func captionGoesWithItsStep(speed: Double) throws {
        let scenario = try shippedDemo("storekit-ask-to-buy")
        let sheetCaption = try #require(captions(of: scenario).first { $0.hasPrefix("The App Store sheet") })
        let terminal = try play("storekit-ask-to-buy", speed: speed)
        var sheetUnderAnother = 0.0, captionWithoutSheet = 0.0, captionOverSheet = 0.0
        for (frame, seconds) in terminal.shownFrames {
            let sheet = frame.lines.contains { $0.contains("App Store") && $0.contains("╭") }
            let captioned = frame.lines[0].hasPrefix(" " + sheetCaption)
            if sheet && !captioned { sheetUnderAnother += seconds }
            if captioned && !sheet { captionWithoutSheet += seconds }
            if captioned && sheet { captionOverSheet += seconds }
        }
        #expect(sheetUnderAnother == 0, "the sheet showed \(sheetUnderAnother) s under another caption")
        #expect(captionWithoutSheet == 0, "the sheet's caption stayed \(captionWithoutSheet) s after the sheet closed")
        // Read, then the beat before the script answers the sheet.
        let paced = DemoPacing.delay(for: .caption(characters: sheetCaption.count), speed: speed)
            + DemoPacing.delay(for: .action, speed: speed)
        #expect(abs(captionOverSheet - paced) < 1e-9, "\(captionOverSheet) s over the sheet, paced \(paced) s")
    }

    @Test("headless, a demo records each caption for as long as its pacing says, as a presenter's recording has it",
          arguments: [1, 4])
    func headlessRecording(speed: Double) throws {
        let scenario = try shippedDemo("storekit-ask-to-buy")
        var settings = DemoSettings()
        settings.speed = speed
        let headless = HeadlessDemo.record(scenario, options: ScenarioOptions(), settings: settings, title: "storekit")
        #expect(headless.ending == .quit)
        let frames = headless.recording.frames
        // What the script's pacing says: each caption for its reading, and each step after it
        // until the next caption for the beat before it acts.
        var expected: [(caption: String, seconds: Double)] = []
        for line in scenario.lines {
            if case .caption(let text) = line.command {
                expected.append((text, DemoPacing.delay(for: .caption(characters: text.count), speed: speed)))
            } else if !expected.isEmpty {
                expected[expected.count - 1].seconds += DemoPacing.delay(for: line.command.pace, speed: speed)
            }
        }
        var recorded: [(caption: String, seconds: Double)] = []
        for (this, next) in zip(frames, frames.dropFirst()) {
            let caption = try #require(expected.first { this.frame.lines[0].hasPrefix(" " + $0.caption) }?.caption,
                                       "a frame under no caption of the script: \(this.frame.lines[0])")
            if recorded.last?.caption == caption {
                recorded[recorded.count - 1].seconds += next.time - this.time
            } else {
                recorded.append((caption, next.time - this.time))
            }
        }
        #expect(recorded.map(\.caption) == expected.map(\.caption))
        for (got, want) in zip(recorded, expected) {
            #expect(abs(got.seconds - want.seconds) < 1e-9, "\(got.caption): \(got.seconds) s, paced \(want.seconds) s")
        }
        #expect(frames.last?.frame.lines.prefix(3).contains { $0.contains(Player.endNote) } == true)
        // A presenter's recording of the same demo at the same speed, on the scripted clock.
        let terminal = ScriptedTerminal()
        terminal.quitsAtTheEnd()
        let recorder = Recorder(width: 120, height: 40, clock: .custom { [clock = terminal.scriptedClock] in clock.now })
        let presenter = DemoPlayer(scenario: scenario, options: ScenarioOptions(), settings: settings,
                                   backend: RecordingBackend(terminal, recorder: recorder), inbox: Inbox(),
                                   elapsedSeconds: { [unowned terminal] in terminal.clock })
        #expect(presenter.play() == .quit)
        let presented = recorder.recording.frames
        #expect(presented.map(\.time) == frames.map(\.time))
        #expect(presented.map(\.frame.lines) == frames.map(\.frame.lines))
    }
}

