import Foundation
import Testing
@testable import Ledger

/// Where a transaction's period ends when a plan change set it (schema 15): kept with the row
/// across reopening, refused for a transaction never inserted, and a ledger of schema 14 gains
/// the column with its transactions intact (none with a period end of its own).
@Suite("Ledger: a transaction's period end")
struct TransactionPeriodEndTests {
    private static let end = Date(timeIntervalSinceReferenceDate: 800_000_900)

    @Test func aPeriodEndSurvivesReopening() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1"))
                try ledger.insert(sampleTransaction(id: "t-2"))
                #expect(try ledger.transaction(id: "t-1")?.periodEnd == nil)
                try ledger.recordPeriodEnd(Self.end, ofTransaction: "t-1")
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.transaction(id: "t-1")?.periodEnd == Self.end)
                #expect(try ledger.transaction(id: "t-2")?.periodEnd == nil)
            }
        }
    }

    @Test func aPeriodEndForAnUnknownTransactionIsRefused() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                _ = #expect(throws: LedgerError.unknownTransaction(id: "t-9")) {
                    try ledger.recordPeriodEnd(Self.end, ofTransaction: "t-9")
                }
            }
        }
    }

    @Test func aLedgerOfSchema14GainsTheColumnAndKeepsItsTransactions() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1"))
            }
            // Back to schema 14, as a build before plan changes set period ends left it.
            let database = try SQLiteDatabase(path: path)
            try database.execute(undoingSchema20 + undoingSchema19 + undoingSchema18 + undoingSchema17 + undoingSchema16 + "ALTER TABLE transactions DROP COLUMN period_end; PRAGMA user_version = 14;")
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.schemaVersion() == LedgerDatabase.supportedSchemaVersion)
                let kept = try #require(try ledger.transaction(id: "t-1"))
                #expect(kept.productId == sampleTransaction(id: "t-1").productId && kept.periodEnd == nil)
                try ledger.recordPeriodEnd(Self.end, ofTransaction: "t-1")
                #expect(try ledger.transaction(id: "t-1")?.periodEnd == Self.end)
            }
        }
    }
}
