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
