import Foundation

// Work scheduled on the simulated clock, kept until it is done. The engine writes a row in the
// commit of the change that schedules it and deletes it in the commit that performs it, so what
// a relaunch reloads is exactly what is still to happen.
extension LedgerDatabase {
    /// Keeps a piece of due work; returns its id, which also orders work due at the same time.
    @discardableResult
    public func scheduleDueWork(_ work: DueWorkRecord) throws -> Int64 {
        let statement = try database.prepare("""
            INSERT INTO due_work (user_id, path, kind, payload, due_at) VALUES (?1, ?2, ?3, ?4, ?5)
            """)
        try statement.bind(work.userId, at: 1)
        try statement.bind(work.path, at: 2)
        try statement.bind(work.kind, at: 3)
        try statement.bind(work.payload, at: 4)
        try statement.bind(work.dueAt, at: 5)
        try statement.step()
        return database.lastInsertRowID
    }

    /// The player's due work, earliest first (ties in the order it was scheduled).
    public func dueWork(user: String) throws -> [DueWorkRecord] {
        let statement = try database.prepare("""
            SELECT id, user_id, path, kind, payload, due_at FROM due_work WHERE user_id = ?1 ORDER BY due_at, id
            """)
        try statement.bind(user, at: 1)
        var work: [DueWorkRecord] = []
        while try statement.step() {
            work.append(DueWorkRecord(id: statement.int64(column: 0), userId: statement.string(column: 1),
                                      path: statement.string(column: 2), kind: statement.string(column: 3),
                                      payload: statement.string(column: 4), dueAt: statement.date(column: 5)))
        }
        return work
    }

    /// Lets go of due work once it is done or cancelled.
    public func removeDueWork(id: Int64) throws {
        let statement = try database.prepare("DELETE FROM due_work WHERE id = ?1")
        try statement.bind(id, at: 1)
        try statement.step()
    }
}

/// One piece of work due on the simulated clock, in the words of the path that performs it.
public struct DueWorkRecord: Sendable, Equatable {
    /// Nil until the ledger has kept it.
    public var id: Int64?
    public var userId: String
    /// The integration path that scheduled it and performs it (`xee`, `paystation`, …).
    public var path: String
    /// What it is, and its details, in the path's own terms (the ledger never reads them).
    public var kind: String
    public var payload: String
    /// Simulated time.
    public var dueAt: Date

    public init(id: Int64? = nil, userId: String, path: String, kind: String, payload: String, dueAt: Date) {
        self.id = id
        self.userId = userId
        self.path = path
        self.kind = kind
        self.payload = payload
        self.dueAt = dueAt
    }
}
