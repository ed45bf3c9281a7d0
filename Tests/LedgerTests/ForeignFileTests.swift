import Foundation
import Testing
@testable import Ledger

/// A SQLite file of another program is refused before anything is written to it: not switched
/// to WAL, no tables added, not a byte changed, no WAL or journal left beside it.
@Suite("A foreign SQLite file")
struct ForeignFileTests {
    struct Foreign: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let sql: String
    }

    static let files = [
        Foreign(testDescription: "a notes app (user_version 0)",
                sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('milk');"),
        Foreign(testDescription: "a table named like ours (user_version 0)",
                sql: "CREATE TABLE transactions (amount REAL); INSERT INTO transactions VALUES (12.5);"),
        Foreign(testDescription: "another program's user_version 2",
                sql: "CREATE TABLE accounts (name TEXT); PRAGMA user_version = 2;"),
    ]

    @Test(arguments: files)
    func isRefusedAndLeftByteIdentical(_ foreign: Foreign) throws {
        try withTemporaryLedgerPath { path throws in
            do {
                // Written as its program would: SQLite's default rollback journal, then closed.
                let database = try SQLiteDatabase(path: path)
                try database.execute(foreign.sql)
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(throws: LedgerError.foreignDatabase(path: path)) { _ = try LedgerDatabase(path: path) }
            #expect(throws: LedgerError.foreignDatabase(path: path)) { _ = try LedgerDatabase(readingOnly: path) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            for sibling in ["-wal", "-shm", "-journal"] {
                #expect(!FileManager.default.fileExists(atPath: path + sibling), "\(sibling)")
            }
        }
    }

    @Test func theSentenceNamesTheFileAndTheWayOut() {
        let sentence = LedgerError.foreignDatabase(path: "/state/storefront.sqlite").description
        #expect(sentence == "/state/storefront.sqlite is a SQLite database of another program, so the ledger left it "
            + "untouched; move it away or pass --state-dir.")
    }

    // An empty (0-byte) file is refused, not made into a ledger: CorruptionTests.
}
