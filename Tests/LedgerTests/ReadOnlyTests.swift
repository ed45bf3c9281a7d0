import Foundation
import Testing
@testable import Ledger

/// `Ledger(readingOnly:)`, for `storefront history`: opened with SQLITE_OPEN_READONLY, it
/// creates nothing and changes nothing.
@Suite("Reading a ledger only")
struct ReadOnlyTests {
    @Test func aMissingLedgerIsNamedAndNothingIsCreated() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)").path
        let path = directory + "/storefront.sqlite"
        #expect(throws: LedgerError.noLedger(path: path)) { _ = try LedgerDatabase(readingOnly: path) }
        #expect(!FileManager.default.fileExists(atPath: directory))

        try withTemporaryLedgerPath { path throws in
            #expect(throws: LedgerError.noLedger(path: path)) { _ = try LedgerDatabase(readingOnly: path) }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func readsWhatAWriterCommittedAndCannotWrite() throws {
        try withTemporaryLedgerPath { path throws in
            let writer = try LedgerDatabase(path: path)
            try writer.insert(sampleTransaction(id: "t-1"))
            let reader = try LedgerDatabase(readingOnly: path)
            #expect(try reader.transaction(id: "t-1") == sampleTransaction(id: "t-1"))
            #expect(throws: LedgerError.self) { try reader.setSetting("theme", to: "dark") }
            #expect(try writer.setting("theme") == nil)
        }
    }

    /// Once the writer has gone: the database file itself is not changed by reading it.
    @Test func readingAClosedLedgerLeavesTheDatabaseAsItWas() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { try $0.insert(sampleTransaction(id: "t-1")) }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            do {
                let reader = try LedgerDatabase(readingOnly: path)
                #expect(try reader.transactions(newestFirst: 10).map(\.id) == ["t-1"])
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    /// SQLite makes a log and a shared-memory index beside a WAL file for any reader; the
    /// reader that made them has SQLite take them away as it closes. Beside a writer still
    /// open, they are the writer's, and stay.
    @Test func readingAClosedLedgerLeavesNothingBesideIt() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { try $0.insert(sampleTransaction(id: "t-1")) }
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            do {
                let reader = try LedgerDatabase(readingOnly: path)
                #expect(try reader.transactions(newestFirst: 10).map(\.id) == ["t-1"])
                #expect(FileManager.default.fileExists(atPath: path + "-shm"), "SQLite read it in WAL mode")
            }
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(!FileManager.default.fileExists(atPath: path + "-shm"))

            let writer = try LedgerDatabase(path: path)
            do { _ = try LedgerDatabase(readingOnly: path).transactions(newestFirst: 1) }
            #expect(FileManager.default.fileExists(atPath: path + "-wal"), "the writer's log was taken from under it")
            try writer.insert(sampleTransaction(id: "t-2"))
            #expect(try LedgerDatabase(readingOnly: path).transactions(newestFirst: 10).map(\.id) == ["t-2", "t-1"])
        }
    }

    /// Only a writer migrates; a reader says what to do instead of reading a schema it does not know.
    @Test func anOlderSchemaIsNamed() throws {
        try withTemporaryLedgerPath { path throws in
            do {
                let database = try SQLiteDatabase(path: path)
                try database.execute(Schema.migrations[0] + "; PRAGMA user_version = 1;")
            }
            #expect(throws: LedgerError.olderSchema(path: path, found: 1, supported: LedgerDatabase.supportedSchemaVersion)) {
                _ = try LedgerDatabase(readingOnly: path)
            }
        }
    }
}
