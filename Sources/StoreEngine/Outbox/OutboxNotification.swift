import Foundation
import Ledger

/// A notification in the outbox as `history` and the Server pane tell it: what it was, the
/// exact request, where it went, and how each attempt went.
public struct OutboxNotification: Sendable, Equatable {
    /// The outbox row: what a resend names.
    public var id: Int64
    /// The store that posts it (`appStore`).
    public var store: String
    /// The id a backend de-duplicates by (`notificationUUID`).
    public var uuid: String
    public var type: String
    public var subtype: String?
    public var transactionId: String?
    public var url: String
    /// The request every attempt sends.
    public var body: String
    /// The request's headers, read from the lines the outbox keeps only when asked: every row
    /// the Server pane lists is read again after each attempt, and few are ever opened.
    public var headers: [OutboxDelivery.Header] {
        get { OutboxDelivery.headers(fromLines: headerLines) }
        set { headerLines = OutboxDelivery.lines(of: newValue) }
    }
    /// `Name: value` a line, as the ledger keeps them.
    var headerLines: String
    public var createdAt: Date
    /// When the next attempt is due; nil once delivered or given up.
    public var nextAttemptAt: Date?
    public var deliveredAt: Date?
    public var attempts: [Attempt]

    public struct Attempt: Sendable, Equatable {
        public var number: Int
        public var time: Date
        /// The store's word for it (`SUCCESS`, `TIMED_OUT`, …).
        public var result: String
        public var httpStatus: Int?
        public var milliseconds: Int
        /// The start of the backend's answer (`DeliveryResult.responseLimit`).
        public var response: String

        public init(number: Int, time: Date, result: String, httpStatus: Int?, milliseconds: Int, response: String = "") {
            self.number = number
            self.time = time
            self.result = result
            self.httpStatus = httpStatus
            self.milliseconds = milliseconds
            self.response = response
        }
    }

    public init(id: Int64, store: String, uuid: String, type: String, subtype: String? = nil, transactionId: String? = nil,
                url: String, body: String = "", headers: [OutboxDelivery.Header] = [], createdAt: Date,
                nextAttemptAt: Date? = nil, deliveredAt: Date? = nil, attempts: [Attempt] = []) {
        self.init(id: id, store: store, uuid: uuid, type: type, subtype: subtype, transactionId: transactionId, url: url,
                  body: body, headerLines: OutboxDelivery.lines(of: headers), createdAt: createdAt,
                  nextAttemptAt: nextAttemptAt, deliveredAt: deliveredAt, attempts: attempts)
    }

    init(id: Int64, store: String, uuid: String, type: String, subtype: String?, transactionId: String?,
         url: String, body: String, headerLines: String, createdAt: Date,
         nextAttemptAt: Date?, deliveredAt: Date?, attempts: [Attempt]) {
        // Which one, what it is of, the request, then where it stands.
        self.id = id
        self.uuid = uuid
        self.store = store
        self.type = type
        self.subtype = subtype
        self.transactionId = transactionId
        self.url = url
        self.headerLines = headerLines
        self.body = body
        self.createdAt = createdAt
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.deliveredAt = deliveredAt
    }

    /// The store's name as the panes show it (`App Store`, `Google Play`).
    public var storeName: String { Store.marketplace(named: store).displayName }

    /// `SUBSCRIBED · INITIAL_BUY`: the type, and the subtype when there is one.
    public var typeAndSubtype: String { [type, subtype].compactMap { $0 }.joined(separator: " · ") }

    /// Where it stands: waiting for its first attempt, to be tried again, taken, or given up.
    public enum Standing: Sendable, Equatable {
        case due
        case retrying
        case delivered
        case gaveUp
    }

    public var standing: Standing {
        if nextAttemptAt != nil { return attempts.isEmpty ? .due : .retrying }
        return deliveredAt != nil ? .delivered : .gaveUp
    }

    /// Every notification the ledger keeps, oldest first.
    static func all(in ledger: LedgerDatabase) throws -> [OutboxNotification] {
        try listed(try ledger.allNotifications(), in: ledger)
    }

    /// The newest `limit` notifications, newest first: what the Server pane lists.
    static func newest(_ limit: Int, in ledger: LedgerDatabase) throws -> [OutboxNotification] {
        try listed(try ledger.notifications(newestFirst: limit), in: ledger)
    }

    /// Those written after `id`, newest first, at most `limit`.
    static func newer(than id: Int64, limit: Int, in ledger: LedgerDatabase) throws -> [OutboxNotification] {
        try listed(try ledger.notifications(newerThan: id, newestFirst: limit), in: ledger)
    }

    /// Notification `id` as the ledger has it now; nil when it has no such row. Its own
    /// attempts only: an older row's, read as a list's, would bring every later row's too.
    static func reading(id: Int64, in ledger: LedgerDatabase) throws -> OutboxNotification? {
        guard let row = try ledger.notification(id: id) else { return nil }
        return made(from: [row], attempts: [id: try ledger.attempts(ofNotification: id)]).first
    }

    /// The rows with their attempts, read in one query for all of them.
    private static func listed(_ rows: [NotificationRecord], in ledger: LedgerDatabase) throws -> [OutboxNotification] {
        let ids = rows.compactMap(\.id)
        return made(from: rows, attempts: try ids.min().map { try ledger.attempts(ofNotificationsFrom: $0) } ?? [:])
    }

    private static func made(from rows: [NotificationRecord],
                             attempts: [Int64: [NotificationAttemptRecord]]) -> [OutboxNotification] {
        rows.map { row in
            OutboxNotification(
                id: row.id ?? 0, store: row.store, uuid: row.uuid, type: row.type, subtype: row.subtype,
                transactionId: row.transactionId, url: row.url, body: row.body,
                headerLines: row.headers, createdAt: row.createdAt,
                nextAttemptAt: row.nextAttemptAt, deliveredAt: row.deliveredAt,
                attempts: (attempts[row.id ?? 0] ?? []).map {
                    Attempt(number: $0.attempt, time: $0.attemptedAt, result: $0.result, httpStatus: $0.httpStatus,
                            milliseconds: $0.milliseconds, response: $0.response)
                })
        }
    }
}
