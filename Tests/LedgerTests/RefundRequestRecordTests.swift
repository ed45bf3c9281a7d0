import Foundation
@testable import Ledger
import Testing

/// A refund request kept on its transaction: once per purchase, decided once, a reversal only
/// of a refund, each noted in the transaction's history; a ledger from before gains the columns.
@Suite("Ledger: refund requests")
struct RefundRequestRecordTests {
    private static let time = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func aRequestIsKeptOnceAndDecidedOnce() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1"))
                #expect(try ledger.recordRefundRequest(ofTransaction: "t-1", reason: "OTHER", at: Self.time))
                #expect(try !ledger.recordRefundRequest(ofTransaction: "t-1", reason: "LEGAL", at: Self.time))
                #expect(try ledger.recordRefundDecision(ofTransaction: "t-1", "declined", at: Self.time))
                #expect(try !ledger.recordRefundDecision(ofTransaction: "t-1", "approved", at: Self.time))
                let kept = try #require(try ledger.transaction(id: "t-1")?.refundRequest)
                #expect(kept == RefundRequestRecord(reason: "OTHER", requestedAt: Self.time, decision: "declined"))
                let notes = try ledger.history(ofTransaction: "t-1").compactMap(\.note)
                #expect(notes.suffix(2) == ["refund requested: OTHER", "refund request declined"])
            }
        }
    }

    @Test func onlyARefundIsReversedAndItsGrantCountsAgain() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1"))
                #expect(try !ledger.recordRefundReversal(ofTransaction: "t-1", at: Self.time))
                try ledger.recordRevocation(ofTransaction: "t-1", reason: "other", at: Self.time)
                #expect(try ledger.recordRefundReversal(ofTransaction: "t-1", at: Self.time))
                let reversed = try #require(try ledger.transaction(id: "t-1"))
                #expect(reversed.revokedAt == nil && reversed.revocationReason == nil && reversed.refundRequest == nil)
                _ = #expect(throws: LedgerError.unknownTransaction(id: "t-9")) {
                    try ledger.recordRefundRequest(ofTransaction: "t-9", reason: "OTHER", at: Self.time)
                }
            }
        }
    }

    @Test func aLedgerOfSchema18GainsTheColumnsAndKeepsItsTransactions() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1"))
            }
            let database = try SQLiteDatabase(path: path)
            try database.execute(undoingSchema20 + undoingSchema19 + "PRAGMA user_version = 18;")
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.schemaVersion() == LedgerDatabase.supportedSchemaVersion)
                #expect(try ledger.transaction(id: "t-1")?.refundRequest == nil)
                #expect(try ledger.recordRefundRequest(ofTransaction: "t-1", reason: "OTHER", at: Self.time))
            }
        }
    }
}
