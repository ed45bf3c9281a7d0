import Foundation
import Testing

extension EndToEnd {
    /// The binary run directly, outside a terminal: exit codes and messages.
    @Suite("Command line")
    struct CommandLine {
        @Test("a malformed catalog exits 65 and names the file, line and column")
        func malformedCatalog() throws {
            let binary = try BuiltBinary.path()
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let catalog = directory.path + "/broken.json"
            try "{\n  \"schemaVersion\": 1,\n  \"app\": { \"name\": \"Broken\", },\n}\n"
                .write(toFile: catalog, atomically: true, encoding: .utf8)

            let run = try Finished.run(binary, ["--catalog", catalog, "--state-dir", directory.path + "/state"])
            #expect(run.status == 65, "stderr: \(run.standardError)")
            #expect(run.standardError.contains(catalog + ":3:"), "stderr: \(run.standardError)")
            #expect(run.standardError.contains(#/:\d+:\d+:/#), "stderr: \(run.standardError)")
        }

        @Test("a missing catalog exits 66 and names the file")
        func missingCatalog() throws {
            let binary = try BuiltBinary.path()
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let catalog = directory.path + "/nowhere.json"

            let run = try Finished.run(binary, ["--catalog", catalog, "--state-dir", directory.path + "/state"])
            #expect(run.status == 66, "stderr: \(run.standardError)")
            #expect(run.standardError.contains(catalog), "stderr: \(run.standardError)")
            #expect(run.standardError.contains("Pass --catalog FILE"), "stderr: \(run.standardError)")
        }

        /// Each command says what to do in its own words: lint names the file to check.
        @Test("lint of a missing file exits 66 and says to name one that is there, not --catalog")
        func lintOfAMissingFile() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let run = try Finished.run(try BuiltBinary.path(), ["lint", directory.path + "/nowhere.json"])
            #expect(run.status == 66, "stderr: \(run.standardError)")
            #expect(run.standardError.contains("Name a catalog or a theme that is there: storefront lint FILE."),
                    "stderr: \(run.standardError)")
            #expect(!run.standardError.contains("--catalog"), "stderr: \(run.standardError)")
        }

        @Test("--help exits 0 and documents --state-dir")
        func help() throws {
            let run = try Finished.run(try BuiltBinary.path(), ["--help"])
            #expect(run.status == 0)
            #expect(run.standardOutput.contains("--state-dir"))
            // The keys, a line each, as the keymap's help has them (what ? shows in the app).
            #expect(run.standardOutput.contains("\n  s / S            next / previous storefront\n"))
            #expect(run.standardOutput.contains("\n  q / Ctrl-C       quit\n"))
            #expect(run.standardError.isEmpty)
        }
    }
}
