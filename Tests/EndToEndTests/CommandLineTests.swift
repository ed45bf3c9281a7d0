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

        @Test("--signed-data names its two choices and exits 64 on another, before anything opens")
        func signedDataChoices() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let run = try Finished.run(try BuiltBinary.path(), ["--catalog", BuiltBinary.catalog, "--signed-data", "apple",
                                                                "--state-dir", directory.path + "/state"])
            #expect(run.status == 64, "stderr: \(run.standardError)")
            #expect(run.standardError.contains("--signed-data takes app-store or xcode, not apple."), "\(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: directory.path + "/state"), "no ledger was opened")
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
        /// Once: the report on standard output says what is wrong, and standard error ends the run
        /// as for any report with errors, instead of saying it again (issue 33 item 16).
        @Test("lint of a missing file exits 66, says once to name one that is there, not --catalog")
        func lintOfAMissingFile() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/nowhere.json"
            let run = try Finished.run(try BuiltBinary.path(), ["lint", file])
            #expect(run.status == 66, "stderr: \(run.standardError)")
            let advice = "Name a catalog or a theme that is there: storefront lint FILE."
            #expect(run.standardOutput == "\(file): error: $: no such file. \(advice)\n\(file): 1 error, 0 warnings\n",
                    "stdout: \(run.standardOutput)")
            #expect(run.standardError == "storefront: \(file): 1 error; fix it and run again.\n", "stderr: \(run.standardError)")
            let said = (run.standardOutput + run.standardError).components(separatedBy: "no such file").count - 1
            #expect(said == 1, "the error is printed \(said) times")
            #expect(!(run.standardOutput + run.standardError).contains("--catalog"))
        }

        /// Import reads the file it is given, never `--catalog`: its advice says what it needs.
        @Test("import of a missing file exits 66 and asks for the StoreKit configuration to import, not --catalog")
        func importOfAMissingFile() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/nosuch.storekit"
            let run = try Finished.run(try BuiltBinary.path(), ["import", file])
            #expect(run.status == 66, "stderr: \(run.standardError)")
            #expect(run.standardError == "storefront: \(file): no such file. Name the Xcode StoreKit configuration to import: "
                + "storefront import FILE.storekit.\n", "stderr: \(run.standardError)")
            #expect(run.standardOutput.isEmpty)
            let folder = try Finished.run(try BuiltBinary.path(), ["import", directory.path])
            #expect(folder.status == 66)
            #expect(folder.standardError.contains("(such as \(directory.path)/Configuration.storekit)"), "\(folder.standardError)")
            #expect(!(run.standardError + folder.standardError).contains("--catalog"))
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
