@testable import Exports
import Foundation
import Testing
import TerminalUI

/// `--record demo.gif|demo.mp4`: which pictures are drawn, for how long each shows, and what is
/// said when a program is missing. (The files themselves: EndToEndTests' Recording suite.)
@Suite struct RecordingVideoTests {
    static func recording(_ texts: [String], step: Double = 0.5) -> Recording {
        Recording(width: 10, height: 2, started: Date(timeIntervalSince1970: 0),
                  events: texts.enumerated().map { (Double($0.offset) * step, .frame(RecorderTests.frame($0.element))) })
    }

    @Test func aScreenSeenAgainIsDrawnOnceAndShownAgain() {
        let stills = AnimatedSVG.stills(Self.recording(["one", "two", "one", "three"]))
        #expect(stills.pictures.count == 3)
        #expect(stills.shown == [0, 1, 0, 2])
        #expect(stills.times == [0, 0.5, 1.0, 1.5])
        #expect(stills.duration == 1.5 + AnimatedSVG.finalHold)
        #expect(stills.pictures[1].contains(">two<"), "\(stills.pictures[1])")
    }

    @Test func aStillDrawsEveryRowAsTheAnimationDoesSizedToTheWidestFrame() {
        var recording = Self.recording(["one"])
        recording.events.append((0.5, .frame(RecorderTests.frame("wide", width: 20, height: 3))))
        let stills = AnimatedSVG.stills(recording)
        let animated = AnimatedSVG.document(recording)
        let size = #"width="240" height="72""#
        #expect(animated.contains(size))
        #expect(stills.pictures.allSatisfy { $0.contains(size) })
    }

    @Test func eachFrameShowsUntilTheNextAndTheLastForTheHold() {
        let stills = AnimatedSVG.stills(Self.recording(["one", "two", "three"]))
        let gif = RecordingVideo.concatList(stills, closingCopy: false)
        #expect(gif == """
            ffconcat version 1.0
            file '0.png'
            option framerate 100
            duration 0.5
            file '1.png'
            option framerate 100
            duration 0.5
            file '2.png'
            option framerate 100

            """)
        // A video holds the last frame with a copy of it a hundredth before the end.
        let video = RecordingVideo.concatList(stills, closingCopy: true)
        #expect(video.hasSuffix("file '2.png'\noption framerate 100\nduration 1.99\nfile '2.png'\noption framerate 100\n"))
    }

    @Test func aFrameShorterThanAHundredthIsLeftOutAndTheTotalKept() {
        var recording = Self.recording(["one"])
        recording.events += [(0.004, .frame(RecorderTests.frame("blink"))), (0.5, .frame(RecorderTests.frame("two")))]
        let list = RecordingVideo.concatList(AnimatedSVG.stills(recording), closingCopy: false)
        #expect(!list.contains("file '0.png'"))
        #expect(list.hasPrefix("ffconcat version 1.0\nfile '1.png'\noption framerate 100\nduration 0.5\n"))
    }

    @Test(arguments: [("demo.gif", RecordingFile.Format.gif), ("demo.mp4", .mp4)])
    func aMissingProgramIsNamedWithItsDebianPackageBeforeAnythingIsRecorded(path: String, format: RecordingFile.Format) {
        let problem = RecordingFile.Problem.missingProgram("rsvg-convert", package: "librsvg2-bin", format: format)
        #expect(throws: problem) { try RecordingFile(path: path, searchPath: "/nonexistent") }
        #expect(problem.description == "--record .\(format.rawValue) needs rsvg-convert, which is not on PATH; "
                + "install it with `apt-get install librsvg2-bin`, or record a .svg or .cast")
        // A cast or an SVG needs neither program.
        #expect(throws: Never.self) { try RecordingFile(path: "demo.svg", searchPath: "/nonexistent") }
    }

    @Test func ffmpegMissingIsNamedWithItsPackage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-tools-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // rsvg-convert alone on PATH.
        try FileManager.default.createSymbolicLink(atPath: folder + "/rsvg-convert", withDestinationPath: "/bin/true")
        #expect(throws: RecordingFile.Problem.missingProgram("ffmpeg", package: "ffmpeg", format: .mp4)) {
            try RecordingFile(path: "demo.mp4", searchPath: folder)
        }
    }
}
