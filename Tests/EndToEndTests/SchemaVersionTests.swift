import CSQLite
import Foundation
import Testing

extension EndToEnd {
    /// A ledger whose schema version (`PRAGMA user_version`) was set to -5 was called "not a
    /// SQLite database", which it is. Every command now says what it is: a SQLite database of a
    /// version no storefront writes, with a ledger's tables or not, and leaves it as it was (74).
    @Suite("A ledger of a schema version no storefront writes")
    struct SchemaVersion {
        private func run(_ arguments: [String]) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), arguments)
        }

        @Test("user_version -5: every command says it is a SQLite database of version -5 with a ledger's tables, exit 74")
        func negativeVersion() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let kept = try run(["open-url", "com.example.stardust://x", "--state-dir", state])
            try #require(kept.status == 0, "\(kept.standardError)")
            let ledger = state + "/storefront.sqlite"
            var handle: OpaquePointer?
            try #require(sqlite3_open_v2(ledger, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
            try #require(sqlite3_exec(handle, "PRAGMA user_version = -5", nil, nil, nil) == SQLITE_OK)
            sqlite3_close_v2(handle)
            let before = try Data(contentsOf: URL(fileURLWithPath: ledger))

            let sentence = "storefront: \(ledger) has a storefront ledger's tables but the schema version -5, which no "
                + "storefront writes (a ledger's runs from 1 to "
            for command in [["history"], ["history", "--check"], ["public-key"], ["open-url", "com.example.stardust://x"]] {
                let result = try run(command + ["--state-dir", state])
                #expect(result.status == 74, "\(command): \(result.standardError)")
                #expect(result.standardError.hasPrefix(sentence), "\(command): \(result.standardError)")
                #expect(result.standardError.hasSuffix("), so it was left untouched; move it aside, keeping it for a bug "
                    + "report, or pass --state-dir.\n"), "\(command): \(result.standardError)")
                #expect(!result.standardError.contains("not a SQLite database"))
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: ledger)) == before)
        }
    }
}
