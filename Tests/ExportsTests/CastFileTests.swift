import Exports
import Foundation
import Testing
import TerminalUI

/// The asciinema v2 writer: a header line, then one event a line, each valid JSON.
@Suite struct CastFileTests {
    static func frame(_ text: String, width: Int = 12, height: Int = 2) -> Frame {
        var frame = Frame(width: width, height: height)
        frame.write(text, x: 0, y: 0, style: Style(foreground: RGB(1, 2, 3)))
        return frame
    }

    static func lines(_ recording: Recording) -> [String] {
        var lines = CastFile.document(recording).components(separatedBy: "\n")
        #expect(lines.last == "", "a cast ends with a newline")
        lines.removeLast()
        return lines
    }

    static func json(_ line: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
    }

    @Test func theHeaderSaysVersionSizeTimestampTitleAndEnvironment() throws {
        let recording = Recording(width: 12, height: 2, started: Date(timeIntervalSince1970: 1_795_000_000.75),
                                  title: "Stardust \"Quest\"", environment: ["TERM": "xterm-256color", "SHELL": "/bin/bash"],
                                  events: [(0, .frame(Self.frame("Gems")))])
        let lines = Self.lines(recording)
        let header = try #require(try Self.json(lines[0]) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 12)
        #expect(header["height"] as? Int == 2)
        #expect(header["timestamp"] as? Int == 1_795_000_000)
        #expect(header["title"] as? String == "Stardust \"Quest\"")
        #expect(header["env"] as? [String: String] == ["TERM": "xterm-256color", "SHELL": "/bin/bash"])
        #expect(lines[0].hasPrefix("{\"version\": 2, "))
    }

    @Test func aRecordingWithoutATitleOrEnvironmentLeavesTheTitleOut() throws {
        let lines = Self.lines(Recording(width: 3, height: 1, started: Date(timeIntervalSince1970: 0)))
        #expect(lines == ["{\"version\": 2, \"width\": 3, \"height\": 1, \"timestamp\": 0, \"env\": {}}"])
    }

    @Test func eachFrameIsAnOutputEventOfOnlyWhatChanged() throws {
        let first = Self.frame("Gems 100"), second = Self.frame("Gems 550")
        let recording = Recording(width: 12, height: 2, started: Date(), events: [
            (0, .frame(first)), (0.5, .frame(second)), (1.25, .frame(second)),
        ])
        let lines = Self.lines(recording)
        // The third frame changed nothing: no event for it.
        #expect(lines.count == 3)
        let events = try lines.dropFirst().map { try #require(try Self.json($0) as? [Any]) }
        #expect(events.map { $0.count } == [3, 3])
        #expect(events.map { $0[0] as? Double } == [0, 0.5])
        #expect(events.map { $0[1] as? String } == ["o", "o"])
        #expect(events[0][2] as? String == "\u{1B}[?25l" + ANSIText.changes(from: nil, to: first))
        #expect(events[1][2] as? String == ANSIText.changes(from: first, to: second))
        #expect(lines[2].hasPrefix("[0.500000, \"o\", \""))
    }

    @Test func controlCharactersAreEscapedSoEachLineIsOneJSONValue() throws {
        // A frame's cells never hold controls, but the bytes around them are escapes: ESC must
        // be \u001b, and quotes and backslashes in the text escaped too.
        let frame = Self.frame("a\"b\\c/d", width: 10, height: 1)
        let lines = Self.lines(Recording(width: 10, height: 1, started: Date(), events: [(0, .frame(frame))]))
        #expect(lines.count == 2)
        #expect(lines[1].contains("\\u001b[?25l"))
        #expect(!lines[1].unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(lines[1].contains(#"a\"b\\c/d"#))
        let event = try #require(try Self.json(lines[1]) as? [Any])
        #expect((event[2] as? String)?.contains("a\"b\\c/d") == true)
    }

    @Test func aTitleWithABidiOverrideIsWrittenAsJSONEscapesIt() throws {
        // A scenario's file name names the recording; an override in it would reorder the line.
        let recording = Recording(width: 3, height: 1, started: Date(timeIntervalSince1970: 0), title: "buy\u{202E}.scenario")
        let lines = Self.lines(recording)
        #expect(lines[0].contains(#""title": "buy\u202E.scenario""#), "\(lines[0])")
        #expect(!lines[0].unicodeScalars.contains { $0.properties.generalCategory == .format })
        let header = try #require(try Self.json(lines[0]) as? [String: Any])
        #expect(header["title"] as? String == "buy\u{202E}.scenario")
    }

    @Test func aResizeIsAnREventAndTheNextFrameIsDrawnWhole() throws {
        let small = Self.frame("Gems", width: 8, height: 2), large = Self.frame("Gems", width: 20, height: 3)
        let recording = Recording(width: 8, height: 2, started: Date(), events: [
            (0, .frame(small)), (1, .resize(width: 20, height: 3)), (1, .frame(large)),
        ])
        let lines = Self.lines(recording)
        #expect(lines.count == 4)
        #expect(lines[2] == "[1.000000, \"r\", \"20x3\"]")
        let event = try #require(try Self.json(lines[3]) as? [Any])
        #expect(event[2] as? String == ANSIText.changes(from: nil, to: large))
    }

    @Test func timesAreWrittenInFullToTheMicrosecond() throws {
        let frames = [Self.frame("a"), Self.frame("b"), Self.frame("c")]
        let recording = Recording(width: 12, height: 2, started: Date(), events: [
            (0.000001, .frame(frames[0])), (61.5, .frame(frames[1])), (3600.1234567, .frame(frames[2])),
        ])
        let times = Self.lines(recording).dropFirst().map { String($0.dropFirst().prefix { $0 != "," }) }
        #expect(times == ["0.000001", "61.500000", "3600.123457"])
    }
}
