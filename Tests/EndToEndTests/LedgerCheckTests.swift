import Foundation
import Testing

extension EndToEnd {
    /// `storefront history --check`, and the ledgers every command refuses at open: the check
    /// at every open refuses an index that no longer matches its table, `--check` lists every
    /// problem, and an emptied ledger is never made into a new one.
    @Suite("history --check and damaged ledgers", .needsTmux)
    struct LedgerCheck {
        private func run(_ arguments: [String]) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), arguments)
        }

        @Test("a whole ledger passes --check with exit 0")
        func wholeLedger() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let ledger = try EndToEnd.ledgerWithAPurchase(in: directory.path + "/state")
            let result = try run(["history", "--check", "--state-dir", directory.path + "/state"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput == "\(ledger): no problems found (SQLite's integrity_check).\n")
        }

        /// The ledger's bytes with the index on `created_at` redefined on `product_id`, in every
        /// copy (pages the schema left when it grew may hold old ones): its rows no longer match.
        private static func withIndexOnAnotherColumn(_ file: Data) throws -> Data {
            var bytes = file
            let old = Data("ON transactions (created_at)".utf8), new = Data("ON transactions (product_id)".utf8)
            try #require(bytes.range(of: old) != nil, "the index's definition is not in the file as expected")
            while let found = bytes.range(of: old) { bytes.replaceSubrange(found, with: new) }
            return bytes
        }

        /// The index's definition edited in place (as `PRAGMA writable_schema` would): its rows no
        /// longer match its table. `history` refuses it, as every open does, naming the first
        /// problem; `--check` lists them.
        @Test("an index that lost its rows: history refuses it, --check exits 74 naming it")
        func damagedIndex() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let ledger = try EndToEnd.ledgerWithAPurchase(in: state)
            try Self.withIndexOnAnotherColumn(try Data(contentsOf: URL(fileURLWithPath: ledger)))
                .write(to: URL(fileURLWithPath: ledger))

            let refused = try run(["history", "--state-dir", state])
            #expect(refused.status == 74)
            #expect(refused.standardError.hasPrefix("storefront: \(ledger) is damaged (row 1 missing from index "
                + "transactions_by_created"), "\(refused.standardError)")
            let result = try run(["history", "--check", "--state-dir", state])
            #expect(result.status == 74)
            #expect(result.standardError.hasPrefix("storefront: \(ledger) is damaged (SQLite's integrity_check found "),
                    "\(result.standardError)")
            #expect(result.standardError.contains("run storefront reset to start again:\n"))
            #expect(result.standardError.contains("  row 1 missing from index transactions_by_created"), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }

        /// Damage the check at every open sees (the header's count of free pages) beside damage
        /// only the full check sees (the index of `damagedIndex`): every command refuses the
        /// file, and `--check` lists all that integrity_check finds, in one run, the file untouched.
        @Test("a ledger every open refuses: --check still lists each problem, exit 74")
        func damagedBeyondOpening() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let ledger = try EndToEnd.ledgerWithAPurchase(in: state)
            var bytes = try Self.withIndexOnAnotherColumn(try Data(contentsOf: URL(fileURLWithPath: ledger)))
            // Bytes 36-39 of the header: how many pages are on the free list.
            bytes.replaceSubrange(36..<40, with: [0, 0, 0, 5])
            try bytes.write(to: URL(fileURLWithPath: ledger))

            let refused = try run(["history", "--state-dir", state])
            #expect(refused.status == 74)
            #expect(refused.standardError.contains("is damaged ("), "\(refused.standardError)")
            let result = try run(["history", "--check", "--state-dir", state])
            #expect(result.status == 74)
            #expect(result.standardError.hasPrefix("storefront: \(ledger) is damaged (SQLite's integrity_check found "),
                    "\(result.standardError)")
            let listed = result.standardError.split(separator: "\n").filter { $0.hasPrefix("  ") }
            #expect(listed.contains { $0.lowercased().contains("freelist") }, "\(result.standardError)")
            #expect(listed.contains("  row 1 missing from index transactions_by_created"), "\(result.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: ledger)) == bytes, "the check wrote to the file")
            let logged = (try? FileManager.default.attributesOfItem(atPath: ledger + "-wal")[.size] as? Int) ?? 0
            #expect(logged == 0, "something was logged to be written")
        }

        /// The app's quit checks the ledger and keeps its fingerprint, so the next launch need
        /// not check it again; a byte changed after the quit (the header's free-page count) no
        /// longer matches, and the next launch checks, refuses the file and leaves it untouched.
        @Test("a quit keeps the ledger's fingerprint; a ledger damaged after it is still refused, exit 74")
        func fingerprintKeptAtQuit() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let ledger = try EndToEnd.ledgerWithAPurchase(in: state)
            let record = try String(contentsOfFile: ledger + "-checked", encoding: .utf8)
            let size = try FileManager.default.attributesOfItem(atPath: ledger)[.size] as? Int ?? -1
            #expect(record.contains("\nbytes \(size)\n"), "\(record)")
            let relaunched = try TmuxSession(stateDirectory: state)
            try relaunched.waitForLaunch()
            try relaunched.waitUntil("the purchase is shown again") { $0.pane("Entitlements")?.first == "gems: 100" }
            try relaunched.quit()
            relaunched.close()
            #expect(try String(contentsOfFile: ledger + "-checked", encoding: .utf8).hasPrefix("storefront ledger"))

            var bytes = try Data(contentsOf: URL(fileURLWithPath: ledger))
            bytes.replaceSubrange(36..<40, with: [0, 0, 0, 5])
            try bytes.write(to: URL(fileURLWithPath: ledger))
            let refused = try TmuxSession(stateDirectory: state)
            defer { refused.close() }
            try refused.waitUntil("the app refuses the damaged ledger") { screen in
                screen.joined().filter { $0 != " " }.contains("\(ledger)isdamaged(".filter { $0 != " " })
            }
            #expect(try run(["history", "--state-dir", state]).status == 74)
            #expect(try Data(contentsOf: URL(fileURLWithPath: ledger)) == bytes, "the app wrote to a damaged ledger")
        }

        @Test("--check with no ledger says so, exit 66, and creates nothing")
        func noLedger() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try run(["history", "--check", "--state-dir", directory.path + "/none"])
            #expect(result.status == 66)
            #expect(!FileManager.default.fileExists(atPath: directory.path + "/none"))
        }

        /// Emptied by a tool or a full disk: not a new ledger with a new player and a new key.
        @Test("an empty ledger is refused by every command, exit 74, and stays empty")
        func emptyLedger() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let ledger = directory.path + "/storefront.sqlite"
            #expect(FileManager.default.createFile(atPath: ledger, contents: Data()))
            let sentence = "storefront: \(ledger) is empty (0 bytes), so it was not made into a new ledger; move it aside, "
                + "or run storefront reset to start again, or pass --state-dir.\n"
            for command in [["history"], ["history", "--check"], ["public-key"], ["open-url", "com.example.stardust://x"]] {
                let result = try run(command + ["--state-dir", directory.path])
                #expect(result.status == 74, "\(command): \(result.standardError)")
                #expect(result.standardError == sentence, "\(command)")
            }
            let scenario = directory.path + "/x.scenario"
            try "catalog \(BuiltBinary.catalog)\nexpect transactions 0\n".write(toFile: scenario, atomically: true, encoding: .utf8)
            let ran = try run(["scenario", scenario, "--state-dir", directory.path])
            #expect(ran.status == 74, "an I/O error, not a script error (64)")
            #expect(ran.standardOutput.contains("is empty (0 bytes)"), "\(ran.standardOutput)")
            #expect(ran.standardOutput.hasSuffix("0 passed, 0 failed, 0 with script errors, 1 with I/O errors\n"), "\(ran.standardOutput)")
            #expect(try FileManager.default.attributesOfItem(atPath: ledger)[.size] as? Int == 0)
            #expect(!FileManager.default.fileExists(atPath: ledger + "-wal"))
            // reset is the way out it names.
            #expect(try run(["reset", "--state-dir", directory.path]).status == 0)
            #expect(!FileManager.default.fileExists(atPath: ledger))
        }
    }
}

