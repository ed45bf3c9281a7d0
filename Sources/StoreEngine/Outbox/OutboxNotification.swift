import Foundation
import Ledger

/// A notification in the outbox as `history` tells it: what it was, where it went, and how
/// each attempt went.
public struct OutboxNotification: Sendable, Equatable {
    /// The store that posts it (`appStore`).
    public var store: String
    /// The id a backend de-duplicates by (`notificationUUID`).
    public var uuid: String
    public var type: String
    public var subtype: String?
    public var transactionId: String?
    public var url: String
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
    }

    /// Every notification the ledger keeps, oldest first.
    static func all(in ledger: LedgerDatabase) throws -> [OutboxNotification] {
        try ledger.allNotifications().map { row in
            OutboxNotification(
                store: row.store, uuid: row.uuid, type: row.type, subtype: row.subtype, transactionId: row.transactionId,
                url: row.url, createdAt: row.createdAt, nextAttemptAt: row.nextAttemptAt, deliveredAt: row.deliveredAt,
                attempts: try ledger.attempts(ofNotification: row.id ?? 0).map {
                    Attempt(number: $0.attempt, time: $0.attemptedAt, result: $0.result, httpStatus: $0.httpStatus,
                            milliseconds: $0.milliseconds)
                })
        }
    }
}
