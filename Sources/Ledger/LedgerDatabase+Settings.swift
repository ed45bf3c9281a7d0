import Foundation

// Settings kept across launches (the Pay Station customUserId, the last storefront, ...):
// plain text keys and values; callers own their meaning.
extension LedgerDatabase {
    public func setting(_ key: String) throws -> String? {
        let statement = try database.prepare("SELECT value FROM settings WHERE key = ?1")
        try statement.bind(key, at: 1)
        return try statement.step() ? statement.string(column: 0) : nil
    }

    /// Sets or replaces the value of `key`.
    public func setSetting(_ key: String, to value: String) throws {
        let statement = try database.prepare("""
            INSERT INTO settings (key, value) VALUES (?1, ?2)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """)
        try statement.bind(key, at: 1)
        try statement.bind(value, at: 2)
        try statement.step()
    }
}
