import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

extension EndToEnd {
    /// `storefront scenario` run as CI runs it: the built binary as a child process, no terminal.
    /// Verdicts by exit status (0 pass, 1 failed expectation, 64 script or usage error, 66 no
    /// input), transcripts on standard output, usage errors on standard error.
    @Suite("storefront scenario")
    struct ScenarioCommandLine {
        /// A two-product catalog, so each run launches quickly.
        static let catalog = """
            {
              "schemaVersion": 1,
              "app": { "name": "Tiny Game", "bundleId": "com.example.tiny" },
              "settings": {
                "projectId": 1, "enablePayments": true,
                "payStation": { "redirect": { "condition": "successful", "delaySeconds": 1 } }
              },
              "storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "paystation" } ],
              "products": [
                { "id": "com.example.gems", "type": "consumable", "grants": { "currency": "gems", "amount": 10 },
                  "name": { "en": "Gems" }, "prices": { "USA": "0.99" } }
              ]
            }
            """

        static let passing = """
            # Buy gems; they arrive with the redirect a second later.
            select com.example.gems
            buy
            paystation card 4111111111111111
            advance 1s
            expect balance gems 10
            expect transaction last purchased finished
            """

        static let failing = """
            size 80x24
            expect transactions 0
            expect balance gems 5
            """

        static let broken = """
            size 80x24

            expct transactions 0
            """

        /// A scratch folder with the tiny catalog in it.
        private final class Workspace {
            let directory: TemporaryDirectory
            var path: String { directory.path }
            var catalog: String { path + "/tiny.json" }

            init() throws {
                directory = try TemporaryDirectory()
                try ScenarioCommandLine.catalog.write(toFile: catalog, atomically: true, encoding: .utf8)
            }

            @discardableResult
            func write(_ name: String, _ text: String) throws -> String {
                let file = path + "/" + name
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try text.write(toFile: file, atomically: true, encoding: .utf8)
                return file
            }

            /// `storefront scenario ARGUMENTS --catalog tiny.json`.
            func scenario(_ arguments: [String]) throws -> Finished {
                try Finished.run(try BuiltBinary.path(), ["scenario"] + arguments + ["--catalog", catalog])
            }

            func remove() { directory.remove() }
        }

        /// The verdict lines (`PASS f (n expectations)`, `FAIL f:l: …`, `ERROR f:l: error: …`).
        private static func verdicts(_ output: String) -> [String] {
            output.split(separator: "\n").map(String.init).filter {
                $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("ERROR ")
            }
        }

        /// The files that passed, from `PASS <file> (n expectations)` lines.
        private static func passedFiles(_ output: String) -> [String] {
            verdicts(output).filter { $0.hasPrefix("PASS ") }.compactMap { line in
                line.dropFirst(5).range(of: " (").map { String(line.dropFirst(5)[..<$0.lowerBound]) }
            }
        }

        @Test("a passing file exits 0, prints its transcript and PASS")
        func passes() throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let file = try workspace.write("buy.scenario", Self.passing)
            let run = try workspace.scenario([file])
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            #expect(run.standardOutput.hasPrefix("scenario \(file)\n"))
            #expect(run.standardOutput.contains("    6  expect balance gems 10   ✓\n"))
            #expect(Self.verdicts(run.standardOutput) == ["PASS \(file) (2 expectations)"])
            #expect(run.standardOutput.hasSuffix("1 scenario: 1 passed, 0 failed, 0 with script errors\n"))
            #expect(run.standardError.isEmpty)
        }

