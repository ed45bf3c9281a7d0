import Exports
import Foundation
import Testing
import TerminalUI
@testable import Scenarios

/// `--snapshots` keeps each screen's cells beside its text, so a change of color or attribute
/// fails as a change of text does, and every failure of a run is drawn on `DIR/diff.html`.
@Suite("Runner: snapshots in color")
struct ColorSnapshotTests {
    /// The recorded cells with one cell's foreground changed, as a stale snapshot would be.
    static func recolor(_ path: String, x: Int, y: Int, to color: RGB) throws {
        let frame = try FrameArchive.decode(try Data(contentsOf: URL(fileURLWithPath: path)))
        var cells = frame.cells
        cells[y * frame.width + x].style.foreground = color
        let changed = try #require(Frame(width: frame.width, height: frame.height, cells: cells))
        try FrameArchive.encode(changed).write(to: URL(fileURLWithPath: path))
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("the cells carry the theme's colors, and the text stays as it was without color")
    func cellsInColor() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots")
        let file = try scratch.write("home.scenario", "size 80x24\nsnapshot home\n")
        #expect(ScenarioRunner.run(file, options: try options(in: scratch, snapshots: snapshots)).passed)
        let frame = try FrameArchive.decode(try Data(contentsOf: URL(fileURLWithPath: snapshots + "/home.cells.json")))
        #expect(frame.width == 80 && frame.height == 24)
        // The built-in dark theme's background and text, at 24 bits.
        #expect(frame[0, 5].style.background?.hex == Theme.dark.colors[.background]?.hex)
        #expect(frame.cells.contains { $0.style.foreground?.hex == Theme.dark.colors[.text]?.hex })
        let text = try String(contentsOfFile: snapshots + "/home.txt", encoding: .utf8)
        #expect(text == frame.lines.joined(separator: "\n") + "\n")
    }

    @Test("a change of color alone fails, names the cell and the diff page, and touches neither file")
    func colorOnlyChangeFails() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots")
        let options = try options(in: scratch, snapshots: snapshots)
        let file = try scratch.write("home.scenario", "size 80x24\nsnapshot home\n")
        #expect(ScenarioRunner.run(file, options: options).passed)
        let cells = snapshots + "/home.cells.json", text = snapshots + "/home.txt"
        try Self.recolor(cells, x: 1, y: 0, to: RGB(1, 2, 3))
        let stale = try Data(contentsOf: URL(fileURLWithPath: cells))
        let textBefore = try String(contentsOfFile: text, encoding: .utf8)

