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
