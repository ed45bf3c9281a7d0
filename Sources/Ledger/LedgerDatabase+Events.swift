import Foundation

// The event log shown in the events pane and printed by `storefront history`.
extension LedgerDatabase {
    /// Appends an event and returns it with the id the ledger gave it.
    @discardableResult
    public func appendEvent(kind: String, message: String, transactionId: String?, at time: Date) throws -> EventRecord {
        let statement = try database.prepare(
            "INSERT INTO events (time, kind, transaction_id, message) VALUES (?1, ?2, ?3, ?4)")
        try statement.bind(time, at: 1)
        try statement.bind(kind, at: 2)
        try statement.bind(transactionId, at: 3)
        try statement.bind(message, at: 4)
        try statement.step()
        return EventRecord(
            id: database.lastInsertRowID, time: time, kind: kind, transactionId: transactionId, message: message)
    }

    /// The latest `limit` events, newest first. "Newest" is the order they were appended, not
    /// their `time`, so a log reads as it happened even when the simulated clock jumps.
    /// With `user`, only that user's transactions' events and the events of no transaction
    /// (launches, products requests, rejected redirects).
    /// - Parameter before: only events older than this id (a page further down the history).
    public func events(newestFirst limit: Int, user: String? = nil, before: Int64? = nil) throws -> [EventRecord] {
        guard limit > 0 else { return [] }
        let statement = try database.prepare("""
            SELECT id, time, kind, transaction_id, message FROM events
            WHERE (?3 IS NULL OR id < ?3)
              AND (?2 IS NULL OR transaction_id IS NULL
                   OR transaction_id IN (SELECT id FROM transactions WHERE user_id = ?2))
            ORDER BY id DESC LIMIT ?1
            """)
        try statement.bind(limit, at: 1)
        try statement.bind(user, at: 2)
        if let before { try statement.bind(before, at: 3) } else { try statement.bindNull(at: 3) }
        return try Self.eventRecords(from: statement)
    }

    /// The rows of a statement that selects `id, time, kind, transaction_id, message`.
    private static func eventRecords(from statement: SQLiteStatement) throws -> [EventRecord] {
        var events: [EventRecord] = []
        while try statement.step() {
            events.append(EventRecord(id: statement.int64(column: 0), time: statement.date(column: 1),
                                      kind: statement.string(column: 2), transactionId: statement.optionalString(column: 3),
                                      message: statement.string(column: 4)))
        }
        return events
    }
}

extension LedgerDatabase {
    /// The events of `kind` on a subscription's transactions (the one `originalId` names and its
    /// renewals), oldest first: what a store's API recalls of the changes it made to it.
    public func events(ofKind kind: String, onSubscription originalId: String) throws -> [EventRecord] {
        let statement = try database.prepare("""
            SELECT id, time, kind, transaction_id, message FROM events
            WHERE kind = ?1 AND transaction_id IN (SELECT id FROM transactions WHERE id = ?2 OR original_transaction_id = ?2)
            ORDER BY id
            """)
        try statement.bind(kind, at: 1)
        try statement.bind(originalId, at: 2)
        return try Self.eventRecords(from: statement)
    }
}
