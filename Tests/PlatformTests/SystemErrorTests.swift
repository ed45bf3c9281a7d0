import Foundation
import Platform
import Testing

/// The `errno` values callers tell apart, as real calls leave them, and the C library's words.
@Suite("System errors")
struct SystemErrorTests {
    @Test func theNamedErrorsAreTheOnesRealCallsLeave() throws {
        try withFolder { folder throws in
            try "x".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder + "/loop")
            #expect(throws: SystemError.noSuchEntry) { try FileReader(openingWithoutWaiting: folder + "/none") }
            #expect(throws: SystemError.notAFolder) { try FileReader(openingWithoutWaiting: folder + "/file/inside") }
            #expect(throws: SystemError.linkLoop) { try FileReader(openingWithoutWaiting: folder + "/loop") }
            #expect(throws: SystemError.alreadyExists) { try FileNames.link(folder + "/file", as: folder + "/loop") }
        }
    }

    @Test func lastIsTheErrnoTheLastFailedCallLeft() {
        #expect(!PathAccess.exists("/nonexistent-\(UUID().uuidString)"))
        #expect(SystemError.last == .noSuchEntry)
    }

    @Test func theReasonIsTheCLibrarysSentence() {
        #expect(SystemError.noSuchEntry.reason == "No such file or directory")
        #expect(SystemError.accessDenied.reason == "Permission denied")
        #expect(SystemError.noSpace.reason == "No space left on device")
    }

    @Test func aFullDiskIsNoSpaceOrTheQuota() {
        #expect(SystemError.noSpace.isDiskFull)
        #expect(SystemError.quotaExceeded.isDiskFull)
        #expect(SystemError.noSpace != .quotaExceeded)
        #expect(!SystemError.noSuchEntry.isDiskFull)
        #expect(!SystemError.accessDenied.isDiskFull)
    }
}
