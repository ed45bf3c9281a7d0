import Foundation
import Testing
@testable import Ledger

/// A ledger in WAL mode on a disk nothing can write (a read-only bind mount of its folder), as
/// a backup volume or a locked-down home holds it: SQLite cannot make the shared-memory index a
/// WAL reader needs beside the file, and every read failed with "unable to open database file".
/// Where nothing can write, the file alone is the whole database, so a reader opens it
/// immutable, and makes nothing beside it. Root is needed to mount; as anyone else the suite
/// is skipped, and `Tests/EndToEndTests/ReadOnlyStateTests.swift` drops root's privileges on a
/// folder of mode 0500 instead.
@Suite("Reading a ledger on a disk nothing can write", .serialized,
       .enabled(if: ReadOnlyMount.canMount, "needs root to bind-mount a folder read-only"))
struct ReadOnlyDiskTests {
    /// A closed ledger with a transaction in `folder`, its log folded in and gone.
    private func writeLedger(in folder: String) throws -> String {
        let path = folder + "/storefront.sqlite"
        try withLedger(at: path) { try $0.insert(sampleTransaction(id: "t-1")) }
        #expect(try withLedger(at: path) { try $0.journalMode() } == "wal")
        return path
    }

    @Test func aLedgerOnAReadOnlyDiskIsReadAndNothingIsMadeBesideIt() throws {
        let mount = try ReadOnlyMount { folder in _ = try writeLedger(in: folder) }
        defer { mount.remove() }
        let path = mount.path + "/storefront.sqlite"
        let before = try FileManager.default.contentsOfDirectory(atPath: mount.path)
        #expect(try LedgerDatabase(readingOnly: path).transactions(newestFirst: 10).map(\.id) == ["t-1"])
        #expect(try LedgerDatabase(checking: path).integrityProblems() == [])
        #expect(LedgerDatabase.CheckAhead.begin(at: path).wait() == .whole)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path) == before)
        // The disk is read-only indeed: a writer cannot open it.
        #expect(throws: LedgerError.self) { try LedgerDatabase(path: path) }
    }

    /// Read immutable, a damaged file is still checked, and refused.
    @Test func aDamagedLedgerOnAReadOnlyDiskIsRefused() throws {
        let mount = try ReadOnlyMount { folder in
            let path = try writeLedger(in: folder)
            try IndexDamageTests.writeLedger(at: path + ".grants")
            try IndexDamageTests.damageIndex(of: path + ".grants")
        }
        defer { mount.remove() }
        let path = mount.path + "/storefront.sqlite.grants"
        let error = try #require(throws: LedgerError.self) { try LedgerDatabase(readingOnly: path) }
        #expect(error == .corrupt(path: path, problem: "row 1 missing from index sqlite_autoindex_grants_1"))
        #expect(try LedgerDatabase(checking: path).integrityProblems() == ["row 1 missing from index sqlite_autoindex_grants_1"])
    }
}

/// A fresh folder, filled by the test, then bind-mounted read-only on another one for as long as
/// the test needs it.
struct ReadOnlyMount {
    /// The read-only view.
    let path: String
    private let source: String

    static let canMount: Bool = {
        guard getuid() == 0, let mount = try? ReadOnlyMount(filling: { _ in }) else { return false }
        mount.remove()
        return true
    }()

    init(filling fill: (String) throws -> Void) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("read-only-\(UUID().uuidString.prefix(8))").path
        source = base + "-source"
        path = base
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try fill(source)
        guard Self.run(["--bind", source, path]) == 0 else {
            remove()
            throw Abort()
        }
        guard Self.run(["-o", "remount,ro,bind", path]) == 0 else {
            remove()
            throw Abort()
        }
    }

    func remove() {
        _ = Self.run(["-R", path], program: "/bin/umount")
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: source)
    }

    private static func run(_ arguments: [String], program: String = "/bin/mount") -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
