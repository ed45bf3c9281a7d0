import Exports
import Foundation
import Testing
import TerminalUI
@testable import Scenarios

/// `capture [NAME]`: the screen saved as the app's `c` saves it, as SVG, PNG and text drawn by
/// the writers `export` uses (rsvg-convert, which `make test` installs, draws the PNG).
@Suite("Runner: capture")
struct CaptureTests {
    @Test("capture saves the screen as SVG, PNG and text, each as export draws the same frame")
    func savesTheScreen() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var options = try options(in: scratch, snapshots: scratch.file("snapshots"))
        options.capturesDirectory = scratch.file("shots")
        let file = try scratch.write("home.scenario", "size 80x24\nselect 2\ncapture home\nsnapshot home\n")
        let result = ScenarioRunner.run(file, options: options)
        #expect(result.passed, "\(result.summary)")
        let base = scratch.file("shots/home")
        #expect(result.transcript.contains("    3  capture home   (Screen saved as \(base).svg, .png and .txt.)"),
                "\(result.transcript.joined(separator: "\n"))")
        // The snapshot of the same screen keeps its cells: the capture is that frame, drawn.
        let frame = try FrameArchive.decode(try Data(contentsOf: URL(fileURLWithPath: scratch.file("snapshots/home.cells.json"))))
        #expect(try String(contentsOfFile: base + ".txt", encoding: .utf8) == frame.text + "\n")
        #expect(try String(contentsOfFile: base + ".svg", encoding: .utf8) == FrameSVG.document(frame))
        let png = try Data(contentsOf: URL(fileURLWithPath: base + ".png"))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test("without a name each capture is named by the time, and a second in the same second gets -2")
    func unnamed() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let capture = ScreenCapture(directory: scratch.file("shots"))
        let now = Date(timeIntervalSince1970: 1_767_258_000)
        let frame = Frame(width: 4, height: 1)
        let first = try capture.write(frame, naming: .stamped(now))
        let second = try capture.write(frame, naming: .stamped(now))
        let stamp = first.files[0].dropFirst(scratch.file("shots/").count).prefix(while: { $0 != "." })
        #expect(stamp.count == "2026-01-01-090000".count, "\(first.files)")
        #expect(second.files == first.files.map { $0.replacingOccurrences(of: "\(stamp).", with: "\(stamp)-2.") })
    }

    @Test("without rsvg-convert the SVG and text are saved and the sentence says how to get the PNG")
    func withoutConverter() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let outcome = try ScreenCapture(directory: scratch.file("shots"), path: "/nonexistent")
            .write(Frame(width: 4, height: 1), naming: .replacing("plain"))
        #expect(outcome.sentence == "Screen saved as \(scratch.file("shots/plain")).svg and .txt; "
                + "no .png: rsvg-convert is not on PATH (apt-get install librsvg2-bin).")
    }

    @Test("a capture that cannot be written stops the run as an I/O error on its line")
    func unwritable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var options = try options(in: scratch)
        // A file where the folder would go.
        options.capturesDirectory = try scratch.write("taken", "")
        let file = try scratch.write("home.scenario", "size 80x24\ncapture home\n")
        let result = ScenarioRunner.run(file, options: options)
        guard case .ioError(let error) = result.outcome else {
            Issue.record("expected an I/O error: \(result.summary)")
            return
        }
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("cannot capture the screen: \(scratch.file("taken")): cannot make the folder"), "\(error.message)")
    }
}
