import Foundation
import Testing

extension EndToEnd {
    /// The rows of docs/reliability.md's bad-input matrix that no other test showed on the real
    /// binary: each bad input, what the program says (its shape and exit code) and what it keeps.
    /// A refusal must leave nothing behind: no state directory made, no file written to.
    @Suite("Bad input")
    struct BadInput {
        private func run(_ arguments: [String]) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), arguments, in: BuiltBinary.root)
        }

        /// The default catalog with one exact edit, and where the error must point.
        struct CatalogEdit: Sendable, CustomTestStringConvertible {
            var name: String
            var old: String
            var new: String
            /// The text the error is reported at (its first character's line and column).
            var at: String
            var path: String
            var message: String

            var testDescription: String { name }
        }

        static let catalogEdits = [
            CatalogEdit(name: "JSON syntax: a comma missing", old: "\"schemaVersion\": 1,", new: "\"schemaVersion\": 1",
                        at: "\"app\"", path: "$", message: "malformed JSON: unexpected '\"'; expected , or } (is a comma missing?)"),
            CatalogEdit(name: "a wrong type", old: "\"enablePayments\": true", new: "\"enablePayments\": \"yes\"",
                        at: "\"yes\"", path: "$.settings.enablePayments", message: "expected true or false, found a string"),
            CatalogEdit(name: "an unknown key", old: "\"currency\": \"USD\",", new: "\"currency\": \"USD\", \"curency\": \"USD\",",
                        at: "\"curency\"", path: "$.storefronts[0].curency",
                        message: "unknown key \"curency\"; did you mean \"currency\"?"),
            CatalogEdit(name: "a bad reference",
                        old: "\"com.example.stardust.pass.monthly\",\n            \"com.example.stardust.pass.yearly\"\n          ]",
                        new: "\"com.example.stardust.pass.monthly\",\n            \"com.example.stardust.pass.yealy\"\n          ]",
                        at: "\"com.example.stardust.pass.yealy\"", path: "$.paywalls[0].variants[1].products[1]",
                        message: "unknown product \"com.example.stardust.pass.yealy\"; did you mean \"com.example.stardust.pass.yearly\"?"),
        ]

        /// The app loads its catalog before it looks for a terminal, so this runs without one.
        @Test("a broken catalog: the app and lint exit 65 at the line and column, and nothing is made",
              arguments: catalogEdits)
        func brokenCatalog(_ edit: CatalogEdit) throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let original = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let occurrences = original.components(separatedBy: edit.old).count - 1
            try #require(occurrences == 1, "the edit must match the default catalog once, not \(occurrences) times")
            let text = original.replacingOccurrences(of: edit.old, with: edit.new)
            let file = directory.path + "/catalog.json"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let place = try #require(Self.place(of: edit.at, in: text))
            let state = directory.path + "/state"

            let app = try run(["--catalog", file, "--state-dir", state])
            #expect(app.status == 65)
            #expect(app.standardError == "storefront: \(file):\(place): error: \(edit.path): \(edit.message)\n"
                + "\(file): 1 error; fix it and run again.\n")
            #expect(app.standardOutput.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: state), "a refused catalog makes no state directory")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == text)

            let lint = try run(["lint", file])
            #expect(lint.status == 65)
            #expect(lint.standardOutput.contains("\(file):\(place): error: \(edit.path): \(edit.message)"), "\(lint.standardOutput)")
        }

        /// `line:column` of the first `needle`, counted as the loader counts: lines from 1,
        /// columns in characters from 1 (every catalog edit here is ASCII up to its place).
        private static func place(of needle: String, in text: String) -> String? {
            guard let range = text.range(of: needle) else { return nil }
            let before = text[..<range.lowerBound]
            let line = before.filter { $0 == "\n" }.count + 1
            let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex,
                                         to: before.endIndex) + 1
            return "\(line):\(column)"
        }

        /// Tests/CatalogTests/Fixtures/broken.storekit has ten errors of every kind the importer
        /// reports (its unit test lists them); on the command line each is a line, and the catalog
        /// `import` would print is not printed at all.
        @Test("a broken .storekit: import, lint and the app exit 65 listing every error; import prints no catalog")
        func brokenStoreKit() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = "Tests/CatalogTests/Fixtures/broken.storekit"
            let state = directory.path + "/state"

            let imported = try run(["import", file])
            #expect(imported.status == 65)
            #expect(imported.standardOutput.isEmpty, "half a catalog is never printed")
            let errors = imported.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
            #expect(errors.count == 10, "\(imported.standardError)")
            #expect(errors.allSatisfy { $0.range(of: #"broken\.storekit:\d+:\d+: error: \$"#, options: .regularExpression) != nil },
                    "every error has its line, column and JSON path: \(imported.standardError)")
            #expect(imported.standardError.hasSuffix("\(file): 10 errors; fix them and run again.\n"))

            let lint = try run(["lint", file])
            #expect(lint.status == 65)
            #expect(lint.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }.count == 10, "\(lint.standardOutput)")

            let app = try run(["--catalog", file, "--state-dir", state])
            #expect(app.status == 65)
            #expect(app.standardError.hasSuffix("\(file): 10 errors; fix them and run again.\n"), "\(app.standardError)")
            #expect(!FileManager.default.fileExists(atPath: state))
        }

        /// Run from a script, a pipe or cron: the app refuses before it opens anything.
        @Test("no terminal: the app exits 64 naming the commands for scripts, and makes no state directory")
        func noTerminal() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let app = try run(["--catalog", BuiltBinary.catalog, "--state-dir", state])
            #expect(app.status == 64)
            #expect(app.standardError
                == "storefront: the app needs a terminal; for scripts use storefront scenario, history or lint.\n")
            #expect(app.standardOutput.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: state))
        }

        /// What the pane shows once the app has ended, spaces and line breaks left out: tmux
        /// wraps a long message at the pane's width and trims the blanks that end a row.
        private static func endedScreen(_ tmux: TmuxSession, status: Int) throws -> String {
            let screen = try tmux.waitUntil("the app ends with EXIT=\(status)") { $0.joined().contains("EXIT=") }
            let text = screen.joined().filter { $0 != " " }
            #expect(text.contains("EXIT=\(status)"), "\(screen.joined(separator: "\n"))")
            return text
        }

        /// A message as `endedScreen` reads it.
        private static func unspaced(_ text: String) -> String { text.filter { $0 != " " } }

        /// `--state-dir` under a regular file: no directory can be made there, whoever runs it.
        @Test("a state directory that cannot be made: the app exits 74 naming it and --state-dir", .needsTmux)
        func stateDirectoryUnderAFile() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/file"
            #expect(FileManager.default.createFile(atPath: file, contents: Data("not a folder\n".utf8)))
            let state = file + "/state"
            let app = try TmuxSession(stateDirectory: state)
            defer { app.close() }
            let screen = try Self.endedScreen(app, status: 74)
            #expect(screen.contains(Self.unspaced("storefront: \(state): cannot create the state directory (Not a directory); "
                + "pass --state-dir DIR.")), "\(screen)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder\n")
        }

        /// A disk mounted read-only (a full backup volume, a locked-down home): the lock file
        /// cannot be made, so the app stops before the ledger is opened.
        @Test("a state directory on a read-only disk: the app exits 74 saying why, and writes nothing",
              .needsTmux, .enabled(if: ReadOnlyDisk.canMount, "needs root and tmpfs to mount a read-only disk"))
        func readOnlyStateDirectory() throws {
            let disk = try ReadOnlyDisk()
            defer { disk.unmount() }
            let app = try TmuxSession(stateDirectory: disk.path)
            defer { app.close() }
            let screen = try Self.endedScreen(app, status: 74)
            #expect(screen.contains(Self.unspaced("storefront: \(disk.path)/storefront.lock: cannot lock the state directory (")), "\(screen)")
            #expect(screen.contains(Self.unspaced("Read-only file system); pass --state-dir DIR.")), "\(screen)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == [])
        }

        /// A ledger made by `open-url` with no app running (it keeps the URL), closed, so all
        /// of it is in the file.
        private func makeLedger(in state: String) throws -> String {
            let kept = try run(["open-url", "com.example.stardust://xsollaconfirm/payment?invoice_id=1&status=done",
                                "--state-dir", state])
            try #require(kept.status == 0, "\(kept.standardError)")
            let ledger = state + "/storefront.sqlite"
            try #require(!FileManager.default.fileExists(atPath: ledger + "-wal"), "the ledger was left in its write-ahead log")
            return ledger
        }

        /// The app begins the ledger's check on another thread before it loads the catalog, so a
        /// refused catalog exits while that check may still be reading; libcrypto, started on
        /// another thread too, once crashed such an exit in its cleanup (1 launch in 4). Thirty
        /// refusals in a row all end with the refusal's code.
        @Test("a broken catalog beside a ledger being checked: thirty launches in a row all exit 65")
        func refusalsWhileTheCheckRuns() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let ledger = try makeLedger(in: state)
            let file = directory.path + "/catalog.json"
            try "{\n  \"app\": {}\n  \"products\": []\n}\n".write(toFile: file, atomically: true, encoding: .utf8)
            let before = try Data(contentsOf: URL(fileURLWithPath: ledger))
            var statuses: [Int32] = []
            for _ in 1...30 { statuses.append(try run(["--catalog", file, "--state-dir", state]).status) }
            #expect(statuses == Array(repeating: 65, count: 30), "\(statuses)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: ledger)) == before)
        }

        /// The header's count of free pages (bytes 36-39) says 5 where there are none: SQLite's
        /// check at every open sees it. The app must not start on it, nor mend it.
        @Test("a damaged ledger: the app exits 74 saying so and what to do, and the file is untouched", .needsTmux)
        func damagedLedger() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let ledger = try makeLedger(in: state)
            var bytes = try Data(contentsOf: URL(fileURLWithPath: ledger))
            bytes.replaceSubrange(36..<40, with: [0, 0, 0, 5])
            try bytes.write(to: URL(fileURLWithPath: ledger))

            let app = try TmuxSession(stateDirectory: state)
            defer { app.close() }
            let screen = try Self.endedScreen(app, status: 74)
            #expect(screen.contains(Self.unspaced("storefront: \(ledger) is damaged (")), "\(screen)")
            #expect(screen.contains(Self.unspaced("so nothing was written to it; move it aside, keeping it for a bug report, "
                + "or run storefront reset to start again, or pass --state-dir.")), "\(screen)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: ledger)) == bytes, "the app wrote to a damaged ledger")
            let logged = (try? FileManager.default.attributesOfItem(atPath: ledger + "-wal")[.size] as? Int) ?? 0
            #expect(logged == 0, "something was logged to be written")
        }

        /// Emptied by a tool or a full disk: the app must not make it a new ledger (a new player,
        /// a new signing key), which would lose every purchase it held without a word.
        @Test("an empty ledger: the app exits 74 saying so, and the file stays empty", .needsTmux)
        func emptyLedger() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let ledger = directory.path + "/storefront.sqlite"
            #expect(FileManager.default.createFile(atPath: ledger, contents: Data()))
            let app = try TmuxSession(stateDirectory: directory.path)
            defer { app.close() }
            let screen = try Self.endedScreen(app, status: 74)
            #expect(screen.contains(Self.unspaced("storefront: \(ledger) is empty (0 bytes), so it was not made into a new ledger; "
                + "move it aside, or run storefront reset to start again, or pass --state-dir.")), "\(screen)")
            #expect(try FileManager.default.attributesOfItem(atPath: ledger)[.size] as? Int == 0)
            #expect(!FileManager.default.fileExists(atPath: ledger + "-wal"))
        }

        /// The words of the small-terminal message, whatever rows it is wrapped on.
        private static func sizeMessage(width: Int, height: Int) -> String {
            "Make the terminal at least 60x18 (now \(width)x\(height)). q quits."
        }

        private static func words(_ screen: [String]) -> String {
            screen.joined(separator: " ").split(separator: " ").joined(separator: " ")
        }

        /// Launched in a terminal smaller than the app draws in, shrunk to one cell, then grown:
        /// ncurses is handed every size, and the app neither dies nor loses its place.
        @Test("a terminal that cannot move the cursor (TERM=dumb) is refused with 78, not drawn half", .needsTmux)
        func terminalThatCannotMoveTheCursor() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, environment: ["TERM": "dumb"])
            defer { app.close() }
            try app.waitUntil("the app refuses and exits 78") { $0.joined().contains("EXIT=78") }
            let screen = app.capture().joined(separator: " ")
            #expect(screen.contains("TERM dumb is a terminal that cannot move the cursor"), "\(screen)")
            #expect(!screen.contains("SANDBOX"), "nothing of the app was drawn: \(screen)")
        }

        @Test("a tiny terminal: the app says how big it must be, lives through 1x1, and redraws when it grows", .needsTmux)
        func tinyTerminal() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, width: 30, height: 8)
            defer { app.close() }
            try app.waitUntil("the app asks for a bigger terminal") {
                Self.words($0) == Self.sizeMessage(width: 30, height: 8)
            }
            app.resize(width: 1, height: 1)
            app.resize(width: 2, height: 2)
            app.resize(width: 59, height: 18)
            try app.waitUntil("the app asks for one more column") {
                Self.words($0) == Self.sizeMessage(width: 59, height: 18)
            }
            app.resize(width: 120, height: 40)
            try app.waitForLaunch()
            #expect(!app.capture().shows("EXIT="))
            // Still answering keys.
            app.sendKeys("t")
            try app.waitUntil("the light theme is chosen") { $0.bottomLine == "Theme light." }
            app.resize(width: 20, height: 5)
            try app.waitUntil("the app asks for a bigger terminal again") {
                Self.words($0) == Self.sizeMessage(width: 20, height: 5)
            }
            // q quits from the message, as it says.
            app.sendKeys("q")
            try app.waitUntil("the app quits with EXIT=0") { $0.joined().contains("EXIT=0") }
        }
    }
}

/// A small tmpfs mounted read-only at a fresh folder, owner-only (0700: a shared disk is refused
/// for another reason), for the read-only state directory.
struct ReadOnlyDisk {
    let path: String

    static let canMount: Bool = {
        guard getuid() == 0, let disk = try? ReadOnlyDisk() else { return false }
        disk.unmount()
        return true
    }()

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("read-only-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let mounted = try Finished.run("/bin/mount", ["-t", "tmpfs", "-o", "ro,mode=0700,size=64k", "tmpfs", path])
        guard mounted.status == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw EndToEndStop(plain: "cannot mount a read-only tmpfs at \(path): \(mounted.standardError)")
        }
    }

    func unmount() {
        _ = try? Finished.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }
}
