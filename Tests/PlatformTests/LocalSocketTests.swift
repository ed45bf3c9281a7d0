import Foundation
import Platform
import Testing

/// A listener and a client on a real UNIX socket in this process.
@Suite("Local sockets")
struct LocalSocketTests {
    @Test func aClientsBytesReachTheListenerAndTheAnswerComesBack() throws {
        try withFolder { folder in
            let path = folder + "/s.sock"
            let listener = try LocalSocket.listen(at: path, backlog: 4)
            defer { close(listener) }
            let client = try LocalSocket.connect(to: path, timeout: 60)
            defer { close(client) }
            let server = try LocalSocket.accept(on: listener)
            defer { close(server) }

            let question = Array("hello\n".utf8)
            #expect(question.withUnsafeBytes { LocalSocket.send($0, on: client) } == question.count)
            LocalSocket.finishWriting(on: client)
            #expect(readAll(from: server) == question, "the listener reads to the client's end")
            let answer = Array("ok 1\n".utf8)
            #expect(answer.withUnsafeBytes { LocalSocket.send($0, on: server) } == answer.count)
            LocalSocket.shutDown(server)
            #expect(readAll(from: client) == answer)
        }
    }

    @Test func theSocketFileIsTheOwnersAlone() throws {
        try withFolder { folder in
            let path = folder + "/s.sock"
            let previous = umask(0)  // the widest umask: the socket must be 0600 anyway
            defer { umask(previous) }
            let listener = try LocalSocket.listen(at: path, backlog: 1)
            defer { close(listener) }
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    @Test func everySocketIsClosedOnExec() throws {
        try withFolder { folder in
            let listener = try LocalSocket.listen(at: folder + "/s.sock", backlog: 1)
            defer { close(listener) }
            let client = try LocalSocket.connect(to: folder + "/s.sock", timeout: 60)
            defer { close(client) }
            let server = try LocalSocket.accept(on: listener)
            defer { close(server) }
            for descriptor in [listener, client, server] {
                #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
            }
        }
    }

    /// Without MSG_NOSIGNAL (Linux) or SO_NOSIGPIPE (Darwin) this write would raise SIGPIPE
    /// and end the test process.
    @Test func writingToAPeerThatHasGoneFailsWithoutASignal() throws {
        try withFolder { folder in
            let listener = try LocalSocket.listen(at: folder + "/s.sock", backlog: 1)
            defer { close(listener) }
            let client = try LocalSocket.connect(to: folder + "/s.sock", timeout: 60)
            let server = try LocalSocket.accept(on: listener)
            defer { close(server) }
            close(client)
            let bytes = [UInt8](repeating: 120, count: 1024)
            var result = 0
            // The first write after the close may still be taken; one soon fails.
            for _ in 0..<100 {
                result = bytes.withUnsafeBytes { LocalSocket.send($0, on: server) }
                if result < 0 { break }
            }
            #expect(result == -1)
            #expect(errno == EPIPE || errno == ECONNRESET)
        }
    }

    @Test func connectingWhereNothingListensSaysSo() throws {
        try withFolder { folder in
            #expect(throws: SystemError(code: ENOENT)) { try LocalSocket.connect(to: folder + "/none.sock", timeout: 60) }
            // A socket file whose listener has gone: refused.
            let listener = try LocalSocket.listen(at: folder + "/gone.sock", backlog: 1)
            close(listener)
            #expect(throws: SystemError(code: ECONNREFUSED)) { try LocalSocket.connect(to: folder + "/gone.sock", timeout: 60) }
        }
    }

    @Test func aPathLongerThanASocketTakesIsRefused() throws {
        let long = "/tmp/" + String(repeating: "x", count: LocalSocket.maxPathBytes)
        #expect(throws: SystemError(code: ENAMETOOLONG)) { try LocalSocket.listen(at: long, backlog: 1) }
        #expect(throws: SystemError(code: ENAMETOOLONG)) { try LocalSocket.connect(to: long, timeout: 60) }
        #expect(LocalSocket.maxPathBytes >= 103)
    }
}

/// `sendAll`, `receive`, `close` and `removeFile`, what the URL socket's both ends use.
@Suite("Local sockets: whole messages")
struct LocalSocketMessageTests {
    @Test func everyByteSentIsReceivedToTheEnd() throws {
        try withFolder { folder in
            let path = folder + "/s.sock"
            let listener = try LocalSocket.listen(at: path, backlog: 1)
            defer { LocalSocket.close(listener) }
            let client = try LocalSocket.connect(to: path, timeout: 60)
            defer { LocalSocket.close(client) }
            let server = try LocalSocket.accept(on: listener)
            defer { LocalSocket.close(server) }

            // More than one read's worth, so the receiver reads it in pieces.
            let message = (0..<20_000).map { UInt8(truncatingIfNeeded: $0) }
            try LocalSocket.sendAll(message, on: client)
            LocalSocket.finishWriting(on: client)
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while let count = buffer.withUnsafeMutableBytes({ LocalSocket.receive(into: $0, from: server) }), count > 0 {
                received += buffer[0..<count]
            }
            #expect(received == message)
        }
    }

    @Test func sendingToAPeerThatHasGoneThrowsEPIPE() throws {
        try withFolder { folder in
            let listener = try LocalSocket.listen(at: folder + "/s.sock", backlog: 1)
            defer { LocalSocket.close(listener) }
            let client = try LocalSocket.connect(to: folder + "/s.sock", timeout: 60)
            defer { LocalSocket.close(client) }
            LocalSocket.close(try LocalSocket.accept(on: listener))
            #expect(throws: SystemError(code: EPIPE)) {
                // The first write may still be taken in before the kernel knows the peer has gone.
                for _ in 0..<100 { try LocalSocket.sendAll(Array("x\n".utf8), on: client) }
            }
        }
    }

    @Test func aReceiveOnAClosedDescriptorIsNil() throws {
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(buffer.withUnsafeMutableBytes { LocalSocket.receive(into: $0, from: -1) } == nil)
    }

    @Test func theSocketFileIsRemovedAndAMissingOneIsNoError() throws {
        try withFolder { folder in
            let path = folder + "/s.sock"
            let listener = try LocalSocket.listen(at: path, backlog: 1)
            LocalSocket.close(listener)
            #expect(FileManager.default.fileExists(atPath: path), "closing leaves the file")
            LocalSocket.removeFile(at: path)
            #expect(!FileManager.default.fileExists(atPath: path))
            LocalSocket.removeFile(at: path)
        }
    }
}