        @Test("--quiet prints only the verdict and the summary for a pass")
        func quiet() throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let file = try workspace.write("buy.scenario", Self.passing)
            let run = try workspace.scenario([file, "--quiet"])
            #expect(run.status == 0)
            #expect(run.standardOutput == "PASS \(file) (2 expectations)\n1 scenario: 1 passed, 0 failed, 0 with script errors\n")
        }

        @Test("a failing file exits 1 with FAIL file:line, expected, actual and the screen")
        func fails() throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let file = try workspace.write("fail.scenario", Self.failing)
            let run = try workspace.scenario([file])
            #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
            let output = run.standardOutput
            #expect(output.contains("FAIL \(file):3: expect balance gems 5\n  expected: gems 5\n  actual:   gems 0\n  screen:\n"),
                    "\(output)")
            // All 24 rows of the 80x24 screen, numbered, status bar first.
            #expect(output.contains("   0│ USA en_US USD│"))
            #expect(output.contains("  23│"))
            #expect(!output.contains("  24│"))
            #expect(output.hasSuffix("1 scenario: 0 passed, 1 failed, 0 with script errors\n"))
        }

        @Test("a script error exits 64 naming file:line, whether found parsing or running", arguments: [
            ("parse.scenario", "size 80x24\n\nexpct transactions 0\n", 3, "unknown command expct (did you mean expect?)"),
            ("run.scenario", "size 80x24\nselect com.example.none\n", 2, "no product com.example.none in the catalog"),
        ])
        func scriptError(name: String, text: String, line: Int, message: String) throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let file = try workspace.write(name, text)
            let run = try workspace.scenario([file, "--quiet"])
            #expect(run.status == 64, "\(run.standardOutput)\(run.standardError)")
            #expect(Self.verdicts(run.standardOutput).count == 1)
            #expect(Self.verdicts(run.standardOutput).first?.hasPrefix("ERROR \(file):\(line): error: \(message)") == true,
                    "\(run.standardOutput)")
            #expect(run.standardOutput.hasSuffix("0 passed, 0 failed, 1 with script errors\n"))
        }

        @Test("--junit FILE writes one testcase per scenario with the same failures and errors")
        func junit() throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let folder = workspace.path + "/qa"
            let pass = try workspace.write("qa/a-pass.scenario", Self.passing)
            let fail = try workspace.write("qa/b-fail.scenario", Self.failing)
            let broken = try workspace.write("qa/c-broken.scenario", Self.broken)
            let report = workspace.path + "/out/report.xml"
            try FileManager.default.createDirectory(atPath: workspace.path + "/out", withIntermediateDirectories: true)
            let run = try workspace.scenario([folder, "--quiet", "--junit", report])
            // A script error outranks a failed expectation: the scripts need fixing first.
            #expect(run.status == 64, "\(run.standardOutput)\(run.standardError)")

            let xml = try String(contentsOfFile: report, encoding: .utf8)
            let parsed = try #require(JUnitReading(xml), "not well-formed XML:\n\(xml)")
            #expect(parsed.suite["tests"] == "3")
            #expect(parsed.suite["failures"] == "1")
            #expect(parsed.suite["errors"] == "1")
            #expect(parsed.testcases.map { $0["name"] } == ["a-pass", "b-fail", "c-broken"])
            #expect(parsed.testcases.map { $0["file"] } == [pass, fail, broken])
            #expect(parsed.failures.map { $0["message"] } == ["\(fail):3: expect balance gems 5"])
            #expect(parsed.errors.count == 1)
            #expect(parsed.errors.first?["message"]?.hasPrefix("\(broken):3: error: unknown command expct (did you mean expect?);") == true)
            // The same failure the transcript printed.
            #expect(run.standardOutput.contains("FAIL \(fail):3: expect balance gems 5"))
            #expect(run.standardOutput.contains("ERROR \(broken):3: error: unknown command expct"))
        }

        @Test("--junit to a folder that does not exist exits 74 after running, naming the file")
        func junitUnwritable() throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let file = try workspace.write("buy.scenario", Self.passing)
            let report = workspace.path + "/missing/report.xml"
            let run = try workspace.scenario([file, "--quiet", "--junit", report])
            #expect(run.status == 74, "\(run.standardError)")
            #expect(run.standardError.hasPrefix("storefront: \(report): cannot write the JUnit report"))
            #expect(run.standardOutput.hasPrefix("PASS \(file)"))
        }

        @Test("--shard 1/2 and --shard 2/2 together run every file exactly once")
        func shards() throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let folder = workspace.path + "/qa"
            let files = try (1...10).map { try workspace.write("qa/case-\($0).scenario", "expect transactions 0\n") }
            let first = try workspace.scenario([folder, "--quiet", "--shard", "1/2"])
            let second = try workspace.scenario([folder, "--quiet", "--shard", "2/2"])
            #expect(first.status == 0 && second.status == 0)
            let one = Self.passedFiles(first.standardOutput), two = Self.passedFiles(second.standardOutput)
            #expect((one + two).sorted() == files.sorted())
            #expect(Set(one).isDisjoint(with: two))
            // Which files go where depends on the temporary folder's random name, so no count is
            // asserted per shard (ShardTests pins the spread on fixed names); each summary agrees
            // with its own verdicts.
            #expect(first.standardOutput.contains(": \(one.count) passed, 0 failed, 0 with script errors\n"))
            #expect(second.standardOutput.contains(": \(two.count) passed, 0 failed, 0 with script errors\n"))
        }

        @Test("--jobs 2 prints the same transcripts and verdicts, in the same order, as --jobs 1")
        func jobs() throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let folder = workspace.path + "/qa"
            try workspace.write("qa/1-pass.scenario", Self.passing)
            try workspace.write("qa/2-fail.scenario", Self.failing)
            try workspace.write("qa/3-pass.scenario", "expect transactions 0\n")
            try workspace.write("qa/4-broken.scenario", Self.broken)
            try workspace.write("qa/5-pass.scenario", Self.passing)
            let serial = try workspace.scenario([folder, "--jobs", "1"])
            let parallel = try workspace.scenario([folder, "--jobs", "2"])
            #expect(serial.status == 64)
            #expect(parallel.status == serial.status)
            #expect(Self.verdicts(serial.standardOutput).count == 5)
            #expect(Self.verdicts(parallel.standardOutput) == Self.verdicts(serial.standardOutput))
            // Whole transcripts too: nothing in them depends on which worker ran the scenario.
            #expect(parallel.standardOutput == serial.standardOutput)
        }

        @Test("a folder gives its .scenario files at every depth, sorted; other files are ignored")
        func folders() throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let folder = workspace.path + "/qa"
            let b = try workspace.write("qa/b.scenario", "expect transactions 0\n")
            let a = try workspace.write("qa/sub/a.scenario", "expect transactions 0\n")
            let top = try workspace.write("qa/a.scenario", "expect transactions 0\n")
            try workspace.write("qa/notes.txt", "not a scenario\n")
            let run = try workspace.scenario([folder, "--quiet"])
            #expect(run.status == 0, "\(run.standardOutput)")
            #expect(Self.passedFiles(run.standardOutput) == [top, b, a])
        }

        @Test("usage errors exit 64 with a message on standard error", arguments: [
            (["--shard", "3/2"], "--shard takes K/N with 1 ≤ K ≤ N, such as 2/4, not 3/2."),
            (["--shard", "0/2"], "--shard takes K/N"),
            (["--shard", "2"], "--shard takes K/N"),
            (["--jobs", "0"], "--jobs takes a number from 1 to 256, not 0."),
            (["--jobs", "many"], "--jobs takes a number from 1 to 256, not many."),
            (["--jobs", "2", "--state-dir", "STATE"], "--jobs runs each scenario on its own fresh state; with --state-dir"),
            (["--junit"], "--junit needs a value."),
        ])
        func usage(arguments: [String], message: String) throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let file = try workspace.write("buy.scenario", Self.passing)
            let given = arguments.map { $0 == "STATE" ? workspace.path + "/state" : $0 }
            let run = try Finished.run(try BuiltBinary.path(), ["scenario", file] + given)
            #expect(run.status == 64, "\(run.standardOutput)\(run.standardError)")
            #expect(run.standardError.hasPrefix("storefront: \(message)"), "\(run.standardError)")
            // Refused before running anything.
            #expect(run.standardOutput.isEmpty)
        }

        @Test("scenario with no files exits 64 and shows how to call it")
        func noFiles() throws {
            let run = try Finished.run(try BuiltBinary.path(), ["scenario"])
            #expect(run.status == 64)
            #expect(run.standardError.hasPrefix("storefront: scenario needs FILE or DIR arguments: storefront scenario Tests/Scenarios."))
            #expect(run.standardOutput.isEmpty)
        }

        @Test("a path that does not exist, or a folder without scenarios, exits 66 naming it")
        func noInput() throws {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let missing = workspace.path + "/nowhere.scenario"
            let run = try workspace.scenario([missing])
            #expect(run.status == 66)
            #expect(run.standardError.hasPrefix("storefront: \(missing): no such file or folder."))
            #expect(run.standardOutput.isEmpty)

            try FileManager.default.createDirectory(atPath: workspace.path + "/empty", withIntermediateDirectories: true)
            let empty = try workspace.scenario([workspace.path + "/empty"])
            #expect(empty.status == 66)
            #expect(empty.standardError.hasPrefix("storefront: \(workspace.path)/empty: no .scenario files in this folder."))
        }
    }
}

/// The parts of a JUnit report the tests compare, read with XMLParser, which also checks that
/// the document is well-formed (nil when it is not).
struct JUnitReading {
    var suite: [String: String] = [:]
    var testcases: [[String: String]] = []
    var failures: [[String: String]] = []
    var errors: [[String: String]] = []

    init?(_ xml: String) {
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse(), parser.parserError == nil else { return nil }
        suite = collector.elements.first { $0.name == "testsuite" }?.attributes ?? [:]
        testcases = collector.elements.filter { $0.name == "testcase" }.map(\.attributes)
        failures = collector.elements.filter { $0.name == "failure" }.map(\.attributes)
        errors = collector.elements.filter { $0.name == "error" }.map(\.attributes)
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append((elementName, attributes))
        }
    }
}
