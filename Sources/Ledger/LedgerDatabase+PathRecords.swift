import Foundation

// What a path's simulated store keeps of its own, by key (schema 13's `path_records`): the
// ledger keeps the text and its order, and only the path that wrote it reads it.
extension LedgerDatabase {
    /// The value `path` keeps at `key`, if any.
    public func pathRecord(of path: String, key: String) throws -> String? {
        let statement = try database.prepare("SELECT value FROM path_records WHERE path = ?1 AND key = ?2")
        try statement.bind(path, at: 1)
        try statement.bind(key, at: 2)
        return try statement.step() ? statement.string(column: 0) : nil
    }

    /// Keeps `value` at `key` for `path`, replacing what was there; a key written again keeps
    /// its place in `pathRecords(of:)`.
    public func setPathRecord(_ value: String, of path: String, key: String) throws {
        let statement = try database.prepare("""
            INSERT INTO path_records (path, key, value) VALUES (?1, ?2, ?3)
            ON CONFLICT (path, key) DO UPDATE SET value = excluded.value
            """)
        try statement.bind(path, at: 1)
        try statement.bind(key, at: 2)
        try statement.bind(value, at: 3)
        try statement.step()
    }

    /// Every value `path` keeps, in the order its keys were first written.
    public func pathRecords(of path: String) throws -> [(key: String, value: String)] {
        let statement = try database.prepare("SELECT key, value FROM path_records WHERE path = ?1 ORDER BY id")
        try statement.bind(path, at: 1)
        var records: [(key: String, value: String)] = []
        while try statement.step() { records.append((statement.string(column: 0), statement.string(column: 1))) }
        return records
    }
}
