import Foundation

// The Xee server's profiles: access levels it has recorded for each player, and where the
// last change came from. The server, not the app, decides access on the Xee path.
extension LedgerDatabase {
    /// Records the access level on the player's profile, replacing what it held for that level.
    public func recordXeeAccess(_ access: XeeAccessRecord) throws {
        let statement = try database.prepare("""
            INSERT INTO xee_access (user_id, level, transaction_id, expires_at, will_renew, source, updated_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT (user_id, level) DO UPDATE SET transaction_id = excluded.transaction_id,
                expires_at = excluded.expires_at, will_renew = excluded.will_renew, source = excluded.source,
                updated_at = excluded.updated_at
            """)
        try statement.bind(access.userId, at: 1)
        try statement.bind(access.level, at: 2)
        try statement.bind(access.transactionId, at: 3)
        try statement.bind(access.expiresAt, at: 4)
        try statement.bind(access.willRenew ? 1 : 0, at: 5)
        try statement.bind(access.source, at: 6)
        try statement.bind(access.updatedAt, at: 7)
        try statement.step()
    }

    /// The player's profile: every access level the server recorded, by level.
    public func xeeAccess(user: String) throws -> [XeeAccessRecord] {
        let statement = try database.prepare("""
            SELECT user_id, level, transaction_id, expires_at, will_renew, source, updated_at
            FROM xee_access WHERE user_id = ?1 ORDER BY level
            """)
        try statement.bind(user, at: 1)
        var records: [XeeAccessRecord] = []
        while try statement.step() {
            records.append(XeeAccessRecord(
                userId: statement.string(column: 0), level: statement.string(column: 1),
                transactionId: statement.optionalString(column: 2), expiresAt: statement.optionalDate(column: 3),
                willRenew: statement.int(column: 4) != 0, source: statement.string(column: 5),
                updatedAt: statement.date(column: 6)))
        }
        return records
    }
}
