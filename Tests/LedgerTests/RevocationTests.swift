import Foundation
import Testing
@testable import Ledger

/// Schema 6: a refund keeps the transaction and its grant, marked revoked; a restored
/// transaction names the purchase it restores.
@Suite("Refunds: revocation of a transaction and its grant")
struct RevocationTests {
    private let paid = date(1_700_000_100)
    private let refunded = date(1_700_000_900)

    private func grantedGems(_ ledger: LedgerDatabase, id: String) throws {
        try ledger.insert(sampleTransaction(id: id, state: .purchased))
        try ledger.recordGrant(GrantRecord(transactionId: id, kind: .currency, key: "gems", amount: 100, grantedAt: paid))
    }

    @Test func aRefundRecordsItsDateAndReasonAndRevokesTheGrant() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                try grantedGems(ledger, id: "t-1")
                try grantedGems(ledger, id: "t-2")
                #expect(try ledger.balances() == ["gems": 200])
                #expect(try ledger.recordRevocation(ofTransaction: "t-1", reason: "unintended purchase", at: refunded))
            }
            // Read back through a new connection: it was committed.
            try withLedger(at: path) { ledger throws in
                let transaction = try #require(try ledger.transaction(id: "t-1"))
                #expect(transaction.revokedAt == refunded)
                #expect(transaction.revocationReason == "unintended purchase")
                #expect(transaction.state == .purchased)
                #expect(try ledger.grant(forTransaction: "t-1")?.revokedAt == refunded)
                #expect(try ledger.grant(forTransaction: "t-2")?.revokedAt == nil)
                #expect(try ledger.balances() == ["gems": 100])
                #expect(try ledger.history(ofTransaction: "t-1").last?.note == "refunded: unintended purchase")
            }
        }
    }

    @Test func aSecondRefundChangesNothing() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                try grantedGems(ledger, id: "t-1")
                #expect(try ledger.recordRevocation(ofTransaction: "t-1", reason: "first", at: refunded))
                #expect(try !ledger.recordRevocation(ofTransaction: "t-1", reason: "second", at: refunded.addingTimeInterval(5)))
                let transaction = try #require(try ledger.transaction(id: "t-1"))
                #expect(transaction.revocationReason == "first")
                #expect(transaction.revokedAt == refunded)
                #expect(try ledger.history(ofTransaction: "t-1").filter { $0.note?.hasPrefix("refunded") == true }.count == 1)
            }
        }
    }

    @Test func refundingAnUnknownTransactionIsAnError() throws {
        try withTemporaryLedgerPath { path -> Void in
            try withLedger(at: path) { ledger throws -> Void in
                #expect(throws: LedgerError.unknownTransaction(id: "nope")) {
                    _ = try ledger.recordRevocation(ofTransaction: "nope", reason: "x", at: refunded)
                }
            }
        }
    }

    @Test func aRestoredTransactionKeepsThePurchaseItRestores() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                var restored = sampleTransaction(id: "t-2", state: .restored)
                restored.originalTransactionId = "t-1"
                try ledger.insert(restored)
            }
            #expect(try withLedger(at: path) { try $0.transaction(id: "t-2")?.originalTransactionId } == "t-1")
        }
    }

    @Test func aVersionFiveFileGainsTheColumnsAndKeepsItsRows() throws {
        try withTemporaryLedgerPath { path in
            let database = try SQLiteDatabase(path: path)
            for migration in Schema.migrations.prefix(5) { try database.execute(migration) }
            try database.execute("PRAGMA user_version = 5")
            try database.execute("""
                INSERT INTO transactions (id, product_id, user_id, storefront, integration_path, state, quantity,
                    price, currency, created_at, updated_at)
                VALUES ('txn-000001', 'p', 'u', 'USA', 'storekit', 'purchased', 1, '0.99', 'USD', 1, 1);
                INSERT INTO grants (transaction_id, kind, key, amount, granted_at)
                VALUES ('txn-000001', 'currency', 'gems', 100, 1);
                """)
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.schemaVersion() == LedgerDatabase.supportedSchemaVersion)
                #expect(try ledger.transaction(id: "txn-000001")?.revokedAt == nil)
                #expect(try ledger.grant(forTransaction: "txn-000001")?.amount == 100)
                #expect(try ledger.recordRevocation(ofTransaction: "txn-000001", reason: "other", at: refunded))
                #expect(try ledger.balances() == [:])
            }
        }
    }
}
