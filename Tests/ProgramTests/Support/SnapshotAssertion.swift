import Foundation
import TerminalUI
import TestFixtures
import Testing

/// Compares a frame with the golden file `__Snapshots__/<name>.txt`: its text, then its styles
/// (`StyledSnapshot.styleLines` in 24-bit colors, the exact colors the frame holds), so a
/// highlight that moves, a color that changes or a bold that goes fails as a changed word does.
/// A missing golden is written and the test fails, so a new snapshot is always looked at once
/// before it counts; `SNAPSHOT_RECORD=1` rewrites every golden (and fails, for the same reason).
func assertSnapshot(_ frame: Frame, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = packageRoot.appendingPathComponent("Tests/ProgramTests/__Snapshots__")
    let file = directory.appendingPathComponent("\(name).txt")
    let actual = SnapshotDocument(frame)
    let record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
    guard !record, let kept = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? actual.text.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("Recorded snapshot \(name).txt; look at it, then run the tests again.\n\(actual.screen)",
                     sourceLocation: sourceLocation)
        return
    }
    let expected = SnapshotDocument(parsing: kept)
    if expected.screen != actual.screen {
        let expectedLines = expected.screen.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.screen.split(separator: "\n", omittingEmptySubsequences: false)
        var diff: [String] = []
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let old = index < expectedLines.count ? String(expectedLines[index]) : "(none)"
            let new = index < actualLines.count ? String(actualLines[index]) : "(none)"
            if old != new { diff.append("line \(index + 1):\n  expected: \(old)\n  actual:   \(new)") }
        }
        Issue.record("""
            Snapshot \(name).txt differs (SNAPSHOT_RECORD=1 rewrites it if the change is intended).
            --- expected ---
            \(expected.screen)--- actual ---
            \(actual.screen)--- differing lines ---
            \(diff.joined(separator: "\n"))
            """, sourceLocation: sourceLocation)
        return
    }
    let differences = expected.styleDifferences(from: actual)
    if !differences.isEmpty {
        Issue.record("""
            Snapshot \(name).txt has the same text but other styles (SNAPSHOT_RECORD=1 rewrites it if the change is intended):
            \(differences.prefix(20).joined(separator: "\n"))\(differences.count > 20 ? "\n… \(differences.count - 20) more rows differ" : "")
            """, sourceLocation: sourceLocation)
    }
}

/// A golden as `assertSnapshot` keeps it: the screen's text, a `== styles ==` line, a legend of
/// the styles (a letter each) and a row of runs per screen row.
struct SnapshotDocument {
    static let stylesMarker = "== styles, 24-bit colors =="

    /// The text of the screen, each row followed by a newline.
    var screen: String
    /// The legend's lines, `a = #12141c on #7cc4ff bold`, by letter.
    var legend: [Character: String]
    /// Each row's runs, `a3 b10 a67`.
    var rows: [String]

    init(_ frame: Frame) {
        screen = frame.text + "\n"
        let lines = StyledSnapshot.styleLines(frame, depth: .trueColor)
        let split = lines.firstIndex(of: "--") ?? lines.count
        legend = Self.legend(lines[..<split])
        rows = Array(lines[min(split + 1, lines.count)...])
    }

    /// Reads a golden back; one written before styles were kept has only its text (and then
    /// every style differs, which asks for a rewrite).
    init(parsing text: String) {
        guard let marker = text.range(of: "\n" + Self.stylesMarker + "\n") else {
            screen = text
            legend = [:]
            rows = []
            return
        }
        screen = String(text[..<marker.lowerBound]) + "\n"
        let lines = text[marker.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let split = lines.firstIndex(of: "--") ?? lines.count
        legend = Self.legend(lines[..<split])
        rows = Array(lines[min(split + 1, lines.count)...]).filter { !$0.isEmpty }
    }

    var text: String {
        let letters = legend.keys.sorted { Self.order($0) < Self.order($1) }
        return screen + Self.stylesMarker + "\n"
            + letters.map { "\($0) = \(legend[$0] ?? "")\n" }.joined() + "--\n"
            + rows.map { $0 + "\n" }.joined()
    }

    /// One line per row whose styles differ: where the first difference is, the character there,
    /// and both styles in words, so the message says what changed without opening the file.
    func styleDifferences(from actual: SnapshotDocument) -> [String] {
        let textRows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for index in 0..<max(rows.count, actual.rows.count) {
            let before = index < rows.count ? Self.cells(rows[index], legend) : []
            let after = index < actual.rows.count ? Self.cells(actual.rows[index], actual.legend) : []
            guard before != after else { continue }
            let column = zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(before.count, after.count)
            let changed = zip(before, after).filter { $0 != $1 }.count + abs(before.count - after.count)
            let character = index < textRows.count ? Self.character(at: column, in: String(textRows[index])) : nil
            out.append("""
                row \(index), column \(column)\(character.map { " (\"\($0)\")" } ?? ""), \(changed) cells differ:
                  expected: \(column < before.count ? before[column] : "(none)")
                  actual:   \(column < after.count ? after[column] : "(none)")
                """)
        }
        return out
    }

    private static func legend(_ lines: ArraySlice<String>) -> [Character: String] {
        var legend: [Character: String] = [:]
        for line in lines {
            guard let letter = line.first, let equals = line.range(of: " = ") else { continue }
            legend[letter] = String(line[equals.upperBound...])
        }
        return legend
    }

    /// A row of runs as one style description per cell.
    private static func cells(_ runs: String, _ legend: [Character: String]) -> [String] {
        runs.split(separator: " ").flatMap { run -> [String] in
            guard let letter = run.first, let count = Int(run.dropFirst()) else { return [] }
            return Array(repeating: legend[letter] ?? "unknown style \(letter)", count: count)
        }
    }

    /// The cell's character by column; a wide character's second column names the character.
    private static func character(at column: Int, in row: String) -> String? {
        var x = 0
        for character in row {
            let width = DisplayWidth.of(character)
            if column < x + max(width, 1) { return String(character) }
            x += max(width, 1)
        }
        return nil
    }

    private static func order(_ letter: Character) -> Int {
        let symbols = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789?"
        return symbols.firstIndex(of: letter).map { symbols.distance(from: symbols.startIndex, to: $0) } ?? 99
    }
}
