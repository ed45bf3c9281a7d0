import CSQLite
import Foundation
import Testing

extension EndToEnd {
    /// The commands that only read (`history`, `history --check`, `public-key`) on a state
    /// directory nothing can write: a read-only mount, and a folder of mode 0500 read by its
    /// owner (the tests run as root, whom no permission bit stops, so that one runs the binary
    /// as `nobody` with `setpriv`). Each exited 74 with `unable to open database file`: a WAL
    /// reader needs a shared-memory index beside the file, which cannot be made there. They
    /// read now, and leave the folder as it was.
    @Suite("Reading a state directory nothing can write")
    struct ReadOnlyState {
        /// A state directory whose ledger holds a Google Play purchase (so both keys are made),
        /// its log folded in.
        private static func makeState(in folder: String) throws {
            let scenario = folder + ".scenario"
            defer { unlink(scenario) }
            try """
                catalog \(BuiltBinary.catalog)
                storefront USA
                path play
                select com.example.stardust.gems_100
                buy
                play instrument approves
                expect transaction last purchased finished
                """.write(toFile: scenario, atomically: true, encoding: .utf8)
            let made = try Finished.run(try BuiltBinary.path(), ["scenario", scenario, "--state-dir", folder, "--quiet"])
            try #require(made.status == 0, "\(made.standardOutput)")
            // A scenario's ledger is not always closed as its process ends, which leaves the
            // log to fold in; folded here, as the app's quit does, so the file is the whole ledger.
            var handle: OpaquePointer?
            defer { sqlite3_close_v2(handle) }
            try #require(sqlite3_open_v2(folder + "/storefront.sqlite", &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
            try #require(sqlite3_exec(handle, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil) == SQLITE_OK)
        }

        /// `history`, `history --check`, `public-key` and `public-key --path play`, each run by
        /// `run`, read what the scenario left, and nothing in `folder` changes.
        private static func expectReads(_ folder: String, sourceLocation: SourceLocation = #_sourceLocation,
                                        run: ([String]) throws -> Finished) throws {
            let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            let history = try run(["history", "--state-dir", folder])
            #expect(history.status == 0, "\(history.standardError)", sourceLocation: sourceLocation)
            #expect(history.standardOutput.contains("txn-000001"), "\(history.standardOutput)", sourceLocation: sourceLocation)
            let check = try run(["history", "--check", "--state-dir", folder])
            #expect(check.status == 0, "\(check.standardError)", sourceLocation: sourceLocation)
            #expect(check.standardOutput.hasSuffix(": no problems found (SQLite's integrity_check).\n"), sourceLocation: sourceLocation)
            let key = try run(["public-key", "--state-dir", folder])
            #expect(key.status == 0, "\(key.standardError)", sourceLocation: sourceLocation)
            #expect(key.standardOutput.hasPrefix("-----BEGIN PUBLIC KEY-----\n"), sourceLocation: sourceLocation)
            let play = try run(["public-key", "--path", "play", "--state-dir", folder])
            #expect(play.status == 0, "\(play.standardError)", sourceLocation: sourceLocation)
            #expect(play.standardOutput.hasPrefix("MII"), "\(play.standardOutput)", sourceLocation: sourceLocation)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before, sourceLocation: sourceLocation)
        }

        @Test("on a read-only mount, history, --check and public-key read the ledger and make nothing",
              .enabled(if: ReadOnlyBind.canMount, "needs root to bind-mount a folder read-only"))
        func readOnlyMount() throws {
            let mount = try ReadOnlyBind { try Self.makeState(in: $0) }
            defer { mount.remove() }
            try Self.expectReads(mount.path) { try Finished.run(try BuiltBinary.path(), $0) }
            // Read-only indeed: the app's own commands that write cannot.
            #expect(try Finished.run(try BuiltBinary.path(), ["open-url", "com.example.stardust://x", "--state-dir", mount.path]).status == 74)
        }

