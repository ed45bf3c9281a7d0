import Foundation
import Testing
@testable import Ledger

/// Schema 2: Pay Station's outcome on each invoice, events per user, foreign version numbers.
@Suite("Invoice outcomes and per-user events")
struct SchemaTwoTests {
    private let time = Date(timeIntervalSinceReferenceDate: 800_000_000)

    private func transaction(_ id: String, user: String) -> TransactionRecord {
        TransactionRecord(id: id, productId: "p", userId: user, storefront: "USA", integrationPath: "paystation",
                          state: .purchasing, quantity: 1, price: "0.99", currency: "USD", invoiceId: "inv-\(id)",
                          createdAt: time, updatedAt: time)
    }

    @Test func thePaymentStatusIsRecordedOnceAndSurvivesReopening() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger in
                try ledger.recordInvoice(InvoiceRecord(invoiceId: "inv-1", transactionId: "t1", userId: "u", createdAt: time))
                #expect(try ledger.invoice(id: "inv-1")?.paymentStatus == nil)
                #expect(try ledger.recordPaymentStatus("done", forInvoice: "inv-1", at: time))
                #expect(try ledger.recordPaymentStatus("done", forInvoice: "inv-1", at: time))  // the same again is fine
                #expect(try !ledger.recordPaymentStatus("troubled", forInvoice: "inv-1", at: time))  // never another
                #expect(try !ledger.recordPaymentStatus("done", forInvoice: "unknown", at: time))
            }
            #expect(try withLedger(at: path) { try $0.invoice(id: "inv-1")?.paymentStatus } == "done")
        }
    }

    @Test func eventsForOneUserLeaveOutOtherUsersTransactions() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger in
                try ledger.insert(transaction("t1", user: "ana"))
                try ledger.insert(transaction("t2", user: "ben"))
                try ledger.appendEvent(kind: "a", message: "ana's", transactionId: "t1", at: time)
                try ledger.appendEvent(kind: "b", message: "ben's", transactionId: "t2", at: time)
                try ledger.appendEvent(kind: "launch", message: "everyone's", transactionId: nil, at: time)
                #expect(try ledger.events(newestFirst: 10, user: "ana").map(\.message) == ["everyone's", "ana's"])
                #expect(try ledger.events(newestFirst: 10).count == 3)
            }
        }
    }

    /// A negative version is no version of ours: said as what it is, a SQLite database (not
    /// "not a SQLite database"), and whether its tables are a ledger's.
    @Test func aNegativeVersionIsNotOurFile() throws {
        try withTemporaryLedgerPath { path in
            let database = try SQLiteDatabase(path: path)
            try database.execute("PRAGMA user_version = -3")
            let refusal = LedgerError.unknownSchemaVersion(path: path, found: -3, supported: LedgerDatabase.supportedSchemaVersion,
                                                           hasLedgerTables: false)
            #expect(throws: refusal) { try LedgerDatabase(path: path) }
            #expect(throws: refusal) { try LedgerDatabase(readingOnly: path) }
            #expect(refusal.description == "\(path) is a SQLite database of the schema version -3, not a storefront ledger "
                + "(a ledger's runs from 1 to \(LedgerDatabase.supportedSchemaVersion)), so the ledger left it untouched; move it away "
                + "or pass --state-dir.")
        }
    }

    @Test func aLedgerWhoseVersionWasSetBelowZeroIsSaidSo() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { try $0.insert(sampleTransaction(id: "t-1")) }
            try SQLiteDatabase(path: path).execute("PRAGMA user_version = -5")
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let refusal = LedgerError.unknownSchemaVersion(path: path, found: -5, supported: LedgerDatabase.supportedSchemaVersion,
                                                           hasLedgerTables: true)
            #expect(throws: refusal) { try LedgerDatabase(path: path) }
            #expect(throws: refusal) { try LedgerDatabase(checking: path) }
            #expect(refusal.description.hasPrefix("\(path) has a storefront ledger's tables but the schema version -5, which "
                + "no storefront writes"), "\(refusal)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test func aVersionOneFileIsMigratedKeepingItsInvoices() throws {
        try withTemporaryLedgerPath { path in
            let database = try SQLiteDatabase(path: path)
            try database.execute(Schema.migrations[0])
            try database.execute("PRAGMA user_version = 1")
            try database.execute("""
                INSERT INTO invoices (invoice_id, transaction_id, user_id, created_at) VALUES ('inv-old', 't', 'u', 0)
                """)
            let ledger = try LedgerDatabase(path: path)
            #expect(try ledger.schemaVersion() == LedgerDatabase.supportedSchemaVersion)
            let invoice = try #require(try ledger.invoice(id: "inv-old"))
            #expect(invoice.transactionId == "t" && invoice.paymentStatus == nil)
        }
    }
}
