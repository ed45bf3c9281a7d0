import Foundation
import Synchronization
import Testing

extension EndToEnd {
    /// Every error has a place: what the command was given is named for what it
    /// is (a directory, a FIFO, unreadable, not UTF-8) with the sysexits code that fits, text that
    /// is not UTF-8 at the line and column of its first bad byte, and `lint --json` prints a
    /// document whatever happened. `--theme NAME` on a broken theme says why.
    @Suite("Files that cannot be used")
    struct InputFiles {
        private func run(_ arguments: [String]) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), arguments)
        }

        /// The `--json` report, parsed; records an issue when standard output is not one JSON object.
        private func jsonReport(_ result: Finished, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let object = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            return try #require(object, "not JSON: \(result.standardOutput.debugDescription)", sourceLocation: sourceLocation)
        }

        private func onlyFinding(_ report: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let findings = try #require(report["findings"] as? [[String: Any]], sourceLocation: sourceLocation)
            try #require(findings.count == 1, "\(findings)", sourceLocation: sourceLocation)
            return findings[0]
        }

        @Test("a directory given as a catalog exits 66 and says it is a directory")
        func aDirectory() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let app = try run(["--catalog", directory.path, "--state-dir", directory.path + "/state"])
            #expect(app.status == 66)
            #expect(app.standardError.contains("\(directory.path): is a directory, not a file"), "\(app.standardError)")
            let lint = try run(["lint", directory.path, "--json"])
            #expect(lint.status == 66)
            let finding = try onlyFinding(try jsonReport(lint))
            #expect(finding["rule"] as? String == "file")
            #expect((finding["message"] as? String)?.hasPrefix("is a directory") == true)
            // With or without its trailing slash, the suggestion is one path.
            let slashed = try run(["lint", directory.path + "/"])
            #expect(slashed.standardOutput.contains("(such as \(directory.path)/catalog.json)"), "\(slashed.standardOutput)")
        }

        @Test("a device given as a catalog exits 66 and says it is not a file")
        func aDevice() throws {
            let app = try run(["--catalog", "/dev/null", "--state-dir", "/nonexistent/state"])
            #expect(app.status == 66)
            #expect(app.standardError.contains("/dev/null: is a device or a socket, not a file"), "\(app.standardError)")
        }

        @Test("a file without read permission exits 74 and says to check its permissions",
              .enabled(if: getuid() != 0, "root reads any file, so permissions cannot be tested as root"))
        func noPermission() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/catalog.json"
            try FileManager.default.copyItem(atPath: BuiltBinary.catalog, toPath: file)
            #expect(chmod(file, 0) == 0)
            let lint = try run(["lint", file, "--json"])
            #expect(lint.status == 74)
            let message = try onlyFinding(try jsonReport(lint))["message"] as? String
            #expect(message == "cannot be read (Permission denied); check its permissions.")
        }

        @Test("a FIFO given as a catalog exits 66 at once instead of waiting for a writer")
        func aFIFO() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let fifo = directory.path + "/catalog.json"
            #expect(mkfifo(fifo, 0o600) == 0)
            // Nobody ever writes to it: an app that opens it to read would wait forever, so the
            // watchdog ends it and the test fails rather than hangs.
            let app = try Watched.run(try BuiltBinary.path(), ["--catalog", fifo, "--state-dir", directory.path + "/state"])
            #expect(!app.killed, "storefront waited on the FIFO")
            #expect(app.status == 66)
            #expect(app.standardError.contains("is a named pipe (FIFO), not a file"), "\(app.standardError)")
            let lint = try Watched.run(try BuiltBinary.path(), ["lint", fifo, "--json"])
            #expect(!lint.killed && lint.status == 66)
            #expect((try onlyFinding(try jsonReport(lint.finished)))["rule"] as? String == "file")
        }

        @Test("a FIFO given as a scenario, or in a folder of scenarios, exits 66 at once naming it")
        func aFIFOScenario() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let fifo = directory.path + "/checkout.scenario"
            #expect(mkfifo(fifo, 0o600) == 0)
            for argument in [fifo, directory.path] {
                let run = try Watched.run(try BuiltBinary.path(), ["scenario", argument])
                #expect(!run.killed, "storefront waited on the FIFO")
                #expect(run.status == 66)
                #expect(run.standardError == "storefront: \(fifo): is a named pipe (FIFO), not a file; save what it carries "
                    + "to a file and pass that.\n", "\(run.standardError)")
            }
        }

        @Test("a symbolic link that leads round in a loop is named so, as a catalog and as a scenario, exit 66")
        func aSymlinkLoop() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let loop = directory.path + "/loop.json"
            #expect(symlink(directory.path + "/round.json", loop) == 0)
            #expect(symlink(loop, directory.path + "/round.json") == 0)
            let app = try run(["--catalog", loop, "--state-dir", directory.path + "/state"])
            #expect(app.status == 66)
            #expect(app.standardError == "storefront: \(loop): is a symbolic link that leads round in a loop; "
                + "point it at a file.\n", "\(app.standardError)")
            let scenario = try run(["scenario", loop])
            #expect(scenario.status == 66)
            #expect(scenario.standardError == app.standardError, "\(scenario.standardError)")
        }

        @Test("a file that cannot be read exits 74 with the reason; lint --json still prints JSON",
              .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem"), "needs Linux's /proc/self/mem"))
        func anUnreadableFile() throws {
            // Reading /proc/self/mem from its start fails with EIO, even as root, for whoever opens it.
            let app = try run(["--catalog", "/proc/self/mem", "--state-dir", "/nonexistent/state"])
            #expect(app.status == 74)
            #expect(app.standardError.contains("/proc/self/mem: cannot be read (Input/output error)"), "\(app.standardError)")
            let lint = try run(["lint", "/proc/self/mem", "--json"])
            #expect(lint.status == 74)
            let report = try jsonReport(lint)
            #expect(report["errors"] as? Int == 1)
            #expect((try onlyFinding(report))["line"] is NSNull)
        }

        @Test("a missing file: lint --json prints JSON and exits 66")
        func aMissingFile() throws {
            let lint = try run(["lint", "/nonexistent/catalog.json", "--json"])
            #expect(lint.status == 66)
            let finding = try onlyFinding(try jsonReport(lint))
            #expect(finding["rule"] as? String == "file" && finding["path"] as? String == "$")
            #expect((finding["message"] as? String)?.hasPrefix("no such file") == true)
        }

        @Test("text that is not UTF-8 is reported at the line and column of its first bad byte (65)")
        func notUTF8() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/catalog.json"
            var bytes = Data("{\n  \"schemaVersion\": 1,\n  \"app\": { \"name\": \"Caf".utf8)
            bytes.append(0xE9)  // é in Latin-1
            bytes.append(contentsOf: Data("\" }\n}\n".utf8))
            try bytes.write(to: URL(fileURLWithPath: file))

            let app = try run(["--catalog", file, "--state-dir", directory.path + "/state"])
            #expect(app.status == 65)
            #expect(app.standardError.contains("\(file):3:24: error: $: not UTF-8: byte 0xE9"), "\(app.standardError)")
            let text = try run(["lint", file])
            #expect(text.status == 65)
            #expect(text.standardOutput.hasPrefix("\(file):3:24: error: $: not UTF-8: byte 0xE9"), "\(text.standardOutput)")
            let json = try run(["lint", file, "--json"])
            #expect(json.status == 65)
            let finding = try onlyFinding(try jsonReport(json))
            #expect(finding["rule"] as? String == "encoding")
            #expect(finding["line"] as? Int == 3 && finding["column"] as? Int == 24)
        }

        // MARK: Themes

        /// A directory with the default catalog and `Themes/` holding `files` (name → text).
        private func catalogWithThemes(_ files: [String: String], in directory: TemporaryDirectory) throws -> String {
            let catalog = directory.path + "/catalog.json"
            try FileManager.default.copyItem(atPath: BuiltBinary.catalog, toPath: catalog)
            try FileManager.default.createDirectory(atPath: directory.path + "/Themes", withIntermediateDirectories: true)
            for (name, text) in files {
                try text.write(toFile: directory.path + "/Themes/" + name, atomically: true, encoding: .utf8)
            }
            return catalog
        }

        private func theme(named name: String, text color: String = "#e6e8ef") throws -> String {
            let dark = try String(contentsOfFile: BuiltBinary.root + "/Themes/dark.json", encoding: .utf8)
            return dark.replacingOccurrences(of: "\"name\": \"dark\"", with: "\"name\": \"\(name)\"")
                .replacingOccurrences(of: "\"text\": \"#e6e8ef\"", with: "\"text\": \"\(color)\"")
        }

        @Test("--theme NAME on a broken theme prints why, with line and column (65)", arguments: ["neon", "neon-night"])
        func aBrokenThemeByName(asked: String) throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            // Found by its file name (neon.json) or by the name it declares (neon-night).
            let catalog = try catalogWithThemes(["neon.json": try theme(named: "neon-night", text: "red")], in: directory)
            let app = try run(["--catalog", catalog, "--theme", asked, "--state-dir", directory.path + "/state"])
            #expect(app.status == 65, "\(app.standardError)")
            #expect(app.standardError.contains("theme \(asked) does not load"), "\(app.standardError)")
            #expect(app.standardError.contains(#/Themes/neon\.json:\d+:\d+: error: \$\.colors\.text: "red" is not a color/#),
                    "\(app.standardError)")
            let other = try run(["--catalog", catalog, "--theme", "plasma", "--state-dir", directory.path + "/state"])
            #expect(other.status == 64, "a theme that is not there at all is still a usage error")
        }

        @Test("--theme NAME on a theme file that is not UTF-8 names its first bad byte (65)")
        func aThemeThatIsNotUTF8() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let catalog = try catalogWithThemes([:], in: directory)
            var bytes = Data("{\n  \"name\": \"Caf".utf8)
            bytes.append(0xE9)
            bytes.append(contentsOf: Data("\" }\n".utf8))
            try bytes.write(to: URL(fileURLWithPath: directory.path + "/Themes/latin.json"))
            let app = try run(["--catalog", catalog, "--theme", "latin", "--state-dir", directory.path + "/state"])
            #expect(app.status == 65)
            #expect(app.standardError.contains("Themes/latin.json:2:15: error: $: not UTF-8: byte 0xE9"), "\(app.standardError)")
        }

        @Test("lint checks a theme file as a theme")
        func lintATheme() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            _ = try catalogWithThemes(["neon.json": try theme(named: "neon\\r"), "bad.json": try theme(named: "bad", text: "red")],
                                      in: directory)
            let clean = try run(["lint", BuiltBinary.root + "/Themes/dark.json"])
            #expect(clean.status == 0 && clean.standardOutput.hasSuffix("dark.json: clean\n"), "\(clean.standardOutput)")
            let warned = try run(["lint", directory.path + "/Themes/neon.json"])
            #expect(warned.status == 0)
            #expect(warned.standardOutput.contains(#/neon\.json:2:11: warning: \$\.name: text "neon\\r" holds a control character/#),
                    "\(warned.standardOutput)")
            let broken = try run(["lint", directory.path + "/Themes/bad.json", "--json"])
            #expect(broken.status == 65)
            #expect((try onlyFinding(try jsonReport(broken)))["path"] as? String == "$.colors.text")
        }
    }
}

/// A run of the binary that a watchdog ends if it has not finished after a minute: for inputs
/// that could make it wait forever (a FIFO nobody writes to). Not a timing assertion: a run that
/// finishes at all finishes in well under a second.
private struct Watched {
    var finished: Finished
    var killed: Bool
    var status: Int32 { finished.status }
    var standardError: String { finished.standardError }

    static func run(_ executable: String, _ arguments: [String]) throws -> Watched {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let watchdog = Watchdog(process)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Watched(finished: Finished(status: process.terminationStatus,
                                          standardOutput: String(decoding: outputData, as: UTF8.self),
                                          standardError: String(decoding: errorData, as: UTF8.self)),
                       killed: watchdog.fired)
    }
}

private final class Watchdog: Sendable {
    private let didFire = Mutex(false)

    init(_ process: Process) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { [self] in
            guard process.isRunning else { return }
            didFire.withLock { $0 = true }
            process.terminate()
        }
    }

    var fired: Bool { didFire.withLock { $0 } }
}
