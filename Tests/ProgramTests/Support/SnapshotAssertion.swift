import Foundation
import TerminalUI
import TestFixtures
import Testing

/// Compares a frame's text with the golden file `__Snapshots__/<name>.txt`. A missing golden
/// is written and the test fails, so a new snapshot is always looked at once before it counts;
/// `SNAPSHOT_RECORD=1` rewrites every golden (and fails, for the same reason).
func assertSnapshot(_ frame: Frame, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = packageRoot.appendingPathComponent("Tests/ProgramTests/__Snapshots__")
    let file = directory.appendingPathComponent("\(name).txt")
    let actual = frame.text + "\n"
    let record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
    guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("Recorded snapshot \(name).txt; look at it, then run the tests again.\n\(actual)",
                     sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var diff: [String] = []
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let old = index < expectedLines.count ? String(expectedLines[index]) : "(none)"
            let new = index < actualLines.count ? String(actualLines[index]) : "(none)"
            if old != new { diff.append("line \(index + 1):\n  expected: \(old)\n  actual:   \(new)") }
        }
        Issue.record("""
            Snapshot \(name).txt differs (SNAPSHOT_RECORD=1 rewrites it if the change is intended).
            --- expected ---
            \(expected)--- actual ---
            \(actual)--- differing lines ---
            \(diff.joined(separator: "\n"))
            """, sourceLocation: sourceLocation)
    }
}
