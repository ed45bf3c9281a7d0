import Foundation
import Testing
@testable import Ledger

/// Schema 3: ids from a sequence that never goes back, the simulated clock, counted commits.
@Suite("Sequences, the clock and commit counts")
struct SchemaThreeTests {
    private let time = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func aSequenceCountsUpAcrossReopeningAndNamesAreIndependent() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.nextValue(ofSequence: "transaction") == 1)
                #expect(try ledger.nextValue(ofSequence: "transaction") == 2)
                #expect(try ledger.nextValue(ofSequence: "other") == 1)
            }
            #expect(try withLedger(at: path) { try $0.nextValue(ofSequence: "transaction") } == 3)
        }
    }

    @Test func aValueTakenInsideARolledBackBlockIsGivenAgain() throws {
        // Nothing used it: the block that took it never committed.
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                struct Abort: Error {}
                _ = try? ledger.inTransaction { () throws -> Int in
                    _ = try ledger.nextValue(ofSequence: "transaction")
                    throw Abort()
                }
                #expect(try ledger.nextValue(ofSequence: "transaction") == 1)
            }
        }
    }

    @Test func twoConnectionsNeverGetTheSameValue() throws {
        try withTemporaryLedgerPath { path in
            let first = try LedgerDatabase(path: path)
            let second = try LedgerDatabase(path: path)
            var seen: [Int] = []
            for _ in 0..<20 {
                seen.append(try first.nextValue(ofSequence: "transaction"))
                seen.append(try second.nextValue(ofSequence: "transaction"))
            }
            #expect(seen == Array(1...40))
        }
    }

    @Test func aVersionTwoFileStartsItsSequencePastItsIds() throws {
        try withTemporaryLedgerPath { path in
            let database = try SQLiteDatabase(path: path)
            try database.execute(Schema.migrations[0])
            try database.execute(Schema.migrations[1])
            try database.execute("PRAGMA user_version = 2")
            for (id, created) in [("txn-000001", 1), ("txn-000007", 2), ("imported-a", 3)] {
                try database.execute("""
                    INSERT INTO transactions (id, product_id, user_id, storefront, integration_path, state, quantity,
                        price, currency, created_at, updated_at)
                    VALUES ('\(id)', 'p', 'u', 'USA', 'paystation', 'purchased', 1, '0.99', 'USD', \(created), \(created))
                    """)
            }
            let ledger = try LedgerDatabase(path: path)
            #expect(try ledger.schemaVersion() == LedgerDatabase.supportedSchemaVersion)
            // Past the largest numbered id (7), not merely the count (3).
            #expect(try ledger.nextValue(ofSequence: "transaction") == 8)
        }
    }

    @Test func theClockIsKeptAndReplaced() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.clock() == nil)
                try ledger.saveClock(ClockRecord(simulated: time, wall: time.addingTimeInterval(-5), rate: 1))
                try ledger.saveClock(ClockRecord(simulated: time.addingTimeInterval(86_400), wall: time, rate: nil))
            }
            let kept = try withLedger(at: path) { try $0.clock() }
            #expect(kept == ClockRecord(simulated: time.addingTimeInterval(86_400), wall: time, rate: nil))
        }
    }

    @Test func aRateOfZeroIsRefused() throws {
        try withTemporaryLedgerPath { path in
            _ = try withLedger(at: path) { ledger throws in
                #expect(throws: LedgerError.self) {
                    try ledger.saveClock(ClockRecord(simulated: time, wall: time, rate: 0))
                }
            }
        }
    }

    @Test func commitsAreCountedOncePerBlockAndNotForReads() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                let start = ledger.commitCount
                try ledger.setSetting("a", to: "1")
                #expect(ledger.commitCount == start + 1)
                try ledger.inTransaction {
                    try ledger.setSetting("b", to: "2")
                    try ledger.appendEvent(kind: "k", message: "m", transactionId: nil, at: time)
                }
                #expect(ledger.commitCount == start + 2)
                _ = try ledger.setting("a")
                _ = try ledger.events(newestFirst: 5)
                #expect(ledger.commitCount == start + 2)
            }
        }
    }
}

/// Schema 3 also keeps when a payment happened, apart from when it was settled.
@Suite("Payment and purchase dates")
struct PaymentDateTests {
    private let time = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func theStatusTimeIsKeptOnceWithTheFirstStatus() throws {
        try withTemporaryLedgerPath { path in
            let ledger = try LedgerDatabase(path: path)
            try ledger.recordInvoice(InvoiceRecord(invoiceId: "inv", transactionId: "t", userId: "u", createdAt: time))
            #expect(try ledger.invoice(id: "inv")?.statusAt == nil)
            #expect(try ledger.recordPaymentStatus("done", forInvoice: "inv", at: time.addingTimeInterval(5)))
            #expect(try ledger.recordPaymentStatus("done", forInvoice: "inv", at: time.addingTimeInterval(60)))
            #expect(try LedgerDatabase(path: path).invoice(id: "inv")?.statusAt == time.addingTimeInterval(5))
        }
    }

    @Test func aPurchaseDateIsRecordedOnceAndReadBack() throws {
        try withTemporaryLedgerPath { path in
            let ledger = try LedgerDatabase(path: path)
            try ledger.insert(sampleTransaction(id: "t1"))
            #expect(try ledger.transaction(id: "t1")?.purchasedAt == nil)
            try ledger.recordPurchaseDate(time, ofTransaction: "t1")
            try ledger.recordPurchaseDate(time.addingTimeInterval(99), ofTransaction: "t1")
            #expect(try LedgerDatabase(path: path).transaction(id: "t1")?.purchasedAt == time)
            #expect(throws: LedgerError.unknownTransaction(id: "nope")) {
                try ledger.recordPurchaseDate(time, ofTransaction: "nope")
            }
        }
    }

    @Test func grantedProductsComeInOneQueryForOneUser() throws {
        try withTemporaryLedgerPath { path in
            let ledger = try LedgerDatabase(path: path)
            var mine = sampleTransaction(id: "t1")
            mine.userId = "ana"
            var theirs = sampleTransaction(id: "t2")
            theirs.userId = "ben"
            try ledger.insert(mine)
            try ledger.insert(theirs)
            for id in ["t1", "t2"] {
                try ledger.recordGrant(GrantRecord(transactionId: id, kind: .currency, key: "gems", amount: 1, grantedAt: time))
            }
            #expect(try ledger.grantOrigins(user: "ana")
                    == ["t1": GrantOrigin(productId: mine.productId, integrationPath: mine.integrationPath)])
        }
    }
}
