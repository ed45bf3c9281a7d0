import CHTTP
import Platform

/// One TCP connection to an HTTP server on this machine, spoken to a request at a time, as a
/// backend's client keeps one alive: what the bench times the API with, and what the tests send
/// whole, broken or byte by byte. Every read and write waits at most `timeoutSeconds`, so a
/// server that never answers fails the caller rather than hanging it. Not for two threads at once.
public final class LoopbackHTTPClient {
    /// One answer: its status, its headers (names in lower case) and its body.
    public struct Answer: Sendable, Equatable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
    }

    private var descriptor: Int32
    /// Bytes read past the last answer (the start of the next).
    private var pending: [UInt8] = []

    public init(address: String = "127.0.0.1", port: UInt16, timeoutSeconds: Int = 60) throws(SystemError) {
        let descriptor = sf_http_connect(address, port)
        guard descriptor >= 0 else { throw .last }
        // A TCP socket takes the same timeouts, writes and reads as a local one.
        LocalSocket.setTimeouts(of: descriptor, seconds: timeoutSeconds)
        self.descriptor = descriptor
    }

    deinit { close() }

    public func send(_ bytes: [UInt8]) throws(SystemError) {
        try LocalSocket.sendAll(bytes, on: descriptor)
    }

    public func send(_ text: String) throws(SystemError) {
        try send(Array(text.utf8))
    }

    /// A GET of `target` kept alive, with `headers` besides Host.
    public func get(_ target: String, headers: [(String, String)] = []) throws(SystemError) -> Answer? {
        let lines = headers.map { "\($0.0): \($0.1)\r\n" }.joined()
        try send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(lines)\r\n")
        return receiveAnswer()
    }

    /// The next whole answer: its head, then a body of its Content-Length (or up to the end when
    /// it gives none). Nil when the connection ends or times out before it is whole, or its
    /// head is not HTTP's.
    public func receiveAnswer() -> Answer? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = pending.firstRange(of: separator)?.upperBound
            if headEnd == nil, !readMore() { return nil }
        }
        guard let headEnd, let head = String(validating: pending[..<headEnd], as: UTF8.self) else { return nil }
        let lines = head.components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/"), let status = Int(statusWords[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        pending.removeFirst(headEnd)
        if let length = headers["content-length"].flatMap({ Int($0) }) {
            while pending.count < length { guard readMore() else { return nil } }
            let body = Array(pending.prefix(length))
            pending.removeFirst(length)
            return Answer(status: status, headers: headers, body: body)
        }
        while readMore() {}
        defer { pending = [] }
        return Answer(status: status, headers: headers, body: pending)
    }

    /// Whether the server closed the connection (rather than the read timing out): what was
    /// left to read is dropped.
    public func readsToTheEnd() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { LocalSocket.receive(into: $0, from: descriptor) }
            guard let count else { return Self.wasReset }
            if count == 0 { return true }
        }
    }

    /// Closes the connection (again is nothing).
    public func close() {
        guard descriptor >= 0 else { return }
        LocalSocket.close(descriptor)
        descriptor = -1
    }

    /// More bytes into `pending`; false at the end or on an error or the timeout.
    private func readMore() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = buffer.withUnsafeMutableBytes { LocalSocket.receive(into: $0, from: descriptor) }
        guard let count, count > 0 else { return false }
        pending += buffer[..<count]
        return true
    }

    /// A read that failed because the server reset the connection: closed, as far as a client knows.
    private static var wasReset: Bool { SystemError.last == .connectionReset }
}
