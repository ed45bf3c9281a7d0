import Foundation
import Testing
import Ledger

/// A durable step in the middle of one block (`commitSoFar`: a payment committed before its
/// delivery), and a block that changed no row, which ends without a commit.
@Suite("Commits in the middle of a block, and blocks that write nothing")
struct CommitSoFarTests {
    @Test func whatCameBeforeTheStepSurvivesALaterThrowAndWhatCameAfterDoesNot() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                var heard: [String] = []
                #expect(throws: Abort()) {
                    try ledger.inTransaction {
                        try ledger.insert(sampleTransaction(id: "t-paid"))
                        ledger.whenCommitted { heard.append("paid") }
                        try ledger.commitSoFar()
                        // Heard at the step's commit, not at the block's end.
                        #expect(heard == ["paid"])
                        #expect(ledger.isInTransaction, "the block goes on in a new transaction")
                        try ledger.insert(sampleTransaction(id: "t-after"))
                        throw Abort()
                    }
                }
                #expect(heard == ["paid"])
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.transaction(id: "t-paid") != nil, "committed at the step")
                #expect(try ledger.transaction(id: "t-after") == nil, "rolled back with the rest of the block")
            }
        }
    }

    @Test func insideANestedBlockItCommitsNothing() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                var heard = false
                #expect(throws: Abort()) {
                    try ledger.inTransaction {
                        try ledger.inTransaction {
                            try ledger.insert(sampleTransaction(id: "t-inner"))
                            ledger.whenCommitted { heard = true }
                            try ledger.commitSoFar()
                        }
                        #expect(!heard, "a savepoint cannot commit alone")
                        throw Abort()
                    }
                }
                #expect(!heard)
                #expect(try ledger.transaction(id: "t-inner") == nil)
            }
        }
    }

    @Test func aBlockThatChangesNoRowCountsNoCommitAndItsWaitersStillRun() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.setSetting("kept", to: "yes")
                let before = ledger.commitCount
                var heard = false
                let read = try ledger.inTransaction { () throws -> String? in
                    ledger.whenCommitted { heard = true }
                    return try ledger.setting("kept")
                }
                #expect(read == "yes")
                #expect(ledger.commitCount == before, "nothing to make durable")
                #expect(heard, "what waited for the block runs: nothing of it is lost")
                try ledger.inTransaction { try ledger.setSetting("kept", to: "again") }
                #expect(ledger.commitCount == before + 1, "a block that writes still commits once")
                try ledger.inTransaction { try ledger.commitSoFar() }
                #expect(ledger.commitCount == before + 1, "an empty step commits nothing either")
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.setting("kept") == "again")
            }
        }
    }
}
