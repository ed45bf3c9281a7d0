import Catalog
import Foundation
import Testing
import StoreEngine

/// The state directory is 0700 and its files 0600 whatever the umask: player ids, purchase
/// history and Pay Station tokens are nobody else's business. The umask is process-wide, so
/// the tests that change it run one at a time, here only, and put it back.
@Suite("Private state", .serialized)
struct PrivateStateTests {
    @Test func withAnOpenUmaskTheStateDirectoryAndItsFilesAreStillPrivate() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root + "/made/state")
            // Kept open while the files are looked at: the last connection to close removes
            // the WAL and shared-memory files.
            let store = try withUmask(0o000) {
                let store = try directory.openStore(catalog: defaultCatalog(), user: "qa")
                _ = try store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
                // The fingerprint the session's end keeps beside the ledger is private too.
                #expect(store.checkLedgerForNextLaunch())
                return store
            }
            defer { withExtendedLifetime(store) {} }
            #expect(try permissions(of: root + "/made") == 0o700, "a level made on the way is private too")
            #expect(try permissions(of: directory.path) == 0o700)
            // The fingerprint's name while it is written is gone once it is in place.
            for file in directory.ledgerFiles.filter({ !$0.hasSuffix(".new") }) + [directory.lockPath] {
                #expect(try permissions(of: file) == 0o600, "\(file)")
            }
        }
    }
}

/// A state directory that was there before, open to others (`mkdir -m 777`, a careless
/// `chmod`): anyone could replace the ledger or plant a link in its place. The app makes it
/// 0700 as it would have made it; a shared directory (sticky, such as /tmp) it may not take
/// over is refused, naming why.
@Suite("A state directory open to others")
struct OpenStateDirectoryTests {
    @Test(arguments: [0o777, 0o775, 0o757, 0o770])
    func anOpenDirectoryOfOursIsMadePrivate(mode: Int) throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root + "/state")
            try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: false)
            #expect(chmod(directory.path, mode_t(mode)) == 0)
            let lock = try directory.lock()
            defer { lock.release() }
            #expect(try permissions(of: directory.path) == 0o700)
        }
    }

    @Test func aReadableDirectoryIsLeftAsItIs() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root + "/state")
            try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: false)
            #expect(chmod(directory.path, 0o755) == 0)
            try directory.lock().release()
            #expect(try permissions(of: directory.path) == 0o755, "its files are 0600; only a writable directory is a danger")
        }
    }

    @Test func aSharedStickyDirectoryIsRefused() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root + "/shared")
            try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: false)
            #expect(chmod(directory.path, 0o1777) == 0)
            #expect(throws: StoreError.sharedStateDirectory(path: directory.path, mode: 0o1777)) {
                try directory.lock()
            }
            #expect(StoreError.sharedStateDirectory(path: directory.path, mode: 0o1777).description
                == "\(directory.path) can be written by other users (mode 1777: a shared directory), so they could replace "
                + "the ledger; pass a --state-dir of your own (one storefront makes is 0700).")
            #expect(try permissions(of: directory.path) == 0o777, "a shared directory is not changed")
            #expect(!FileManager.default.fileExists(atPath: directory.lockPath), "nothing was made in it")
        }
    }
}

/// Runs `body` with the process's umask set to `mask`, and puts the old one back.
func withUmask<T>(_ mask: mode_t, _ body: () throws -> T) rethrows -> T {
    let old = umask(mask)
    defer { umask(old) }
    return try body()
}

/// The permission bits of a file or directory.
func permissions(of path: String) throws -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
    return Int(info.st_mode) & 0o777
}
