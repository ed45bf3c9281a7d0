import Foundation

/// A notification a store's server posts to the team's backend, as the outbox keeps it: the
/// exact body and headers, so every attempt sends the same bytes under the same id.
public struct NotificationRecord: Sendable, Equatable {
    public var id: Int64?
    /// The store that sends it (`Marketplace.rawValue`).
    public var store: String
    public var uuid: String
    public var type: String
    public var subtype: String?
    public var transactionId: String?
    public var url: String
    public var body: String
    /// `Name: value` lines.
    public var headers: String
    public var createdAt: Date
    /// When the next attempt is due; nil once delivered or given up.
    public var nextAttemptAt: Date?
    public var deliveredAt: Date?

    public init(id: Int64? = nil, store: String, uuid: String, type: String, subtype: String? = nil,
                transactionId: String? = nil, url: String, body: String, headers: String = "", createdAt: Date,
                nextAttemptAt: Date?, deliveredAt: Date? = nil) {
        self.id = id
        self.store = store
        self.uuid = uuid
        self.type = type
        self.subtype = subtype
        self.transactionId = transactionId
        self.url = url
        self.body = body
        self.headers = headers
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt
        self.deliveredAt = deliveredAt
    }
}

/// One attempt to deliver a notification, and how it went.
public struct NotificationAttemptRecord: Sendable, Equatable {
    public var notificationId: Int64
    public var attempt: Int
    public var attemptedAt: Date
    /// The store's word for the outcome (`SUCCESS`, `TIMED_OUT`, …).
    public var result: String
    public var httpStatus: Int?
    public var milliseconds: Int
    /// The start of what the backend answered.
    public var response: String

    public init(notificationId: Int64, attempt: Int, attemptedAt: Date, result: String, httpStatus: Int?,
                milliseconds: Int, response: String) {
        self.notificationId = notificationId
        self.attempt = attempt
        self.attemptedAt = attemptedAt
        self.result = result
        self.httpStatus = httpStatus
        self.milliseconds = milliseconds
        self.response = response
    }
}

/// Which notifications a history asks for.
public struct NotificationQuery: Sendable, Equatable {
    public var store: String
    public var from: Date
    public var until: Date
    public var type: String?
    public var subtype: String?
    public var transactionIds: [String]?
    /// Only those attempted and not delivered (yet).
    public var onlyFailures = false
    /// Rows after this id (the page before ended there).
    public var afterId: Int64 = 0
    public var limit: Int

    public init(store: String, from: Date, until: Date, type: String? = nil, subtype: String? = nil,
                transactionIds: [String]? = nil, onlyFailures: Bool = false, afterId: Int64 = 0, limit: Int) {
        self.store = store
        self.from = from
        self.until = until
        self.type = type
        self.subtype = subtype
        self.transactionIds = transactionIds
        self.onlyFailures = onlyFailures
        self.afterId = afterId
        self.limit = limit
    }
}

// The outbox: notifications written in the commit of what caused them, and their attempts.
extension LedgerDatabase {
    private static let notificationColumns = """
        id, store, uuid, type, subtype, transaction_id, url, body, headers, created_at, next_attempt_at, delivered_at
        """

