import Foundation
import Testing
@testable import Ledger

/// A path's own records (`path_records`): a value a key, for one path only, in the order the
/// keys were first written, kept across reopening and rolled back with their commit.
@Suite("Path records")
struct PathRecordTests {
    struct Abort: Error {}

    @Test func aValueIsKeptPerPathAndKeyAndReplacedInPlace() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.setPathRecord("one", of: "play", key: "txn-000001")
                try ledger.setPathRecord("two", of: "play", key: "txn-000002")
                try ledger.setPathRecord("other", of: "elsewhere", key: "txn-000001")
                try ledger.setPathRecord("one, again", of: "play", key: "txn-000001")
                #expect(try ledger.pathRecord(of: "play", key: "txn-000001") == "one, again")
                #expect(try ledger.pathRecord(of: "elsewhere", key: "txn-000001") == "other")
                #expect(try ledger.pathRecord(of: "play", key: "txn-000003") == nil)
                let listed = try ledger.pathRecords(of: "play")
                #expect(listed.map(\.key) == ["txn-000001", "txn-000002"], "a key written again keeps its place")
                #expect(listed.map(\.value) == ["one, again", "two"])
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.pathRecords(of: "play").count == 2, "kept across reopening")
                #expect(try ledger.pathRecords(of: "nobody").isEmpty)
            }
        }
    }

    @Test func aRecordWrittenInARolledBackCommitIsGone() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                #expect(throws: Abort.self) {
                    try ledger.inTransaction {
                        try ledger.setPathRecord("half", of: "play", key: "txn-000001")
                        throw Abort()
                    }
                }
                #expect(try ledger.pathRecord(of: "play", key: "txn-000001") == nil)
            }
        }
    }

    @Test func aLedgerOfSchema12GainsTheTableAndKeepsItsRows() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1"))
            }
            // Back to schema 12, as a build before path records left it (without the later
            // migrations' columns too).
            let database = try SQLiteDatabase(path: path)
            try database.execute(undoingSchema20 + undoingSchema19 + undoingSchema18 + undoingSchema17 + undoingSchema16 + """
                DROP TABLE path_records; ALTER TABLE subscriptions DROP COLUMN scheduled_pause;
                ALTER TABLE transactions DROP COLUMN period_end;
                ALTER TABLE subscriptions DROP COLUMN paused_until; PRAGMA user_version = 12;
                """)
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.schemaVersion() == LedgerDatabase.supportedSchemaVersion)
                #expect(try ledger.transactionCount() == 1)
                try ledger.setPathRecord("kept", of: "play", key: "t-1")
                #expect(try ledger.pathRecord(of: "play", key: "t-1") == "kept")
            }
        }
    }
}
