import Foundation
import Testing

extension EndToEnd {
    /// lint, import, history and the usage errors, run as a script would run them.
    @Suite("Subcommands")
    struct Subcommands {
        private func run(_ arguments: [String]) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), arguments)
        }

        @Test("lint: the default catalog is clean, exit 0")
        func lintClean() throws {
            let result = try run(["lint", BuiltBinary.catalog])
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.contains("clean"))
        }

        @Test("lint: errors exit 65 with line:column and path; --json parses")
        func lintErrors() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let original = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let broken = original.replacingOccurrences(of: "\"enablePayments\": true", with: "\"enablePayments\": false")
                .replacingOccurrences(of: "\"currency\": \"GBP\"", with: "\"currency\": \"XXY\"")
            let file = directory.path + "/catalog.json"
            try broken.write(toFile: file, atomically: true, encoding: .utf8)
            let text = try run(["lint", file])
            #expect(text.status == 65)
            #expect(text.standardOutput.contains(#/catalog\.json:\d+:\d+: error: \$\.storefronts\[3\]\.currency: unknown currency "XXY"/#),
                    "\(text.standardOutput)")
            let json = try run(["lint", file, "--json"])
            #expect(json.status == 65)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            #expect((object["errors"] as? Int ?? 0) >= 1)
            let findings = try #require(object["findings"] as? [[String: Any]])
            #expect(findings.contains { ($0["path"] as? String) == "$.storefronts[3].currency" && ($0["line"] as? Int ?? 0) > 0 })
        }

        @Test("import: a .storekit file becomes a catalog.json that lints clean of errors")
        func importStoreKit() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let sample = BuiltBinary.root + "/Tests/CatalogTests/Fixtures/every-key.storekit"
            let imported = try run(["import", sample])
            #expect(imported.status == 0, "\(imported.standardError)")
            let file = directory.path + "/imported.json"
            try imported.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
            let lint = try run(["lint", file])
            #expect(lint.status == 0, "\(lint.standardOutput)")
            #expect(try run(["import"]).status == 64)
            #expect(try run(["import", directory.path + "/missing.storekit"]).status == 66)
        }

        @Test("history of a new ledger prints nothing kept yet, and --json is JSON")
        func history() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            try Self.makeLedger(in: state)
            let text = try run(["history", "--state-dir", state])
            #expect(text.status == 0)
            #expect(text.standardOutput.contains("No transactions"))
            let json = try run(["history", "--json", "--state-dir", state])
            let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
            #expect((object?["transactions"] as? [Any])?.isEmpty == true)
        }

        @Test("history on a mistyped --state-dir says there is no ledger, exit 66, and creates nothing")
        func historyOfNothing() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/stat"
            let result = try run(["history", "--state-dir", state])
            #expect(result.status == 66)
            #expect(result.standardError == "storefront: There is no ledger at \(state)/storefront.sqlite, and nothing "
                + "was created; check --state-dir (is it the one the app ran with?).\n")
            #expect(result.standardOutput.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: state))
        }

        @Test("history on another program's SQLite file refuses it and leaves it byte-identical")
        func historyOfAForeignFile() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let ledger = state + "/storefront.sqlite"
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            // A SQLite database with another program's table (user_version 0), as that program left it.
            try Data(Self.foreignDatabase).write(to: URL(fileURLWithPath: ledger))
            let result = try run(["history", "--state-dir", state])
            #expect(result.status == 74)
            #expect(result.standardError == "storefront: \(ledger) is a SQLite database of another program, so the "
                + "ledger left it untouched; move it away or pass --state-dir.\n")
            #expect(try Data(contentsOf: URL(fileURLWithPath: ledger)) == Data(Self.foreignDatabase))
            #expect(try FileManager.default.contentsOfDirectory(atPath: state) == ["storefront.sqlite"])
        }

        @Test("history on a damaged ledger names it corrupt, with the file and what to do", .needsTmux)
        func historyOfACorruptLedger() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let ledger = directory.path + "/storefront.sqlite"
            // A ledger as the app leaves it when it quits: all of it in the database file (the
            // write-ahead log checkpointed and gone), so damage to the file is damage to the ledger.
            let app = try TmuxSession(stateDirectory: directory.path)
            try app.waitForLaunch()
            try app.quit()
            app.close()
            let size = try #require(try FileManager.default.attributesOfItem(atPath: ledger)[.size] as? Int)
            guard size > 4096, !FileManager.default.fileExists(atPath: ledger + "-wal") else {
                throw EndToEndStop("the app left its ledger in the write-ahead log (\(size) bytes in the file)")
            }
            // The first page (header and schema) stays; every later page is scribbled over.
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: ledger))
            try handle.seek(toOffset: 4096)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: size - 4096))
            try handle.close()
            let result = try run(["history", "--state-dir", directory.path])
            #expect(result.status == 74)
            #expect(result.standardError.hasPrefix("storefront: \(ledger) is damaged ("), "\(result.standardError)")
            #expect(result.standardError.hasSuffix("), so nothing was written to it; move it aside, keeping it for a bug "
                + "report, or run storefront reset to start again, or pass --state-dir. storefront history --check lists every "
                + "problem.\n"), "\(result.standardError)")
        }

        @Test("reset removes the ledger and says so; a second reset finds nothing")
        func reset() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            try Self.makeLedger(in: state)
            #expect(FileManager.default.fileExists(atPath: state + "/storefront.sqlite"))
            let first = try run(["reset", "--state-dir", state])
            #expect(first.status == 0)
            #expect(first.standardOutput.contains("Removed " + state + "/storefront.sqlite"))
            #expect(!FileManager.default.fileExists(atPath: state + "/storefront.sqlite"))
            let second = try run(["reset", "--state-dir", state])
            #expect(second.standardOutput.hasPrefix("Nothing to reset"))
            #expect(try run(["reset", "extra"]).status == 64)
        }

        @Test("usage errors exit 64 and say what to do", arguments: [
            ["--network", "sometimes"], ["--bogus"], ["frobnicate"], ["--theme", "neon"], ["--storefront", "XYZ"],
            ["--catalog"], ["history", "extra"], ["bench", "now"], ["bench", "--scenarios", "many"], ["lint", "a.json", "b.json"], ["import"],
        ])
        func usageErrors(arguments: [String]) throws {
            // Extra or missing arguments are refused before the command runs (issue 7).
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try run(arguments.first == "--catalog" ? arguments
                                 : ["--catalog", BuiltBinary.catalog, "--state-dir", directory.path] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.standardError.hasPrefix("storefront: "))
        }

        @Test("storefront help prints the help, like --help")
        func helpCommand() throws {
            let help = try run(["help"])
            let flag = try run(["--help"])
            #expect(help.status == 0)
            #expect(help.standardOutput == flag.standardOutput)
            #expect(help.standardOutput.contains("storefront scenario"))
        }

        /// A ledger in `state`, made as QA makes one: a scenario that only launches the app there.
        /// (It may leave its last writes in the write-ahead log, which readers see as well.)
        static func makeLedger(in state: String) throws {
            let scenario = FileManager.default.temporaryDirectory
                .appendingPathComponent("launch-\(UUID().uuidString.prefix(8)).scenario").path
            try "catalog \(BuiltBinary.catalog)\n".write(toFile: scenario, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: scenario) }
            let made = try Finished.run(try BuiltBinary.path(), ["scenario", scenario, "--state-dir", state, "--quiet"])
            guard made.status == 0 else {
                throw EndToEndStop("storefront scenario --state-dir \(state) failed: \(made.standardOutput)\(made.standardError)")
            }
        }

        /// Another program's SQLite database, as `sqlite3 notes.db "PRAGMA page_size=512; CREATE
        /// TABLE notes (text TEXT); INSERT INTO notes VALUES ('milk')"` leaves it: two pages of
        /// 512 bytes, user_version 0, rollback journal. Spelled as its non-zero runs of bytes.
        static let foreignDatabase: [UInt8] = {
            let runs: [(offset: Int, hex: String)] = [
                (0, "53514c69746520666f726d617420330002000101004020200000000200000002"),
                (43, "0100000004"), (59, "01"), (95, "02002e63010d0000000101ca0001ca"),
                (458, "34010617171701497461626c656e6f7465736e6f74657302435245415445205441424c45206e6f74657320"
                    + "28746578742054455854290d0000000101f80001f8"),
                (1016, "060102156d696c6b"),
            ]
            var bytes = [UInt8](repeating: 0, count: 1024)
            for run in runs {
                let hex = Array(run.hex.utf8)
                for index in stride(from: 0, to: hex.count, by: 2) {
                    bytes[run.offset + index / 2] = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) ?? 0
                }
            }
            return bytes
        }()
    }
}
