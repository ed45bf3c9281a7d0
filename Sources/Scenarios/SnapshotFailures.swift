import Exports
import Foundation
import Synchronization

/// The snapshots that failed in one run of scenarios, kept so `DIR/diff.html` shows every one of
/// them, not only the last. One value is shared by every copy of the run's `ScenarioOptions`,
/// and scenarios running side by side (`--jobs`) add to it at once, hence the mutex.
public final class SnapshotFailures: Sendable {
    private struct Failure {
        var file: String
        var line: Int
        var change: ChangedCombination
    }

    private let failures = Mutex<[Failure]>([])

    public init() {}

    /// The changes so far, in the order of their scenario files and lines.
    public var changes: [ChangedCombination] {
        failures.withLock { $0.map(\.change) }
    }

    /// Adds a failed snapshot and writes every one so far as `directory/diff.html`; returns that path.
    func record(_ change: ChangedCombination, file: String, line: Int, in directory: String) throws -> String {
        // The page is written under the mutex, so two scenarios' pages never interleave.
        try failures.withLock { failures in
            failures.append(Failure(file: file, line: line, change: change))
            failures.sort { ($0.file, $0.line) < ($1.file, $1.line) }
            let path = (directory as NSString).appendingPathComponent(DiffPage.fileName)
            let title = failures.count == 1 ? "1 snapshot failed" : "\(failures.count) snapshots failed"
            try DiffPage.html(for: failures.map(\.change), title: title).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }
}
