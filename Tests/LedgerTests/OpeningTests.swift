import Foundation
import Testing
@testable import Ledger

@Suite("Opening a ledger file")
struct OpeningTests {
    @Test func journalModeIsWALAndTheWALFileExistsAfterAWrite() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            #expect(try ledger.journalMode() == "wal")
            try ledger.setSetting("theme", to: "dark")
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(FileManager.default.fileExists(atPath: path + "-shm"))
        }
    }

    @Test func schemaVersionIsTheSupportedOneAndSurvivesReopening() throws {
        try withTemporaryLedgerPath { path throws in
            #expect(LedgerDatabase.supportedSchemaVersion == 20)
            #expect(try withLedger(at: path) { try $0.schemaVersion() } == LedgerDatabase.supportedSchemaVersion)
            #expect(try withLedger(at: path) { try $0.schemaVersion() } == LedgerDatabase.supportedSchemaVersion)
        }
    }

    @Test func connectionIsDurableAndEnforcesForeignKeys() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            #expect(try ledger.database.singleInt("PRAGMA synchronous") == 2)  // FULL
            #expect(try ledger.database.singleInt("PRAGMA foreign_keys") == 1)
        }
    }

    @Test func aSecondConnectionSeesWhatTheFirstWrote() throws {
        try withTemporaryLedgerPath { path throws in
            let writer = try LedgerDatabase(path: path)
            let reader = try LedgerDatabase(path: path)
            try writer.insert(sampleTransaction(id: "t-1"))
            #expect(try reader.transaction(id: "t-1") == sampleTransaction(id: "t-1"))
        }
    }

    struct GarbageFile: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let bytes: Data
    }

    static let garbage = [
        GarbageFile(testDescription: "a short text file", bytes: Data("hello, this is not a database\n".utf8)),
        GarbageFile(testDescription: "two pages of bytes", bytes: Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })),
    ]

    @Test(arguments: garbage)
    func aFileThatIsNotSQLiteIsRefusedAndLeftUntouched(_ file: GarbageFile) throws {
        let bytes = file.bytes
        try withTemporaryLedgerPath { path throws in
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(throws: LedgerError.notADatabase(path: path)) { _ = try LedgerDatabase(path: path) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        }
    }

    @Test func aFileFromANewerSchemaIsRefusedAndLeftUntouched() throws {
        try withTemporaryLedgerPath { path throws in
            do {
                // What a future storefront might leave behind: a ledger's tables and more, in its
                // default (rollback) journal mode.
                let database = try SQLiteDatabase(path: path)
                try database.execute(Schema.migrations[0] + "; CREATE TABLE future (x); PRAGMA user_version = 99;")
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(throws: LedgerError.newerSchema(path: path, found: 99, supported: LedgerDatabase.supportedSchemaVersion)) {
                _ = try LedgerDatabase(path: path)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    /// Another program that keeps its own version past ours is not a newer storefront: upgrading
    /// would not help, and the refusal says whose file it is.
    @Test func anotherProgramsFileOfAHighVersionIsNotANewerLedger() throws {
        try withTemporaryLedgerPath { path throws in
            try SQLiteDatabase(path: path).execute("CREATE TABLE notes (text TEXT); PRAGMA user_version = 99;")
            #expect(throws: LedgerError.foreignDatabase(path: path)) { _ = try LedgerDatabase(path: path) }
            #expect(throws: LedgerError.foreignDatabase(path: path)) { _ = try LedgerDatabase(readingOnly: path) }
        }
    }

    @Test func aPathInAMissingDirectoryCannotBeOpened() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        let path = directory.appendingPathComponent("ledger.sqlite").path
        let error = try #require(throws: LedgerError.self) { _ = try LedgerDatabase(path: path) }
        guard case let .cannotOpen(failedPath, message) = error else {
            Issue.record("expected cannotOpen, got \(error)")
            return
        }
        #expect(failedPath == path)
        #expect(!message.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test func errorDescriptionsNameTheFileAndTheWayOut() {
        let path = "/state/ledger.sqlite"
        let errors: [LedgerError] = [
            .cannotOpen(path: path, message: "unable to open database file"),
            .notADatabase(path: path),
            .newerSchema(path: path, found: 99, supported: 1),
            .walUnavailable(path: path, mode: "delete"),
        ]
        for error in errors {
            #expect(error.description.contains(path))
            #expect(error.description.contains("--state-dir"))
            #expect(error.localizedDescription == error.description)
        }
        #expect(LedgerError.notADatabase(path: path).description.contains("move it away"))
        #expect(LedgerError.newerSchema(path: path, found: 99, supported: 1).description.contains("99"))
        #expect(LedgerError.unknownTransaction(id: "t-9").description.contains("t-9"))
    }
}