    /// Keeps a notification to send; its row id.
    @discardableResult
    public func addNotification(_ notification: NotificationRecord) throws -> Int64 {
        let statement = try database.prepare("""
            INSERT INTO notifications (store, uuid, type, subtype, transaction_id, url, body, headers, created_at,
                                       next_attempt_at, delivered_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        try statement.bind(notification.store, at: 1)
        try statement.bind(notification.uuid, at: 2)
        try statement.bind(notification.type, at: 3)
        try statement.bind(notification.subtype, at: 4)
        try statement.bind(notification.transactionId, at: 5)
        try statement.bind(notification.url, at: 6)
        try statement.bind(notification.body, at: 7)
        try statement.bind(notification.headers, at: 8)
        try statement.bind(notification.createdAt, at: 9)
        try statement.bind(notification.nextAttemptAt, at: 10)
        try statement.bind(notification.deliveredAt, at: 11)
        try statement.step()
        return database.lastInsertRowID
    }

    /// The notifications still to attempt, oldest first.
    public func pendingNotifications() throws -> [NotificationRecord] {
        try notifications(where: "next_attempt_at IS NOT NULL ORDER BY id")
    }

    /// Every notification, oldest first.
    public func allNotifications() throws -> [NotificationRecord] {
        try notifications(where: "1 = 1 ORDER BY id")
    }

    /// The newest `limit` notifications, newest first.
    public func notifications(newestFirst limit: Int) throws -> [NotificationRecord] {
        try notifications(where: "1 = 1 ORDER BY id DESC LIMIT ?1") { try $0.bind(limit, at: 1) }
    }

    /// The notifications written after `id`, newest first, at most `limit`.
    public func notifications(newerThan id: Int64, newestFirst limit: Int) throws -> [NotificationRecord] {
        try notifications(where: "id > ?1 ORDER BY id DESC LIMIT ?2") {
            try $0.bind(id, at: 1)
            try $0.bind(limit, at: 2)
        }
    }

    public func notification(id: Int64) throws -> NotificationRecord? {
        try notifications(where: "id = ?1") { try $0.bind(id, at: 1) }.first
    }

    public func notification(uuid: String) throws -> NotificationRecord? {
        try notifications(where: "uuid = ?1") { try $0.bind(uuid, at: 1) }.first
    }

    /// A page of a store's notifications made between two dates, oldest first, as `query` filters them.
    public func notifications(matching query: NotificationQuery) throws -> [NotificationRecord] {
        var conditions = ["store = ?1", "created_at >= ?2", "created_at < ?3", "id > ?4"]
        if query.type != nil { conditions.append("type = ?5") }
        if query.subtype != nil { conditions.append("subtype = ?6") }
        if let ids = query.transactionIds {
            conditions.append("transaction_id IN (" + ids.indices.map { "?\($0 + 10)" }.joined(separator: ", ") + ")")
        }
        // Not delivered yet, attempted at least once (retries still to come included).
        if query.onlyFailures {
            conditions.append("""
                delivered_at IS NULL AND EXISTS (SELECT 1 FROM notification_attempts a WHERE a.notification_id = notifications.id)
                """)
        }
        return try notifications(where: conditions.joined(separator: " AND ") + " ORDER BY id LIMIT ?7") { statement in
            try statement.bind(query.store, at: 1)
            try statement.bind(query.from, at: 2)
            try statement.bind(query.until, at: 3)
            try statement.bind(query.afterId, at: 4)
            try statement.bind(query.type, at: 5)
            try statement.bind(query.subtype, at: 6)
            try statement.bind(query.limit, at: 7)
            for (index, id) in (query.transactionIds ?? []).enumerated() { try statement.bind(id, at: Int32(index + 10)) }
        }
    }

    private func notifications(where condition: String,
                               binding bind: (SQLiteStatement) throws -> Void = { _ in }) throws -> [NotificationRecord] {
        let statement = try database.prepare("SELECT \(Self.notificationColumns) FROM notifications WHERE \(condition)")
        try bind(statement)
        var found: [NotificationRecord] = []
        while try statement.step() {
            found.append(NotificationRecord(
                id: statement.int64(column: 0), store: statement.string(column: 1), uuid: statement.string(column: 2),
                type: statement.string(column: 3), subtype: statement.optionalString(column: 4),
                transactionId: statement.optionalString(column: 5), url: statement.string(column: 6),
                body: statement.string(column: 7), headers: statement.string(column: 8),
                createdAt: statement.date(column: 9), nextAttemptAt: statement.optionalDate(column: 10),
                deliveredAt: statement.optionalDate(column: 11)))
        }
        return found
    }

    /// Keeps an attempt and what it leaves: the next attempt's time, or none (`deliveredAt`
    /// when it was delivered).
    public func recordAttempt(_ attempt: NotificationAttemptRecord, nextAttemptAt: Date?, deliveredAt: Date?) throws {
        let insert = try database.prepare("""
            INSERT INTO notification_attempts (notification_id, attempt, attempted_at, result, http_status, milliseconds, response)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        try insert.bind(attempt.notificationId, at: 1)
        try insert.bind(attempt.attempt, at: 2)
        try insert.bind(attempt.attemptedAt, at: 3)
        try insert.bind(attempt.result, at: 4)
        if let status = attempt.httpStatus { try insert.bind(status, at: 5) } else { try insert.bindNull(at: 5) }
        try insert.bind(attempt.milliseconds, at: 6)
        try insert.bind(attempt.response, at: 7)
        try insert.step()
        let update = try database.prepare("UPDATE notifications SET next_attempt_at = ?2, delivered_at = ?3 WHERE id = ?1")
        try update.bind(attempt.notificationId, at: 1)
        try update.bind(nextAttemptAt, at: 2)
        try update.bind(deliveredAt, at: 3)
        try update.step()
    }

    /// Makes a notification due at `time` again, delivered or not (a resend); its attempts stay.
    public func scheduleNotification(id: Int64, at time: Date) throws {
        let update = try database.prepare("UPDATE notifications SET next_attempt_at = ?2 WHERE id = ?1")
        try update.bind(id, at: 1)
        try update.bind(time, at: 2)
        try update.step()
    }

    /// The attempts of every notification from row `firstId` on, by notification, first first:
    /// one query for a page of them.
    public func attempts(ofNotificationsFrom firstId: Int64) throws -> [Int64: [NotificationAttemptRecord]] {
        let statement = try database.prepare("""
            SELECT notification_id, attempt, attempted_at, result, http_status, milliseconds, response
            FROM notification_attempts WHERE notification_id >= ?1 ORDER BY notification_id, attempt
            """)
        try statement.bind(firstId, at: 1)
        var found: [Int64: [NotificationAttemptRecord]] = [:]
        while try statement.step() {
            let attempt = Self.attempt(from: statement)
            found[attempt.notificationId, default: []].append(attempt)
        }
        return found
    }

    /// A notification's attempts, first first.
    public func attempts(ofNotification id: Int64) throws -> [NotificationAttemptRecord] {
        let statement = try database.prepare("""
            SELECT notification_id, attempt, attempted_at, result, http_status, milliseconds, response
            FROM notification_attempts WHERE notification_id = ?1 ORDER BY attempt
            """)
        try statement.bind(id, at: 1)
        var found: [NotificationAttemptRecord] = []
        while try statement.step() { found.append(Self.attempt(from: statement)) }
        return found
    }

    private static func attempt(from statement: SQLiteStatement) -> NotificationAttemptRecord {
        NotificationAttemptRecord(
            notificationId: statement.int64(column: 0), attempt: statement.int(column: 1),
            attemptedAt: statement.date(column: 2), result: statement.string(column: 3),
            httpStatus: statement.isNull(column: 4) ? nil : statement.int(column: 4),
            milliseconds: statement.int(column: 5), response: statement.string(column: 6))
    }
}
