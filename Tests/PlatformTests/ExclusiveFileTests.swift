import Foundation
import Platform
import Testing

/// `O_EXCL`: a name is made once; whoever asks again learns it is taken.
@Suite("Exclusive files")
struct ExclusiveFileTests {
    @Test func aNameIsMadeOnceAndRefusedAfter() throws {
        try withFolder { folder in
            let made = try ExclusiveFile.create(at: folder + "/shot.svg")
            #expect(made)
            #expect(FileManager.default.fileExists(atPath: folder + "/shot.svg"))
            let madeAgain = try ExclusiveFile.create(at: folder + "/shot.svg")
            #expect(!madeAgain)
        }
    }

    @Test func aDanglingLinkTakesTheNameToo() throws {
        try withFolder { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/shot.svg", withDestinationPath: folder + "/gone")
            let made = try ExclusiveFile.create(at: folder + "/shot.svg")
            #expect(!made)
            #expect(!FileManager.default.fileExists(atPath: folder + "/gone"))
        }
    }

    @Test func aMissingFolderIsAnError() throws {
        try withFolder { folder in
            do {
                _ = try ExclusiveFile.create(at: folder + "/none/shot.svg")
                Issue.record("a file was made in a folder that is not there")
            } catch {
                #expect(error as? SystemError == SystemError(code: ENOENT))
            }
        }
    }
}

/// A file made with its own mode bits, whatever the umask.
@Suite("Exclusive files: permissions")
struct ExclusiveFilePermissionTests {
    @Test func thePermissionsAskedForPassTheUmask() throws {
        try withFolder { folder throws in
            // 0666 is what the umask (022 or 002, usually) narrows; the file still has it.
            #expect(try ExclusiveFile.create(at: folder + "/shared", permissions: 0o666))
            #expect(try PathStatus(path: folder + "/shared").mode == 0o666)
            #expect(try ExclusiveFile.create(at: folder + "/private", permissions: 0o600))
            #expect(try PathStatus(path: folder + "/private").mode == 0o600)
            #expect(try !ExclusiveFile.create(at: folder + "/private", permissions: 0o600), "taken")
        }
    }
}
