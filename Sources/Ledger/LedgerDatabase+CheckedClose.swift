import Foundation

extension LedgerDatabase {
    /// What `checkForNextOpen()` did.
    public enum CloseCheck: Equatable, Sendable {
        /// The file was checked whole and its fingerprint kept: the next open reads the
        /// fingerprint instead of checking again.
        case recorded
        /// Nothing kept, and why: the next open checks the file itself, as it always did.
        case notRecorded(String)
    }

    /// Checks the ledger as the app's session ends and keeps the file's fingerprint beside it
    /// (`LedgerFingerprint`), so the next launch knows it whole without `integrity_check`.
    ///
    /// The write-ahead log is folded into the file first, so the file alone holds every page;
    /// then, inside one read transaction begun on the emptied log (while it lasts, no other
    /// connection can fold its writes into the file: this one reads the file alone),
    /// `integrity_check` runs (the check every open makes, so a fingerprint stands for it) and
    /// the file is digested through SQLite's own handle on it. Another process's writes
    /// (a log with anything in it, before or after) or a check that finds anything wrong leave no
    /// fingerprint, and the next open checks. Call it last, once the session's writes are done:
    /// a write after it changes the file, and the fingerprint then no longer matches.
    public func checkForNextOpen() -> CloseCheck {
        LedgerFingerprint.forget(for: path)
        guard !database.isReadOnly else { return .notRecorded("opened for reading") }
        do {
            // Waiting at most a moment for a reader in another process: a quit is not held up
            // by `storefront history`, and the next open checks instead.
            try database.execute("PRAGMA busy_timeout = 200")
            defer { try? database.execute("PRAGMA busy_timeout = \(SQLiteDatabase.busyTimeoutMilliseconds)") }
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            try database.execute("BEGIN")
            defer { try? database.execute("COMMIT") }
            // The check's first read takes the transaction's snapshot: of the file alone only if
            // the log is still empty once it has.
            let problems = try Self.problems(in: database, pragma: "integrity_check")
            guard LedgerFingerprint.logIsEmpty(database) else { return .notRecorded("another process was using the ledger") }
            if let problem = Self.summary(of: problems) { return .notRecorded(problem) }
            let fingerprint = try LedgerFingerprint(of: database)
            try fingerprint.record(for: path)
            return .recorded
        } catch {
            return .notRecorded("\(error)")
        }
    }
}