        let result = ScenarioRunner.run(file, options: options)
        let failure = try #require(result.failure, "\(result.summary)")
        #expect(failure.line == 2)
        #expect(failure.expected.hasPrefix("the colors and attributes of \(cells) (before and after: \(snapshots)/diff.html); "
                                           + "1 cell differs, the first at column 1, row 0 (\"U\"): #010203 on "))
        #expect(!failure.actual.hasPrefix("#010203"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cells)) == stale)
        #expect(try String(contentsOfFile: text, encoding: .utf8) == textBefore)

        let page = try String(contentsOfFile: snapshots + "/diff.html", encoding: .utf8)
        #expect(page.contains("<h1>1 snapshot failed</h1>"))
        #expect(page.contains("<h2>home (home.scenario:2): 1 cell changed</h2>"))
        #expect(Self.count("class=\"mark\"", in: page) == 2)  // the one cell, outlined over before and after
        #expect(page.contains(#"data-x="1" data-y="0" data-cells="1""#))
    }

    @Test("a directory with only NAME.txt compares the text and gains the cells")
    func textOnlyDirectory() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots")
        let options = try options(in: scratch, snapshots: snapshots)
        let file = try scratch.write("home.scenario", "size 80x24\nsnapshot home\n")
        #expect(ScenarioRunner.run(file, options: options).passed)
        let cells = snapshots + "/home.cells.json", text = snapshots + "/home.txt"
        try FileManager.default.removeItem(atPath: cells)

        let result = ScenarioRunner.run(file, options: options)
        #expect(result.passed, "\(result.summary)")
        #expect(result.transcript.last == "    2  snapshot home   ✓ (\(text)) (recorded \(cells))")
        #expect(FileManager.default.fileExists(atPath: cells))
        #expect(!FileManager.default.fileExists(atPath: snapshots + "/diff.html"))
    }

    @Test("a directory with only NAME.txt whose text changed fails with the changed cells outlined")
    func textOnlyDirectoryChanged() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots")
        let file = try scratch.write("home.scenario", "size 80x24\nsnapshot home\n")
        // Recorded before cells were kept, and the first row since edited: "USA" became "USB".
        #expect(ScenarioRunner.run(file, options: try options(in: scratch, snapshots: snapshots)).passed)
        try FileManager.default.removeItem(atPath: snapshots + "/home.cells.json")
        let text = snapshots + "/home.txt"
        let recorded = try String(contentsOfFile: text, encoding: .utf8)
        try recorded.replacingOccurrences(of: " USA en_US", with: " USB en_US").write(toFile: text, atomically: true, encoding: .utf8)

        let result = ScenarioRunner.run(file, options: try options(in: scratch, snapshots: snapshots))
        let failure = try #require(result.failure, "\(result.summary)")
        #expect(failure.expected.contains("first difference on row 0:  USB en_US"))
        #expect(!FileManager.default.fileExists(atPath: snapshots + "/home.cells.json"))
        let page = try String(contentsOfFile: snapshots + "/diff.html", encoding: .utf8)
        // Only the letter that changed: the recorded text is drawn in today's styles.
        #expect(Self.count("class=\"mark\"", in: page) == 2)
        #expect(page.contains(#"data-x="3" data-y="0" data-cells="1""#))
    }

    @Test("the diff page holds every snapshot that failed in the run, in file order")
    func everyFailureOfTheRun() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots")
        let a = try scratch.write("a.scenario", "size 60x20\nsnapshot one\n")
        let b = try scratch.write("b.scenario", "size 60x20\nsnapshot two\n")
        let recording = try options(in: scratch, snapshots: snapshots)
        let recorded = ScenarioSuite.run([a, b], options: recording, jobs: 2)
        #expect(recorded.count == 2 && recorded.allSatisfy { $0.passed })
        try Self.recolor(snapshots + "/one.cells.json", x: 0, y: 1, to: RGB(9, 9, 9))
        try Self.recolor(snapshots + "/two.cells.json", x: 2, y: 3, to: RGB(9, 9, 9))

        let run = try ScenarioSuite.run([b, a], options: options(in: scratch, snapshots: snapshots), jobs: 2)
        #expect(run.allSatisfy { $0.failure != nil })
        let page = try String(contentsOfFile: snapshots + "/diff.html", encoding: .utf8)
        #expect(page.contains("<h1>2 snapshots failed</h1>"))
        let one = try #require(page.range(of: "one (a.scenario:2)")), two = try #require(page.range(of: "two (b.scenario:2)"))
        #expect(one.lowerBound < two.lowerBound)
        // A run of its own starts a page of its own.
        let alone = ScenarioRunner.run(a, options: try options(in: scratch, snapshots: snapshots))
        #expect(alone.failure != nil)
        #expect(try String(contentsOfFile: snapshots + "/diff.html", encoding: .utf8).contains("<h1>1 snapshot failed</h1>"))
    }

    @Test("a cells file that is not a frame is a script error that names it and says what to do")
    func damagedCells() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots")
        let file = try scratch.write("home.scenario", "size 80x24\nsnapshot home\n")
        try scratch.write("snapshots/home.cells.json", "{\"width\": 2}")
        let result = ScenarioRunner.run(file, options: try options(in: scratch, snapshots: snapshots))
        guard case .scriptError(let error) = result.outcome else {
            Issue.record("expected a script error, got \(result.outcome)")
            return
        }
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("the snapshot \(snapshots)/home.cells.json is not a frame of cells ("))
        #expect(error.message.hasSuffix("delete it to record it again"))

        // A folder of that name says so.
        try FileManager.default.removeItem(atPath: snapshots + "/home.cells.json")
        try FileManager.default.createDirectory(atPath: snapshots + "/home.cells.json", withIntermediateDirectories: true)
        let folder = ScenarioRunner.run(file, options: try options(in: scratch, snapshots: snapshots))
        guard case .scriptError(let second) = folder.outcome else {
            Issue.record("expected a script error, got \(folder.outcome)")
            return
        }
        #expect(second.message == "the snapshot \(snapshots)/home.cells.json is a folder; remove it to record the snapshot again")
    }

    @Test("a text snapshot that is not UTF-8 is a script error that names it, and is left alone")
    func textNotUTF8() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots")
        let file = try scratch.write("home.scenario", "size 80x24\nsnapshot home\n")
        try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
        let bytes = Data([0x48, 0xFF, 0xFE, 0x0A])
        try bytes.write(to: URL(fileURLWithPath: snapshots + "/home.txt"))
        let result = ScenarioRunner.run(file, options: try options(in: scratch, snapshots: snapshots))
        guard case .scriptError(let error) = result.outcome else {
            Issue.record("expected a script error, got \(result.outcome)")
            return
        }
        #expect(error.line == 2)
        #expect(error.message == "the snapshot \(snapshots)/home.txt is not UTF-8 text; delete it to record it again")
        #expect(try Data(contentsOf: URL(fileURLWithPath: snapshots + "/home.txt")) == bytes)
    }

    @Test("a diff page that cannot be written is an I/O error naming it")
    func diffPageUnwritable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots")
        let options = try options(in: scratch, snapshots: snapshots)
        let file = try scratch.write("home.scenario", "size 80x24\nsnapshot home\n")
        #expect(ScenarioRunner.run(file, options: options).passed)
        try Self.recolor(snapshots + "/home.cells.json", x: 1, y: 0, to: RGB(1, 2, 3))
        // A folder where the page goes: no file can be written there, even by root.
        try FileManager.default.createDirectory(atPath: snapshots + "/diff.html/taken", withIntermediateDirectories: true)
        let result = ScenarioRunner.run(file, options: options)
        guard case .ioError(let error) = result.outcome else {
            Issue.record("expected an I/O error, got \(result.outcome)")
            return
        }
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("cannot write \(snapshots)/diff.html: "))
    }

    @Test("a snapshot that cannot be written is an I/O error naming it")
    func snapshotUnwritable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots")
        let file = try scratch.write("home.scenario", "size 80x24\nsnapshot home\n")
        // A file where the folder goes: nothing can be written in it, even by root.
        try scratch.write("snapshots", "not a folder")
        let result = ScenarioRunner.run(file, options: try options(in: scratch, snapshots: snapshots))
        guard case .ioError(let error) = result.outcome else {
            Issue.record("expected an I/O error, got \(result.outcome)")
            return
        }
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("cannot write the snapshot \(snapshots)/home.txt: "))
    }
}
