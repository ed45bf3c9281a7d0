import Foundation
import Testing
@testable import Ledger

/// A subscription's pause in the ledger (schema 14): the pause scheduled and the time a paused
/// subscription resumes are kept with its row, and a ledger of schema 13 gains the columns with
/// its subscriptions intact (none scheduled, none paused).
@Suite("Ledger: a subscription's pause")
struct SubscriptionPauseTests {
    private static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    private func subscription(pause: String? = nil, pausedUntil: Date? = nil) -> SubscriptionRecord {
        SubscriptionRecord(originalTransactionId: "t-1", userId: "player-1", productId: "pass.weekly",
                           latestTransactionId: "t-1", expiresAt: Self.start.addingTimeInterval(300), updatedAt: Self.start,
                           scheduledPause: pause, pausedUntil: pausedUntil)
    }

    @Test func aScheduledPauseAndAResumeTimeSurviveReopening() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1"))
                try ledger.saveSubscription(subscription(pause: "2m"))
            }
            try withLedger(at: path) { ledger throws in
                let kept = try #require(try ledger.subscriptions(user: "player-1").first)
                #expect(kept.scheduledPause == "2m" && kept.pausedUntil == nil)
                try ledger.saveSubscription(subscription(pausedUntil: Self.start.addingTimeInterval(900)))
            }
            try withLedger(at: path) { ledger throws in
                let kept = try #require(try ledger.subscriptions(user: "player-1").first)
                #expect(kept.scheduledPause == nil && kept.pausedUntil == Self.start.addingTimeInterval(900))
            }
        }
    }

    @Test func aLedgerOfSchema13GainsThePauseColumnsAndKeepsItsSubscriptions() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1"))
                try ledger.saveSubscription(subscription())
            }
            // Back to schema 13, as a build before pauses left it (the later period_end too).
            let database = try SQLiteDatabase(path: path)
            try database.execute(undoingSchema20 + undoingSchema19 + undoingSchema18 + undoingSchema17 + undoingSchema16 + """
                ALTER TABLE transactions DROP COLUMN period_end;
                ALTER TABLE subscriptions DROP COLUMN scheduled_pause;
                ALTER TABLE subscriptions DROP COLUMN paused_until; PRAGMA user_version = 13;
                """)
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.schemaVersion() == LedgerDatabase.supportedSchemaVersion)
                let kept = try #require(try ledger.subscriptions(user: "player-1").first)
                #expect(kept.productId == "pass.weekly" && kept.scheduledPause == nil && kept.pausedUntil == nil)
            }
        }
    }
}
