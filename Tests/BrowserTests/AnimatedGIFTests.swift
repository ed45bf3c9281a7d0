import Foundation
import Exports
import Testing
import TerminalUI

/// `scripts/animated-svg-to-gif`: an animated recording as a GIF from Debian's rsvg-convert and
/// ffmpeg (`make test-browser` installs both), with a frame per recorded frame at its time.
@Suite struct AnimatedGIFTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = root.appendingPathComponent("scripts/animated-svg-to-gif")

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ executable: String, _ arguments: [String], path: String? = nil) throws -> Run {
        let errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-gif-\(UUID().uuidString.prefix(8)).err")
        _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let path { process.environment = ["PATH": path] }
        let output = Pipe()
        process.standardOutput = output
        // Errors to a file, so a chatty tool cannot fill a second pipe while this one is read.
        process.standardError = try FileHandle(forWritingTo: errorsFile)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
                   errors: (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? "")
    }

    static func tool(_ name: String) throws -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Chromium.Failure(description: "no \(name) on PATH: `make test-browser` installs librsvg2-bin and ffmpeg")
    }

    /// The color of one pixel of frame `index` of `gif`, as ffmpeg decodes it.
    static func pixel(of gif: URL, frame index: Int, at point: (Int, Int)) throws -> RGB {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-gif-\(UUID().uuidString.prefix(8)).rgb")
        defer { try? FileManager.default.removeItem(at: raw) }
        let run = try run(try tool("ffmpeg"), ["-hide_banner", "-loglevel", "error", "-y", "-i", gif.path,
                                               "-vf", "select=eq(n\\,\(index)),crop=1:1:\(point.0):\(point.1)",
                                               "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", raw.path])
        let bytes = [UInt8](try Data(contentsOf: raw))
        guard run.status == 0, bytes.count == 3 else { throw Chromium.Failure(description: "ffmpeg read no pixel: \(run.errors)") }
        return RGB(bytes[0], bytes[1], bytes[2])
    }

    static func near(_ found: RGB, _ expected: RGB?) -> Bool {
        guard let expected else { return false }
        // A GIF's palette holds 256 colors; a picture of a few keeps them, give or take.
        return abs(Int(found.red) - Int(expected.red)) <= 4 && abs(Int(found.green) - Int(expected.green)) <= 4
            && abs(Int(found.blue) - Int(expected.blue)) <= 4
    }

    /// A recording of three frames written as `name`.svg; each test its own, as they run at once.
    static func recordingFile(_ name: String) throws -> URL {
        let frames = [(0.0, SVGBrowserTests.paywall(selection: 0)), (0.5, SVGBrowserTests.paywall(selection: 3)),
                      (1.0, SVGBrowserTests.paywall(selection: 6))]
        let recording = Recording(width: 40, height: 16, started: Date(timeIntervalSince1970: 0),
                                  events: frames.map { ($0.0, .frame($0.1)) })
        let file = try TestOutput.directory("gif").appendingPathComponent("\(name).svg")
        try AnimatedSVG.document(recording).write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func aRecordingBecomesAGIFWithItsFramesInOrder() throws {
        let svg = try Self.recordingFile("recording")
        let gif = svg.deletingLastPathComponent().appendingPathComponent("recording.gif")
        try? FileManager.default.removeItem(at: gif)
        let run = try Self.run(Self.script.path, [svg.path, gif.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("3 frames"))
        let header = try Data(contentsOf: gif).prefix(6)
        #expect(String(decoding: header, as: UTF8.self) == "GIF89a")

        let colors = SVGBrowserTests.theme.colors
        let plan1 = SVGBrowserTests.centre(30, 3), plan7 = SVGBrowserTests.centre(30, 9)
        #expect(Self.near(try Self.pixel(of: gif, frame: 0, at: plan1), colors[.selection]))
        #expect(Self.near(try Self.pixel(of: gif, frame: 0, at: plan7), colors[.background]))
        let plan4 = SVGBrowserTests.centre(30, 6)
        #expect(Self.near(try Self.pixel(of: gif, frame: 1, at: plan1), colors[.background]))
        #expect(Self.near(try Self.pixel(of: gif, frame: 1, at: plan4), colors[.selection]))
        #expect(Self.near(try Self.pixel(of: gif, frame: 2, at: plan1), colors[.background]))
        #expect(Self.near(try Self.pixel(of: gif, frame: 2, at: plan7), colors[.selection]))
    }

    @Test func aMissingRecordingIsNoInput() throws {
        let run = try Self.run(Self.script.path, ["/nonexistent/demo.svg", "/tmp/demo.gif"])
        #expect(run.status == 66)
        #expect(run.errors.contains("cannot read /nonexistent/demo.svg"))
    }

    @Test func aStillPictureIsRefusedAsNotARecording() throws {
        let still = try TestOutput.directory("gif").appendingPathComponent("still.svg")
        try FrameSVG.document(SVGBrowserTests.paywall(selection: 0)).write(to: still, atomically: true, encoding: .utf8)
        let run = try Self.run(Self.script.path, [still.path, "/tmp/still.gif"])
        #expect(run.status == 65)
        #expect(run.errors.contains("not an animated recording"))
    }

    @Test func aMissingToolIsNamedWithHowToInstallIt() throws {
        let svg = try Self.recordingFile("no-tools")
        let run = try Self.run(Self.script.path, [svg.path, "/tmp/demo.gif"], path: "/nonexistent")
        #expect(run.status == 69)
        #expect(run.errors.contains("rsvg-convert is missing; install it with: sudo apt-get install -y librsvg2-bin ffmpeg"))
    }

    @Test func aRecordingRsvgCannotReadIsBadData() throws {
        let broken = try TestOutput.directory("gif").appendingPathComponent("broken.svg")
        try #"<svg xmlns="http://www.w3.org/2000/svg" data-frame-times="0 1" data-duration="3"><g"#
            .write(to: broken, atomically: true, encoding: .utf8)
        let run = try Self.run(Self.script.path, [broken.path, "/tmp/broken.gif"])
        #expect(run.status == 65)
        #expect(run.errors.contains("rsvg-convert could not draw frame 0"))
    }

    @Test func aGIFThatCannotBeWrittenIsAnIOError() throws {
        let svg = try Self.recordingFile("unwritable")
        let run = try Self.run(Self.script.path, [svg.path, "/nonexistent/directory/demo.gif"])
        #expect(run.status == 74)
        #expect(run.errors.contains("ffmpeg could not write /nonexistent/directory/demo.gif"))
    }

    @Test func aWrongCommandLineIsAUsageError() throws {
        #expect(try Self.run(Self.script.path, []).status == 64)
        let run = try Self.run(Self.script.path, ["a.svg", "a.gif", "wide"])
        #expect(run.status == 64)
        #expect(run.errors.contains("WIDTH must be a number"))
    }
}
