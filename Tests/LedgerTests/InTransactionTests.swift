import Foundation
import Testing
import Ledger

@Suite("Atomic writes")
struct InTransactionTests {
    @Test func aThrowingBlockLeavesNothingBehind() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.setSetting("kept", to: "yes")
                #expect(throws: Abort()) {
                    try ledger.inTransaction {
                        try ledger.insert(sampleTransaction(id: "t-1"))
                        try ledger.recordGrant(GrantRecord(
                            transactionId: "t-1", kind: .currency, key: "gems", amount: 5, grantedAt: date(1)))
                        try ledger.appendEvent(kind: "PURCHASE", message: "bought", transactionId: "t-1", at: date(1))
                        try ledger.setSetting("kept", to: "no")
                        throw Abort()
                    }
                }
                #expect(try ledger.transactionCount() == 0)
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.transactionCount() == 0)
                #expect(try ledger.history(ofTransaction: "t-1").isEmpty)
                #expect(try ledger.grants().isEmpty)
                #expect(try ledger.events(newestFirst: 10).isEmpty)
                #expect(try ledger.setting("kept") == "yes")
                // The ledger is still usable after a rollback.
                try ledger.insert(sampleTransaction(id: "t-2"))
                #expect(try ledger.transactionCount() == 1)
            }
        }
    }

    @Test func aBlockThatReturnsIsCommittedAndItsValueReturned() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                let granted = try ledger.inTransaction {
                    try ledger.insert(sampleTransaction(id: "t-1"))
                    return try ledger.recordGrant(GrantRecord(
                        transactionId: "t-1", kind: .currency, key: "gems", amount: 5, grantedAt: date(1)))
                }
                #expect(granted)
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.transaction(id: "t-1") != nil)
                #expect(try ledger.balances() == ["gems": 5])
            }
        }
    }

    @Test func aNestedBlockThatThrowsUndoesOnlyItsOwnWrites() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.inTransaction {
                    try ledger.insert(sampleTransaction(id: "t-outer"))
                    do {
                        try ledger.inTransaction {
                            try ledger.insert(sampleTransaction(id: "t-inner"))
                            throw Abort()
                        }
                    } catch {}
                    try ledger.setSetting("after", to: "inner failed")
                }
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.transactions(newestFirst: 10).map(\.id) == ["t-outer"])
                #expect(try ledger.history(ofTransaction: "t-inner").isEmpty)
                #expect(try ledger.setting("after") == "inner failed")
            }
        }
    }
}
