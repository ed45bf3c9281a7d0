import CSQLite
import Foundation
import Testing

extension EndToEnd {
    /// A ledger whose only damage is in an index, as QA made it: the app bought gems and quit
    /// (keeping the ledger's fingerprint), then four bytes of the key in the grants' index
    /// (`sqlite_autoindex_grants_1`, one leaf page, found by its root page) were flipped in
    /// the file. SQLite's `quick_check` passes such a file; the app, `scenario`, `open-url` and
    /// `history` opened it, and a refund then left the gems granted. Each now refuses it with
    /// exit 74, naming the problem `integrity_check` found, and leaves the ledger's files as
    /// they were.
    @Suite("A ledger damaged in an index only", .needsTmux)
    struct DamagedIndex {
        static let problem = "row 1 missing from index sqlite_autoindex_grants_1"

        private func run(_ arguments: [String]) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), arguments)
        }

        /// Four bytes of the one key in the grants' index flipped, in the file itself.
        private func damageIndex(of ledger: String) throws {
            let page = try #require(Int(try Self.answer(ledger, "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_grants_1'")))
            let pageSize = try #require(Int(try Self.answer(ledger, "PRAGMA page_size")))
            var bytes = try Data(contentsOf: URL(fileURLWithPath: ledger))
            let start = (page - 1) * pageSize
            try #require(bytes[start] == 0x0A, "the index's root page is not a leaf page of an index")
            let key = try #require(bytes.range(of: Data("txn-000001".utf8), in: start..<(start + pageSize)))
            for offset in (key.lowerBound + 6)..<(key.lowerBound + 10) { bytes[offset] ^= 0x01 }
            try bytes.write(to: URL(fileURLWithPath: ledger))
            // Damage that only the full check sees: the open's check before this fix passed it.
            try #require(try Self.answer(ledger, "PRAGMA quick_check") == "ok")
            try #require(try Self.answer(ledger, "PRAGMA integrity_check") == Self.problem)
        }

        /// What SQLite answers, read immutable so that nothing is made beside the file.
        private static func answer(_ path: String, _ sql: String) throws -> String {
            var handle: OpaquePointer?
            guard sqlite3_open_v2("file:" + path + "?immutable=1", &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK else {
                sqlite3_close_v2(handle)
                throw EndToEndStop("SQLite cannot read \(path)")
            }
            defer { sqlite3_close_v2(handle) }
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw EndToEndStop("SQLite refused \(sql)") }
            defer { sqlite3_finalize(statement) }
            var lines: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                lines.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
            }
            return lines.joined(separator: "\n")
        }

        /// The ledger's files (the database, its log and shared-memory index, its fingerprint)
        /// and the bytes of each.
        private static func ledgerFiles(in state: String) throws -> [String: Data] {
            var found: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: state) where name.hasPrefix("storefront.sqlite") {
                found[name] = try Data(contentsOf: URL(fileURLWithPath: state + "/" + name))
            }
            return found
        }

        /// The refusal every command says, up to the way out.
        private func refusal(of ledger: String) -> String {
            "\(ledger) is damaged (\(Self.problem)), so nothing was written to it; move it aside, keeping it for a bug report, "
                + "or run storefront reset to start again, or pass --state-dir. storefront history --check lists every problem."
        }

        @Test("the app, scenario, open-url and history each refuse it, exit 74, naming the index; its files stay as they were")
        func everyCommandRefusesIt() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let ledger = try EndToEnd.ledgerWithAPurchase(in: state)
            try damageIndex(of: ledger)
            let before = try Self.ledgerFiles(in: state)

            let history = try run(["history", "--state-dir", state])
            #expect(history.status == 74, "\(history.standardOutput)")
            #expect(history.standardError == "storefront: \(refusal(of: ledger))\n", "\(history.standardError)")
            #expect(history.standardOutput.isEmpty, "history printed what it read through the damaged index")

            let check = try run(["history", "--check", "--state-dir", state])
            #expect(check.status == 74)
            #expect(check.standardError.hasSuffix(":\n  \(Self.problem)\n"), "\(check.standardError)")

            let url = try run(["open-url", "com.example.stardust://xsollaconfirm/payment?invoice_id=1&status=done", "--state-dir", state])
            #expect(url.status == 74)
            #expect(url.standardError == "storefront: \(refusal(of: ledger))\n", "\(url.standardError)")

            let scenario = directory.path + "/refund.scenario"
            try "catalog \(BuiltBinary.catalog)\nuser qa-e2e\nrefund last\nexpect balance gems 0\n"
                .write(toFile: scenario, atomically: true, encoding: .utf8)
            let scripted = try run(["scenario", scenario, "--state-dir", state, "--quiet"])
            #expect(scripted.status == 74, "\(scripted.standardOutput)")
            #expect(scripted.standardOutput.contains(refusal(of: ledger)), "\(scripted.standardOutput)")

            let app = try TmuxSession(stateDirectory: state)
            defer { app.close() }
            let screen = try app.waitUntil("the app ends with EXIT=74") { $0.joined().contains("EXIT=") }
            let text = screen.joined().filter { $0 != " " }
            #expect(text.contains("EXIT=74"), "\(screen.joined(separator: "\n"))")
            #expect(text.contains("storefront: \(refusal(of: ledger))".filter { $0 != " " }), "\(screen.joined(separator: "\n"))")

            #expect(try Self.ledgerFiles(in: state) == before, "a refusal changed, made or removed a file of the ledger")
        }
    }
}
