import Foundation
import Testing
import Ledger

/// `writeWithNextCommit`: a write that rides on the next `inTransaction` commit instead of one of
/// its own (the store moves its clock on so, before the work that falls due).
@Suite("Writes that ride on the next commit")
struct DeferredWriteTests {
    struct Abort: Error {}

    @Test func aDeferredWriteIsMadeInTheNextCommitAndCostsNoCommitOfItsOwn() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                ledger.writeWithNextCommit("clock") { try ledger.setSetting("clock", to: "1") }
                #expect(ledger.hasDeferredWrites)
                #expect(try LedgerDatabase(readingOnly: path).setting("clock") == nil, "nothing written yet")
                let before = ledger.commitCount
                try ledger.inTransaction { try ledger.setSetting("work", to: "done") }
                #expect(ledger.commitCount == before + 1, "one commit for the work and the deferred write")
                #expect(!ledger.hasDeferredWrites)
                let reader = try LedgerDatabase(readingOnly: path)
                #expect(try reader.setting("clock") == "1")
                #expect(try reader.setting("work") == "done")
            }
        }
    }

    @Test func theLatestWriteForAKeyReplacesTheEarlierAndKeysKeepTheirOrder() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                var order: [String] = []
                ledger.writeWithNextCommit("a") { order.append("a1"); try ledger.setSetting("a", to: "1") }
                ledger.writeWithNextCommit("b") { order.append("b"); try ledger.setSetting("b", to: "x") }
                ledger.writeWithNextCommit("a") { order.append("a2"); try ledger.setSetting("a", to: "2") }
                try ledger.commitDeferredWrites()
                #expect(order == ["a2", "b"])
                #expect(try ledger.setting("a") == "2")
                #expect(try ledger.setting("b") == "x")
            }
        }
    }

    @Test func aRolledBackCommitKeepsTheDeferredWriteWaiting() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                ledger.writeWithNextCommit("clock") { try ledger.setSetting("clock", to: "1") }
                #expect(throws: Abort.self) {
                    try ledger.inTransaction {
                        try ledger.setSetting("work", to: "half")
                        throw Abort()
                    }
                }
                #expect(try ledger.setting("clock") == nil)
                #expect(ledger.hasDeferredWrites, "still waiting for a commit that holds")
                try ledger.commitDeferredWrites()
                #expect(try LedgerDatabase(readingOnly: path).setting("clock") == "1")
                #expect(try ledger.setting("work") == nil)
            }
        }
    }

    @Test func aDeferredWriteThatFailsRollsTheCommitBackAndStillWaits() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                var fails = true
                ledger.writeWithNextCommit("flaky") {
                    if fails { throw Abort() }
                    try ledger.setSetting("flaky", to: "written")
                }
                #expect(throws: Abort.self) { try ledger.inTransaction { try ledger.setSetting("work", to: "done") } }
                #expect(try ledger.setting("work") == nil, "the body's writes went with the failed deferred write")
                #expect(ledger.hasDeferredWrites)
                fails = false
                try ledger.inTransaction { try ledger.setSetting("work", to: "done") }
                #expect(try ledger.setting("flaky") == "written")
                #expect(try ledger.setting("work") == "done")
            }
        }
    }

    @Test func withNothingWaitingCommitDeferredWritesCommitsNothing() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                let before = ledger.commitCount
                try ledger.commitDeferredWrites()
                #expect(ledger.commitCount == before)
            }
        }
    }
}
