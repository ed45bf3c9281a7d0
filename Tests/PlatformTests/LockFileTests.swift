import Foundation
import Platform
import Testing

/// `flock` belongs to the open file: two opens in this one process stand for two processes.
@Suite("Lock files")
struct LockFileTests {
    @Test func aLockHeldByOneOpenIsRefusedToASecondUntilReleased() throws {
        try withFolder { folder in
            let first = try LockFile(path: folder + "/app.lock", permissions: 0o600)
            #expect(try first.lockWithoutWaiting())
            let second = try LockFile(path: folder + "/app.lock", permissions: 0o600)
            defer { second.close() }
            #expect(try !second.lockWithoutWaiting(), "held by the first open")
            first.close()
            #expect(try second.lockWithoutWaiting(), "free once the first is closed")
        }
    }

    @Test func theFileIsMadeWithItsPermissionsWhateverTheUmask() throws {
        try withFolder { folder in
            let previous = umask(0)
            defer { umask(previous) }
            let file = try LockFile(path: folder + "/app.lock", permissions: 0o600)
            defer { file.close() }
            let mode = try FileManager.default.attributesOfItem(atPath: folder + "/app.lock")[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(fcntl(file.descriptor, F_GETFD) & FD_CLOEXEC != 0)
        }
    }

    @Test func itsContentsAreReplacedWhole() throws {
        try withFolder { folder in
            let file = try LockFile(path: folder + "/app.lock", permissions: 0o600)
            defer { file.close() }
            #expect(file.contents(upTo: 32).isEmpty)
            try file.replaceContents(with: Array("123456\n".utf8))
            try file.replaceContents(with: Array("42\n".utf8))
            #expect(file.contents(upTo: 32) == Array("42\n".utf8))
            #expect(file.contents(upTo: 2) == Array("42".utf8))
        }
    }

    @Test func aFolderOrALinkIsNoLockFile() throws {
        try withFolder { folder in
            #expect(throws: SystemError(code: EISDIR)) { try LockFile(path: folder, permissions: 0o600) }
            try FileManager.default.createSymbolicLink(atPath: folder + "/link.lock", withDestinationPath: folder + "/real.lock")
            #expect(throws: SystemError(code: ELOOP)) { try LockFile(path: folder + "/link.lock", permissions: 0o600) }
            #expect(!FileManager.default.fileExists(atPath: folder + "/real.lock"), "never made through the link")
        }
    }
}
