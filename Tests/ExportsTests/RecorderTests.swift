import Exports
import Foundation
import Program
import Testing
import TerminalUI

/// The recorder and the backend that feeds it, and the file `--record` writes.
@Suite struct RecorderTests {
    static func frame(_ text: String, width: Int = 10, height: Int = 2) -> Frame {
        var frame = Frame(width: width, height: height)
        frame.write(text, x: 0, y: 0, style: .plain)
        return frame
    }

    @Test func framesAreKeptInOrderOnAPacedClockAndARepeatIsNotKept() {
        let recorder = Recorder(width: 1, height: 1, clock: .paced(secondsPerFrame: 0.5))
        for text in ["one", "two", "two", "three"] { recorder.record(Self.frame(text)) }
        let recording = recorder.recording
        #expect(recording.frames.map { $0.frame.lines[0] } == ["one", "two", "three"])
        #expect(recording.frames.map { $0.time } == [0, 0.5, 1.0])
        // The first frame gives the recording its size.
        #expect(recording.width == 10 && recording.height == 2)
    }

    @Test func aFrameOfAnotherSizeIsPrecededByAResize() {
        let recorder = Recorder(width: 10, height: 2, clock: .paced(secondsPerFrame: 1))
        recorder.record(Self.frame("small"))
        recorder.record(Self.frame("large", width: 30, height: 4))
        let kinds = recorder.recording.events.map { event -> String in
            switch event.event {
            case .frame(let frame): return "frame \(frame.width)x\(frame.height) at \(event.time)"
            case .resize(let width, let height): return "resize \(width)x\(height) at \(event.time)"
            }
        }
        #expect(kinds == ["frame 10x2 at 0.0", "resize 30x4 at 1.0", "frame 30x4 at 1.0"])
    }

    @Test func theBackendForwardsEveryCallAndRecordsWhatItDraws() {
        let base = HeadlessBackend(width: 10, height: 2)
        let backend = RecordingBackend(base, recorder: Recorder(width: 10, height: 2, clock: .paced(secondsPerFrame: 0.5)))
        #expect(backend.size == (10, 2))
        base.size = (12, 3)
        #expect(backend.size == (12, 3))
        backend.draw(Self.frame("Gems"))
        backend.draw(Self.frame("Gems 100"))
        #expect(base.drawCount == 2)
        #expect(base.frame == Self.frame("Gems 100"))
        #expect(backend.recorder.recording.frames.map { $0.frame.lines[0] } == ["Gems", "Gems 100"])
        #expect(backend.waitForInput(timeout: 0, inbox: Inbox()) == [])
        #expect(backend.widthMode == base.widthMode)
    }

    @Test func theWallClockNeverGoesBack() {
        let recorder = Recorder(width: 10, height: 2)
        for text in ["a", "b", "c"] { recorder.record(Self.frame(text)) }
        let times = recorder.recording.frames.map { $0.time }
        #expect(times.count == 3)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(times.allSatisfy { $0 >= 0 })
    }

    @Test func theEnvironmentKeepsTermAndShellOnly() {
        let environment = Recorder.environment(from: ["TERM": "xterm-256color", "SHELL": "/bin/zsh", "HOME": "/root"])
        #expect(environment == ["TERM": "xterm-256color", "SHELL": "/bin/zsh"])
    }
}

@Suite struct RecordingFileTests {
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-record-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(arguments: [("demo.cast", RecordingFile.Format.cast), ("out/Demo.CAST", .cast), ("demo.svg", .svg),
                      ("demo.gif", .gif), ("Demo.MP4", .mp4)])
    func eachFormatIsChosenByItsExtension(path: String, format: RecordingFile.Format) throws {
        #expect(try RecordingFile(path: path).format == format)
    }

    @Test(arguments: ["demo.webm", "demo", "demo.cast.txt", ".cast", "cast", ".gif"])
    func anyOtherExtensionIsRefusedNamingTheOptionAndEach(path: String) {
        #expect(throws: RecordingFile.Problem.unknownExtension(path: path)) { try RecordingFile(path: path) }
        let message = RecordingFile.Problem.unknownExtension(path: path).description
        #expect(message == "--record takes a file ending in .cast, .svg, .gif or .mp4, not \(path)")
    }

    @Test func aMissingFolderIsSaidBeforeAnythingIsRecorded() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/missing/demo.cast"
        let file = try RecordingFile(path: path)
        #expect(throws: RecordingFile.Problem.unwritable(path: path, reason: "no folder \(folder)/missing")) {
            try file.checkWritable()
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
    }

    @Test func aFolderOrAPathThroughAFileIsRefused() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/taken.cast", withIntermediateDirectories: true)
        #expect(throws: RecordingFile.Problem.unwritable(path: folder + "/taken.cast", reason: "it is a folder")) {
            try RecordingFile(path: folder + "/taken.cast").checkWritable()
        }
        #expect(FileManager.default.createFile(atPath: folder + "/plain", contents: Data()))
        #expect(throws: RecordingFile.Problem.unwritable(path: folder + "/plain/demo.cast", reason: "\(folder)/plain is not a folder")) {
            try RecordingFile(path: folder + "/plain/demo.cast").checkWritable()
        }
    }

    @Test func theCheckLeavesNothingBehindAndTheWriteIsWhole() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try RecordingFile(path: folder + "/demo.cast")
        try file.checkWritable()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        var frame = Frame(width: 8, height: 1)
        frame.write("Gems", x: 0, y: 0, style: .plain)
        let recording = Recording(width: 8, height: 1, started: Date(timeIntervalSince1970: 0), events: [(0, .frame(frame))])
        try file.write(recording)
        #expect(try String(contentsOfFile: folder + "/demo.cast", encoding: .utf8) == CastFile.document(recording))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["demo.cast"])
        // The SVG is the animated picture of the same recording.
        let svg = try RecordingFile(path: folder + "/demo.svg")
        try svg.write(recording)
        #expect(try String(contentsOfFile: folder + "/demo.svg", encoding: .utf8)
                == AnimatedSVG.document(recording, options: SVGOptions(title: nil)))
    }

    @Test func aWriteThatFailsSaysWhereAndWhy() throws {
        let folder = try Self.scratch()
        try FileManager.default.removeItem(atPath: folder)
        let file = try RecordingFile(path: folder + "/demo.cast")
        do {
            try file.write(Recording(width: 1, height: 1, started: Date()))
            Issue.record("a write into a removed folder succeeded")
        } catch {
            guard case .unwritable(let path, let reason) = error else { throw error }
            #expect(path == folder + "/demo.cast")
            #expect(!reason.isEmpty)
        }
    }
}
