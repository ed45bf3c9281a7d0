import Foundation

/// Everything that can go wrong in the ledger, each with a sentence a person can act on.
///
/// The command line prints `description` as is, so every case names the file (or the record)
/// and says what to do next; `--state-dir` is the way out when the default file is unusable.
public enum LedgerError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// SQLite could not open or create the file (missing directory, no permission, read-only).
    case cannotOpen(path: String, message: String)
    /// The file exists but is not SQLite; it is left untouched.
    case notADatabase(path: String)
    /// The path names a directory where the ledger file should be.
    case isADirectory(path: String)
    /// A SQLite database of another program (tables that are not ours); it is left untouched.
    case foreignDatabase(path: String)
    /// SQLite found the file damaged (SQLITE_CORRUPT, or its own check at open): a page does not
    /// say what it should. `problem` is SQLite's first finding; nothing was written.
    case corrupt(path: String, problem: String)
    /// The file is there but empty (0 bytes): nobody's ledger, so not made into a new one with a
    /// new player and signing key; nothing was written.
    case empty(path: String)
    /// A write failed because the disk (or the ledger's page limit) is full (SQLITE_FULL);
    /// nothing of it was kept.
    case diskFull(path: String)
    /// Opened for reading only, and there is no ledger file: nothing was created.
    case noLedger(path: String)
    /// Opened for reading only, and the file is of an older schema, which only a writer may bring
    /// up to date.
    case olderSchema(path: String, found: Int, supported: Int)
    /// The file was written by a newer storefront (a ledger's tables, a version past this
    /// build's); reading it could lose data, so it is refused.
    case newerSchema(path: String, found: Int, supported: Int)
    /// A SQLite database whose schema version (`PRAGMA user_version`) is below zero, which no
    /// storefront writes: another program's, or a ledger whose version was changed by hand
    /// (`hasLedgerTables`). It is left untouched.
    case unknownSchemaVersion(path: String, found: Int, supported: Int, hasLedgerTables: Bool)
    /// Any other SQLite failure, with SQLite's extended result code and its message.
    case sqlite(code: Int32, message: String)
    /// `PRAGMA journal_mode=WAL` answered something else (network file systems, read-only media).
    case walUnavailable(path: String, mode: String)
    /// A transaction id that is not in the ledger (update, finish, or a grant for it).
    case unknownTransaction(id: String)
    /// `insert` of a transaction id that is already in the ledger.
    case duplicateTransaction(id: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, message):
            "Cannot open the ledger database \(path) (\(message)); check that its directory exists and is writable, or pass --state-dir."
        case let .isADirectory(path):
            "\(path) is a directory, not a ledger file; move it away or pass --state-dir."
        case let .foreignDatabase(path):
            "\(path) is a SQLite database of another program, so the ledger left it untouched; move it away or pass --state-dir."
        case let .corrupt(path, problem):
            "\(path) is damaged (\(problem)), so nothing was written to it; move it aside, keeping it for a bug report, "
                + "or run storefront reset to start again, or pass --state-dir. storefront history --check lists every problem."
        case let .empty(path):
            "\(path) is empty (0 bytes), so it was not made into a new ledger; move it aside, or run storefront reset "
                + "to start again, or pass --state-dir."
        case let .diskFull(path):
            "Cannot write the ledger \(path): the disk is full, so nothing was saved; free some space and try again, or pass --state-dir."
        case let .noLedger(path):
            "There is no ledger at \(path), and nothing was created; check --state-dir (is it the one the app ran with?)."
        case let .olderSchema(path, found, supported):
            "\(path) uses the older ledger schema version \(found) (this storefront writes \(supported)); open it once with storefront to bring it up to date, or pass --state-dir."
        case let .notADatabase(path):
            "\(path) is not a SQLite database, so the ledger left it untouched; move it away or pass --state-dir."
        case let .unknownSchemaVersion(path, found, supported, hasLedgerTables):
            hasLedgerTables
                ? "\(path) has a storefront ledger's tables but the schema version \(found), which no storefront writes (a "
                    + "ledger's runs from 1 to \(supported)), so it was left untouched; move it aside, keeping it for a bug "
                    + "report, or pass --state-dir."
                : "\(path) is a SQLite database of the schema version \(found), not a storefront ledger (a ledger's runs from "
                    + "1 to \(supported)), so the ledger left it untouched; move it away or pass --state-dir."
        case let .newerSchema(path, found, supported):
            "\(path) uses ledger schema version \(found) but this storefront understands only up to \(supported); upgrade storefront or pass --state-dir."
        case let .sqlite(code, message):
            "The ledger database failed (SQLite error \(code): \(message)); if it keeps happening, move the state directory away or pass --state-dir."
        case let .walUnavailable(path, mode):
            "\(path) cannot use write-ahead logging (SQLite chose journal mode \"\(mode)\"); keep the state directory on a local disk or pass --state-dir."
        case let .unknownTransaction(id):
            "There is no transaction \(id) in the ledger; it must be inserted before it is updated, finished or granted."
        case let .duplicateTransaction(id):
            "The ledger already holds a transaction \(id); transaction ids must be unique."
        }
    }

    public var errorDescription: String? { description }
}

extension LedgerError {
    /// The same error said of the file at `path`: a new ledger is made under another name first
    /// (`Ledger.make(at:)`), and what goes wrong there is said of the ledger's own path.
    func naming(_ path: String) -> LedgerError {
        switch self {
        case .cannotOpen(_, let message): .cannotOpen(path: path, message: message)
        case .notADatabase: .notADatabase(path: path)
        case .isADirectory: .isADirectory(path: path)
        case .foreignDatabase: .foreignDatabase(path: path)
        case .corrupt(_, let problem): .corrupt(path: path, problem: problem)
        case .empty: .empty(path: path)
        case .diskFull: .diskFull(path: path)
        case .noLedger: .noLedger(path: path)
        case .olderSchema(_, let found, let supported): .olderSchema(path: path, found: found, supported: supported)
        case .newerSchema(_, let found, let supported): .newerSchema(path: path, found: found, supported: supported)
        case .unknownSchemaVersion(_, let found, let supported, let tables):
            .unknownSchemaVersion(path: path, found: found, supported: supported, hasLedgerTables: tables)
        case .walUnavailable(_, let mode): .walUnavailable(path: path, mode: mode)
        case .sqlite, .unknownTransaction, .duplicateTransaction: self
        }
    }
}
