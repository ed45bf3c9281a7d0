import Foundation
import Ledger

// What the state directory's commands found, as values: the executable words them and picks the
// exit code, so a refusal that only a command line meets (reset while an app runs, a ledger that
// is not there, an app that takes no URLs) is not one of the engine's errors.

/// What `StateDirectory.reset` did.
public enum ResetOutcome: Sendable, Equatable {
    /// These ledger files are gone (none when there was no ledger).
    case removed([String])
    /// An app holds the state directory: nothing was removed. `pid` is the one its lock file names.
    case inUse(pid: Int32?)
    /// `file` could not be removed; `removed` went before it, and nothing after it was tried.
    case stopped(file: String, reason: String, removed: [String])
}

/// What `StateDirectory.checkLedger` found.
public enum LedgerCheck: Sendable, Equatable {
    /// SQLite's integrity check found nothing wrong.
    case whole
    /// Its problems, as SQLite words them.
    case damaged(problems: [String])
}

/// What a command that only reads the ledger got: the value, or the news that there is no
/// ledger file to read (a mistyped `--state-dir`), in which case none was made.
public enum LedgerReading<Value: Sendable>: Sendable {
    case read(Value)
    case noLedger
}

extension LedgerReading {
    /// What was read, or nil when there was no ledger.
    public var value: Value? {
        if case .read(let value) = self { return value }
        return nil
    }
}

extension LedgerReading: Equatable where Value: Equatable {}

/// The ledger's check, begun in the background by `StateDirectory.beginCheckingLedger()`
/// and handed to `openStore(checkedAhead:)`, which waits for its answer instead of checking.
public struct LedgerCheckAhead: Sendable {
    let check: LedgerDatabase.CheckAhead
}