extension EndToEnd {
    /// `storefront scenario` when the ledger cannot take a write the script needs: an I/O
    /// error at that line (exit 74), not a failed expectation further on (1) or a script error (64).
    @Suite("Scenarios on a full ledger")
    struct ScenarioOnAFullLedger {
        /// The full disk of FullDiskTests (SQLite's page limit at the ledger's launch size, and a
        /// user id that makes the payment's status the write that does not fit).
        @Test("a payment whose status cannot be saved ends the scenario on its line, exit 74")
        func fullAtThePayment() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let scenario = directory.path + "/full.scenario"
            try """
                catalog \(BuiltBinary.catalog)
                user \(FullDisk.user)
                select com.example.stardust.gems_100
                buy
                paystation card 4111111111111111
                expect transaction last purchased
                """.write(toFile: scenario, atomically: true, encoding: .utf8)
            var environment = ProcessInfo.processInfo.environment
            environment["STOREFRONT_TEST_LEDGER_SPARE_PAGES"] = "0"
            let state = directory.path + "/state"
            let result = try Finished.run(try BuiltBinary.path(), ["scenario", scenario, "--state-dir", state, "--quiet"],
                                          environment: environment)
            #expect(result.status == 74, "\(result.standardOutput)")
            #expect(result.standardOutput.contains("ERROR \(scenario):5: error: Cannot write the ledger \(state)/storefront.sqlite: "
                + "the disk is full"), "\(result.standardOutput)")
            #expect(result.standardOutput.hasSuffix("1 with I/O errors\n"))
        }
    }
}
