import Foundation
import Synchronization
import Testing
import StoreEngine
@testable import Host

/// The app's listener against clients that misbehave: one that leaves without reading the
/// answer, one that says nothing, one that trickles. None may end the app or keep
/// `storefront open-url` from being answered.
@Suite("URL listener and its clients")
struct URLListenerClientTests {
    static let url = "com.example.stardust://xsollaconfirm/payment?user_id=someone&foreignInvoice=txn-000001"
        + "&invoice_id=1&status=done"

    /// A state directory claimed as the app claims it, with its listener.
    private func withListener<T>(_ body: (StateDirectory, Received) throws -> T) throws -> T {
        let directory = StateDirectory(path: "/tmp/sf-cl-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let lock = try directory.lock()
        defer { lock.release() }
        let received = Received()
        let listener = try URLListener(path: directory.urlSocketPath) { url in received.urls.withLock { $0.append(url) } }
        defer { listener.stop() }
        return try body(directory, received)
    }

    /// A raw client: connected, nothing sent yet.
    private func connect(to directory: StateDirectory) throws -> Int32 {
        try URLSocket.connected(to: directory.urlSocketPath)
    }

    /// Without MSG_NOSIGNAL the listener's answer to a client that has gone is SIGPIPE, which
    /// ends the whole process (the app, with its terminal unrestored; here, the test runner).
    @Test func aClientThatLeavesBeforeTheAnswerEndsNothing() throws {
        try withListener { directory, received in
            let client = try connect(to: directory)
            // No newline: the listener reads to the end, so it answers only after this close.
            #expect(URLSocket.writeAll(Array(Self.url.utf8), to: client))
            close(client)
            // The next client is served by a listener (and a process) still alive.
            #expect(try directory.deliver(url: Self.url + "&second=1") == .handedToApp(pid: getpid()))
            #expect(received.arrived(count: 1).last == Self.url + "&second=1")
        }
    }

    /// Two of them, so that served one after the other they would outlast `open-url`'s wait.
    @Test func silentClientsDoNotHoldUpTheNext() throws {
        try withListener { directory, received in
            let silent = [try connect(to: directory), try connect(to: directory)]
            defer { silent.forEach { close($0) } }
            #expect(try directory.deliver(url: Self.url) == .handedToApp(pid: getpid()))
            #expect(received.arrived(count: 1) == [Self.url])
        }
    }

    /// A byte every 50 ms never trips a per-read timeout; the connection's own deadline ends it
    /// with an answer long before 1,000 bytes have gone.
    @Test func aTricklingClientIsCutOffAtItsDeadline() throws {
        try withListener { directory, received in
            let client = try connect(to: directory)
            defer { close(client) }
            var sent = 0
            var answered = false
            while sent < 1000, !answered {
                guard URLSocket.writeAll([UInt8(ascii: "x")], to: client) else { break }
                sent += 1
                // The pace of the trickle: up to 50 ms for an answer after each byte.
                var waiting = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                answered = poll(&waiting, 1, 50) == 1
            }
            var answer: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = read(client, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                answer += buffer[0..<count]
            }
            let text = String(decoding: answer, as: UTF8.self)
            #expect(text.hasPrefix("error "), "\(text)")
            #expect(sent < 1000, "the client was never cut off")
            #expect(received.urls.withLock { $0 }.isEmpty)
        }
    }
}

/// The URLs a listener handed on, from its threads.
private final class Received: Sendable {
    let urls = Mutex<[String]>([])

    /// The URLs once `count` have arrived (or after a minute). The listener answers `ok` before
    /// it hands the URL on, so `deliver` can return a moment before the URL is here.
    func arrived(count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(60)
        while urls.withLock({ $0.count < count }), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return urls.withLock { $0 }
    }
}
