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

        @Test("history prints nothing kept yet, and --json is JSON")
        func history() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let text = try run(["history", "--state-dir", directory.path + "/state"])
            #expect(text.status == 0)
            #expect(text.standardOutput.contains("No transactions"))
            let json = try run(["history", "--json", "--state-dir", directory.path + "/state"])
            let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
            #expect((object?["transactions"] as? [Any])?.isEmpty == true)
        }

        @Test("reset removes the ledger and says so; a second reset finds nothing")
        func reset() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            #expect(try run(["history", "--state-dir", state]).status == 0)  // creates the ledger
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
            ["--catalog"], ["history", "extra"], ["bench", "now"], ["lint", "a.json", "b.json"], ["import"],
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
    }
}
