import Foundation
import Testing
@testable import Scenarios

/// `snapshot NAME` with `--snapshots DIR`: the first run records DIR/NAME.txt, later runs
/// compare with it, and a changed screen fails on the snapshot line without touching the file.
/// (Colors and attributes: ColorSnapshotTests.)
@Suite("Runner: snapshots")
struct SnapshotTests {
    @Test("recorded when missing, then matched, then a changed screen fails")
    func recordMatchFail() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots/paywall")  // not there yet: the run creates it
        let options = try options(in: scratch, snapshots: snapshots)
        let home = try scratch.write("home.scenario", "size 80x24\nsnapshot home\n")
        let recorded = snapshots + "/home.txt"
        let cells = snapshots + "/home.cells.json"

        // 1. Missing: written, and the run passes saying so.
        let first = ScenarioRunner.run(home, options: options)
        #expect(first.passed, "\(first.summary)")
        #expect(first.transcript.last == "    2  snapshot home   (recorded \(recorded), \(cells))")
        let text = try String(contentsOfFile: recorded, encoding: .utf8)
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rows.count == 24)
        #expect(rows.first?.hasPrefix(" USA en_US USD│") == true)

        // 2. Present and equal: passes, compared rather than written again.
        let second = ScenarioRunner.run(home, options: options)
        #expect(second.passed, "\(second.summary)")
        #expect(second.transcript.last == "    2  snapshot home   ✓ (\(recorded), \(cells))")

        // 3. The same name over another screen (the German storefront): fails on that line, and
        // names the first row that differs with both versions of it.
        let german = try scratch.write("german.scenario", "size 80x24\nstorefront DEU\nsnapshot home\n")
        let third = ScenarioRunner.run(german, options: options)
        let failure = try #require(third.failure, "\(third.summary)")
        #expect(failure.line == 3)
        #expect(failure.command == "snapshot home")
        #expect(failure.expected.hasPrefix("the screen of \(recorded) (before and after: \(snapshots)/diff.html); first difference on row 0:"))
        #expect(failure.expected.contains("USA en_US USD"))
        #expect(failure.actual.contains("DEU de_DE EUR"))
        #expect(failure.screen.first?.contains("DEU de_DE EUR") == true)
        // A failed comparison never rewrites the recorded screen.
        #expect(try String(contentsOfFile: recorded, encoding: .utf8) == text)
    }

    @Test("a difference further down names that row")
    func laterRow() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let snapshots = scratch.file("snapshots")
        let options = try options(in: scratch, snapshots: snapshots)
        let file = try scratch.write("select.scenario", "size 80x24\nsnapshot shop\n")
        #expect(ScenarioRunner.run(file, options: options).passed)
        // Edit the recorded file by hand, as a stale snapshot would be: row 6 holds the first product.
        var rows = try String(contentsOfFile: snapshots + "/shop.txt", encoding: .utf8).components(separatedBy: "\n")
        try #require(rows.count > 6)
        rows[6] = "stale row"
        try rows.joined(separator: "\n").write(toFile: snapshots + "/shop.txt", atomically: true, encoding: .utf8)
        let result = ScenarioRunner.run(file, options: options)
        let failure = try #require(result.failure, "\(result.summary)")
        #expect(failure.expected.hasSuffix("first difference on row 6: stale row"))
        #expect(failure.actual.contains("Gems"))
    }

    @Test("without --snapshots the screen goes into the transcript, row by row")
    func transcriptOnly() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("show.scenario", "size 60x20\nsnapshot look\n")
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        #expect(result.passed, "\(result.summary)")
        let screen = result.transcript.filter { $0.hasPrefix("       │") }
        #expect(screen.count == 20)
        #expect(screen.first?.hasPrefix("       │ USA en_US USD│") == true)
        // And no file is written anywhere in the scratch directory but the catalog and the scenario.
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        #expect(written == ["show.scenario", "tiny.json"])
    }
}