        @Test("in a folder of mode 0500, its owner's history, --check and public-key read the ledger",
              .enabled(if: DroppedPrivileges.isPossible, "needs root and setpriv to run the binary as nobody"))
        func folderItsOwnerCannotWrite() throws {
            let directory = try TemporaryDirectory()
            defer {
                chmod(directory.path + "/state", 0o700)
                directory.remove()
            }
            let state = directory.path + "/state"
            try Self.makeState(in: state)
            // Everything the owner needs to read, given to nobody; the folder made 0500 last.
            chmod(directory.path, 0o755)
            for name in try FileManager.default.contentsOfDirectory(atPath: state) {
                #expect(chown(state + "/" + name, DroppedPrivileges.nobody, DroppedPrivileges.nobody) == 0)
            }
            #expect(chown(state, DroppedPrivileges.nobody, DroppedPrivileges.nobody) == 0)
            #expect(chmod(state, 0o500) == 0)
            let cannotWrite = try DroppedPrivileges.run(["/bin/sh", "-c", "touch \(state)/x"])
            try #require(cannotWrite.status != 0, "nobody could write in the folder")
            try Self.expectReads(state) { try DroppedPrivileges.run([try BuiltBinary.path()] + $0) }
        }

        /// A ledger `open-url` made (no app has opened it yet, so it has no keys) on a disk that
        /// cannot make one: `public-key` says there is none yet and how one is made, as it does
        /// on any disk, rather than that the file cannot be opened.
        @Test("public-key on a read-only ledger without keys says how they are made, exit 66",
              .enabled(if: ReadOnlyBind.canMount, "needs root to bind-mount a folder read-only"))
        func noKeysYet() throws {
            let mount = try ReadOnlyBind { folder in
                let kept = try Finished.run(try BuiltBinary.path(), ["open-url", "com.example.stardust://x", "--state-dir", folder])
                try #require(kept.status == 0, "\(kept.standardError)")
            }
            defer { mount.remove() }
            let ledger = mount.path + "/storefront.sqlite"
            let key = try Finished.run(try BuiltBinary.path(), ["public-key", "--state-dir", mount.path])
            #expect(key.status == 66)
            #expect(key.standardError == "storefront: \(ledger) has no signing key yet: it is made when the app or a scenario "
                + "first opens the ledger.\n", "\(key.standardError)")
            let play = try Finished.run(try BuiltBinary.path(), ["public-key", "--path", "play", "--state-dir", mount.path])
            #expect(play.status == 66)
            #expect(play.standardError == "storefront: \(ledger) has no Google Play licence key yet: it is made when a "
                + "purchase first goes through Google Play here (path play in a scenario, i in the app), or the app or a "
                + "scenario opens it with a catalog that sells on Google Play.\n", "\(play.standardError)")
        }
    }
}

/// A fresh folder, filled by the test, then bind-mounted read-only on another one.
struct ReadOnlyBind {
    let path: String
    private let source: String

    static let canMount: Bool = {
        guard getuid() == 0, let mount = try? ReadOnlyBind(filling: { _ in }) else { return false }
        mount.remove()
        return true
    }()

    init(filling fill: (String) throws -> Void) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("read-only-\(UUID().uuidString.prefix(8))").path
        source = base + "-source"
        path = base
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try fill(source)
        for arguments in [["--bind", source, path], ["-o", "remount,ro,bind", path]] {
            let mounted = try Finished.run("/bin/mount", arguments)
            guard mounted.status == 0 else {
                remove()
                throw EndToEndStop(plain: "cannot bind-mount \(source) read-only: \(mounted.standardError)")
            }
        }
    }

    func remove() {
        _ = try? Finished.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: source)
    }
}

/// Programs run as `nobody`, for what root's privileges would hide (permission bits).
enum DroppedPrivileges {
    static let nobody: UInt32 = 65534
    static let setpriv = "/usr/bin/setpriv"

    static let isPossible: Bool = getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv)

    static func run(_ command: [String]) throws -> Finished {
        try Finished.run(setpriv, ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "--"] + command)
    }
}
