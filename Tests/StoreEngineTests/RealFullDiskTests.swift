import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// A new state directory on a disk that is really full (a small tmpfs, filled), as opposed to
/// SQLite's page limit: the write that fails may be the lock's pid, the ledger's first page, its
/// write-ahead log, or the shared-memory index SQLite grows beside it (SQLITE_IOERR_SHMSIZE,
/// "SQLite error 4874"). Each is the disk being full, and says so; once there is space the
/// store opens as if nothing had happened (no empty ledger is left behind to be refused).
/// Needs root, to mount the tmpfs.
@Suite("A really full disk", .serialized, .enabled(if: Tmpfs.canMount, "needs root and tmpfs to mount a small disk"))
struct RealFullDiskTests {
    @Test(arguments: [0, 4, 8, 12, 16, 24, 40, 64, 96, 160, 320])
    func aNewStateDirectoryOnAFullDiskSaysTheDiskIsFull(freeKiB: Int) throws {
        let disk = try Tmpfs(kibibytes: 2048)
        defer { disk.unmount() }
        let filler = disk.path + "/filler"
        try disk.fill(filler, leavingKiB: freeKiB)
        let directory = StateDirectory(path: disk.path + "/state")
        let catalog = try defaultCatalog()
        do {
            // Enough room after all: nothing more to check. Its claim goes now, not whenever
            // the store is let go.
            try directory.openStore(catalog: catalog, user: "qa").stateLock?.release()
        } catch {
            #expect(error.description.contains("the disk is full"), "with \(freeKiB) KiB free: \(error)")
            // Nothing half made is left for `history` to call an older schema.
            #expect(!FileManager.default.fileExists(atPath: directory.ledgerPath), "with \(freeKiB) KiB free")
        }
        try FileManager.default.removeItem(atPath: filler)
        let store = try openWhenFree(directory, catalog: catalog)
        #expect(store.userId == "qa")
    }

    /// Opens the store, waiting while its lock is still held by a copy of the first attempt's
    /// descriptor (or the disk is still full of the removed filler): a program another test starts
    /// in that moment holds a descriptor until it execs.
    private func openWhenFree(_ directory: StateDirectory, catalog: ProductCatalog) throws -> Store {
        let deadline = Date().addingTimeInterval(60)
        while true {
            do {
                return try directory.openStore(catalog: catalog, user: "qa")
            } catch {
                // The filler's pages come back only when the last descriptor of it closes,
                // which a process started in that moment may hold until it execs: the disk
                // still full is waited out like the lock.
                let waits: Bool
                switch error {
                case .stateDirectoryInUse, .diskFull: waits = true
                default: waits = false
                }
                guard waits, Date() < deadline else { throw error }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    @Test func theLedgerSaysSoItselfWhenSQLiteFailsGrowingItsIndex() throws {
        let disk = try Tmpfs(kibibytes: 2048)
        defer { disk.unmount() }
        try disk.fill(disk.path + "/filler", leavingKiB: 12)
        let path = disk.path + "/storefront.sqlite"
        #expect(throws: LedgerError.diskFull(path: path)) { try LedgerDatabase(path: path) }
    }
}

/// A tmpfs of a given size mounted on a fresh directory, for as long as the test needs it.
struct Tmpfs {
    let path: String

    static let canMount: Bool = {
        guard getuid() == 0, let disk = try? Tmpfs(kibibytes: 64) else { return false }
        disk.unmount()
        return true
    }()

    init(kibibytes: Int) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("full-disk-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k", "tmpfs", path]) == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw setUpFailed
        }
    }

    /// Writes `file` until the disk has only `leavingKiB` left (to the block).
    func fill(_ file: String, leavingKiB: Int) throws {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { throw setUpFailed }
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let size = max(0, free - leavingKiB * 1024)
        // O_CLOEXEC: a program another test starts meanwhile (a tmux server lives on) must not
        // inherit the filler, or removing it would free nothing. posix_fallocate takes the
        // pages for real, as writing them would, without a buffer of the disk's size.
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw setUpFailed }
        defer { close(descriptor) }
        guard size == 0 || posix_fallocate(descriptor, 0, off_t(size)) == 0 else { throw setUpFailed }
    }

    private var setUpFailed: TestSetupError { TestSetupError(description: "the small disk at \(path) could not be set up") }

    func unmount() {
        _ = Self.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
