import Foundation
import Testing
@testable import Ledger

/// The ledger holds player ids, purchase history and Pay Station tokens: its file and the WAL
/// and shared-memory files SQLite makes beside it are for their owner only (0600), whatever the
/// umask. (The umask itself is varied in StoreEngineTests' PrivateStateTests, one suite only,
/// since it is process-wide.)
@Suite("A ledger's files are private")
struct PrivateFileTests {
    @Test func aNewLedgerAndItsWALAndSharedMemoryAreForTheOwnerOnly() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            try ledger.setSetting("theme", to: "dark")
            for file in [path, path + "-wal", path + "-shm"] {
                #expect(try permissions(of: file) == 0o600, "\(file)")
            }
        }
    }

    /// A ledger made by an older storefront (0644) is tightened when it is next opened.
    @Test func anOlderLedgerOpenToOthersIsTightened() throws {
        try withTemporaryLedgerPath { path throws in
            do {
                let ledger = try LedgerDatabase(path: path)
                try ledger.setSetting("theme", to: "dark")
            }
            for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
                chmod(file, 0o644)
            }
            let ledger = try LedgerDatabase(path: path)
            try ledger.setSetting("theme", to: "light")
            for file in [path, path + "-wal", path + "-shm"] {
                #expect(try permissions(of: file) == 0o600, "\(file)")
            }
        }
    }
}

/// The permission bits of a file.
func permissions(of path: String) throws -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
    return Int(info.st_mode) & 0o777
}
