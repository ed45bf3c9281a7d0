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
                return store
            }
            defer { withExtendedLifetime(store) {} }
            #expect(try permissions(of: root + "/made") == 0o700, "a level made on the way is private too")
            #expect(try permissions(of: directory.path) == 0o700)
            for file in directory.ledgerFiles + [directory.lockPath] {
                #expect(try permissions(of: file) == 0o600, "\(file)")
            }
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
