import Exports
import Foundation
import Testing
import TerminalUI

/// The round trip: the app's frames recorded, written as a cast, replayed in a terminal
/// emulator that is not ours (pyte); its last screen is the app's last frame.
@Suite struct CastReplayTests {
    static func replay(_ recording: Recording) throws -> PyteReplay {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-\(UUID().uuidString.prefix(8)).cast").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingFile(path: path).write(recording)
        return try PyteReplay.of(castAt: path)
    }

    @Test func theAppsLastFrameIsWhatPyteShowsLast() throws {
        let recorder = Recorder(width: 100, height: 30, title: "walk", clock: .paced(secondsPerFrame: 0.5))
        let frames = try AppFrames.walk()
        for frame in frames { recorder.record(frame) }
        let replay = try Self.replay(recorder.recording)
        #expect(replay.width == 100 && replay.height == 30)
        #expect(replay.outputs == recorder.recording.frames.count)
        #expect(replay.lines == frames[frames.count - 1].lines)
        #expect(replay.duration == Double(replay.outputs - 1) * 0.5)
    }

    @Test func everyStepReplaysToItsFrameNotOnlyTheLast() throws {
        // Each prefix of the walk is a cast of its own: pyte must show each frame in turn.
        let frames = try AppFrames.walk(width: 80, height: 24)
        for count in 1...frames.count {
            let recorder = Recorder(width: 80, height: 24, clock: .paced(secondsPerFrame: 0.5))
            for frame in frames.prefix(count) { recorder.record(frame) }
            #expect(try Self.replay(recorder.recording).lines == frames[count - 1].lines, "after \(count) frames")
        }
    }

    /// Wide characters (Japanese), right-to-left text shaped and mirrored (Arabic), accented
    /// letters and a currency after the amount (German), Indian digits grouping (India).
    @Test(arguments: ["JPN", "SAU", "DEU", "IND"])
    func everyStorefrontsScreensReplay(storefront: String) throws {
        let frames = try AppFrames.walk(width: 120, height: 40, storefront: storefront)
        let recorder = Recorder(width: 120, height: 40, clock: .paced(secondsPerFrame: 0.5))
        // The walk's first screens: the `s` in it moves to the next storefront.
        for frame in frames.prefix(4) { recorder.record(frame) }
        #expect(try Self.replay(recorder.recording).lines == frames[3].lines)
    }

    @Test func aResizeReplaysToTheNewSize() throws {
        let recorder = Recorder(width: 80, height: 24, clock: .paced(secondsPerFrame: 0.5))
        let small = try AppFrames.walk(width: 80, height: 24), large = try AppFrames.walk(width: 120, height: 40)
        recorder.record(small[1])
        recorder.record(large[2])
        let replay = try Self.replay(recorder.recording)
        #expect(replay.resizes == 1)
        #expect(replay.width == 120 && replay.height == 40)
        #expect(replay.lines == large[2].lines)
    }
}
