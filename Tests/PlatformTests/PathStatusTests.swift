import Foundation
import Platform
import Testing

/// `stat` and `chmod` on real paths: each kind the state directory tells apart, and mode bits
/// whatever the umask.
@Suite("Path status")
struct PathStatusTests {
    @Test func eachKindIsToldApart() throws {
        try withFolder { folder in
            try "x".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
            #expect(mkfifo(folder + "/fifo", 0o600) == 0)
            let listener = try LocalSocket.listen(at: folder + "/s.sock", backlog: 1)
            defer { LocalSocket.close(listener) }
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder)

            #expect(try PathStatus(path: folder).kind == .directory)
            #expect(try PathStatus(path: folder + "/file").kind == .file)
            #expect(try PathStatus(path: folder + "/fifo").kind == .fifo)
            #expect(try PathStatus(path: folder + "/s.sock").kind == .socket)
            #expect(try PathStatus(path: "/dev/null").kind == .device)
            #expect(try PathStatus(path: folder + "/link").kind == .directory, "through the link")
        }
    }

    @Test func nothingThereIsENOENT() throws {
        try withFolder { folder in
            let missing = folder + "/none"
            #expect(throws: SystemError(code: ENOENT)) { try PathStatus(path: missing) }
        }
    }

    @Test func theModeIsSetAndReadWithTheStickyBit() throws {
        try withFolder { folder in
            try PathStatus.changeMode(of: folder, to: 0o777 | PathStatus.sticky)
            #expect(try PathStatus(path: folder).mode == 0o777 | PathStatus.sticky)
            try PathStatus.changeMode(of: folder, to: 0o700)
            #expect(try PathStatus(path: folder).mode == 0o700)
            #expect(throws: SystemError(code: ENOENT)) { try PathStatus.changeMode(of: folder + "/none", to: 0o600) }
        }
    }
}

/// The size and identity `stat` gives, of a link itself (`lstat`) and of an open file (`fstat`).
@Suite("Path status: size, identity, links and open files")
struct PathStatusIdentityTests {
    @Test func sizeDeviceAndInodeAreTheFiles() throws {
        try withFolder { folder throws in
            try Data(repeating: 7, count: 1234).write(to: URL(fileURLWithPath: folder + "/file"))
            try Data().write(to: URL(fileURLWithPath: folder + "/other"))
            let file = try PathStatus(path: folder + "/file")
            let other = try PathStatus(path: folder + "/other")
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/file")
            #expect(file.size == 1234)
            #expect(other.size == 0)
            #expect(file.inode == (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
            #expect(file.device == other.device, "one folder, one device")
            #expect(file.inode != other.inode)
            try FileNames.link(folder + "/file", as: folder + "/second")
            let second = try PathStatus(path: folder + "/second")
            #expect(second.inode == file.inode && second.device == file.device, "two names, one file")
        }
    }

    @Test func withoutFollowingLinksADanglingLinkIsThere() throws {
        try withFolder { folder throws in
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/gone")
            #expect(throws: SystemError.noSuchEntry) { try PathStatus(path: folder + "/link") }
            #expect(try PathStatus(path: folder + "/link", followingLinks: false).kind == .other)
            #expect(throws: SystemError.noSuchEntry) { try PathStatus(path: folder + "/none", followingLinks: false) }
        }
    }

    @Test func anOpenFileIsSeenThroughItsDescriptor() throws {
        try withFolder { folder throws in
            try Data(repeating: 1, count: 10).write(to: URL(fileURLWithPath: folder + "/file"))
            let reader = try FileReader(openingWithoutWaiting: folder + "/file")
            defer { reader.close() }
            // Another file takes the name: the open one is still the one asked about.
            try FileManager.default.removeItem(atPath: folder + "/file")
            try Data(repeating: 1, count: 99).write(to: URL(fileURLWithPath: folder + "/file"))
            let status = try PathStatus(descriptor: reader.descriptor)
            #expect(status.kind == .file && status.size == 10)
            #expect(throws: SystemError(code: EBADF)) { try PathStatus(descriptor: -1) }
        }
    }
}
