import Foundation

// Numbers handed out once: transaction ids (and the Pay Station invoices made from them).
extension LedgerDatabase {
    /// The next value of the named sequence, starting at 1. The increment is one UPDATE, so it
    /// commits with the caller's `inTransaction` block and two processes never get the same value;
    /// a value is never handed out again, even after the rows that used it are deleted.
    public func nextValue(ofSequence name: String) throws -> Int {
        try inTransaction {
            let insert = try database.prepare("INSERT OR IGNORE INTO sequences (name, value) VALUES (?1, 0)")
            try insert.bind(name, at: 1)
            try insert.step()
            let update = try database.prepare("UPDATE sequences SET value = value + 1 WHERE name = ?1 RETURNING value")
            try update.bind(name, at: 1)
            guard try update.step() else { throw database.lastError() }
            return update.int(column: 0)
        }
    }
}
