import Foundation
import Exports
import Testing
import TerminalUI

/// `--record demo.gif`: an animated recording as a GIF from Debian's rsvg-convert and ffmpeg
/// (`make test-browser` installs both), each frame drawn as the animated SVG shows it.
/// (Frame counts and times: EndToEndTests' Recording suite; a missing program: ExportsTests.)
@Suite struct AnimatedGIFTests {
    /// The color of one pixel of frame `index` of `gif`, as ffmpeg decodes it.
    static func pixel(of gif: URL, frame index: Int, at point: (Int, Int)) throws -> RGB {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-gif-\(UUID().uuidString.prefix(8)).rgb")
        defer { try? FileManager.default.removeItem(at: raw) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y", "-i", gif.path,
                             "-vf", "select=eq(n\\,\(index)),crop=1:1:\(point.0):\(point.1)",
                             "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", raw.path]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let bytes = [UInt8](try Data(contentsOf: raw))
        guard process.terminationStatus == 0, bytes.count == 3 else { throw Chromium.Failure(description: "ffmpeg read no pixel of \(gif.path)") }
        return RGB(bytes[0], bytes[1], bytes[2])
    }

    static func near(_ found: RGB, _ expected: RGB?) -> Bool {
        guard let expected else { return false }
        // A GIF's palette holds 256 colors; a picture of a few keeps them, give or take.
        return abs(Int(found.red) - Int(expected.red)) <= 4 && abs(Int(found.green) - Int(expected.green)) <= 4
            && abs(Int(found.blue) - Int(expected.blue)) <= 4
    }

    @Test func aRecordingBecomesAGIFWithItsFramesInOrder() throws {
        let frames = [(0.0, SVGBrowserTests.paywall(selection: 0)), (0.5, SVGBrowserTests.paywall(selection: 3)),
                      (1.0, SVGBrowserTests.paywall(selection: 6))]
        let recording = Recording(width: 40, height: 16, started: Date(timeIntervalSince1970: 0),
                                  events: frames.map { ($0.0, .frame($0.1)) })
        let gif = try TestOutput.directory("gif").appendingPathComponent("recording.gif")
        try? FileManager.default.removeItem(at: gif)
        try RecordingFile(path: gif.path).write(recording)
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
}
