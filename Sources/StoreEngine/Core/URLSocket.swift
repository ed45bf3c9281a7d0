import Foundation

/// How a URL from outside (`storefront open-url`) reaches the app running on a state
/// directory: a UNIX socket, `storefront.sock` in the directory (0600, like everything there),
/// one URL per connection. The client writes the URL and a newline; the app answers `ok PID`
/// and then posts the URL to its inbox (so a client that did not wait for the answer hands
/// nothing on), or answers `error REASON`.
public enum URLSocket {
    /// The longest URL taken: anything longer is refused before it is read whole.
    public static let maxURLBytes = 1 << 20
    /// How long either side waits for the other, in seconds.
    static let timeout = 2
    /// How long the app gives one connection, from accept to its answer, however its bytes
    /// trickle in: a client that takes longer is answered with an error and let go.
    public static let connectionDeadline: TimeInterval = 5

    /// The socket's path must fit `sockaddr_un.sun_path` with its terminating zero.
    static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Sends `url` to the app listening at `path`; the app's pid when it took it.
    static func send(_ url: String, to path: String) throws(URLSocketError) -> Int32? {
        let descriptor = try connected(to: path)
        defer { close(descriptor) }
        guard writeAll(Array(url.utf8) + [10], to: descriptor) else { throw .io("writing the URL: \(systemErrorText(errno))") }
        shutdown(descriptor, Int32(SHUT_WR))
        let reply = readLine(from: descriptor, limit: 256) ?? ""
        if reply.hasPrefix("ok") { return Int32(reply.dropFirst(2).trimmingCharacters(in: .whitespaces)) }
        if reply.hasPrefix("error ") { throw .refused(String(reply.dropFirst(6))) }
        throw .io("the app did not answer within \(timeout) s: it may be stopped with Ctrl-Z, or busy")
    }

    static func connected(to path: String) throws(URLSocketError) -> Int32 {
        var address = try address(of: path)
        let descriptor = makeSocket()
        guard descriptor >= 0 else { throw .io("socket: \(systemErrorText(errno))") }
        setTimeouts(descriptor)
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else {
            let code = errno
            close(descriptor)
            throw code == ENOENT || code == ECONNREFUSED ? .noListener : .io("connect: \(systemErrorText(code))")
        }
        return descriptor
    }

    static func address(of path: String) throws(URLSocketError) -> sockaddr_un {
        let bytes = Array(path.utf8)
        guard bytes.count <= maxPathBytes else { throw .pathTooLong(path: path, limit: maxPathBytes) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    static func setTimeouts(_ descriptor: Int32) {
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes every byte; false when the other side has gone (EPIPE, never SIGPIPE) or the
    /// send timeout passed.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { sendBytes(descriptor, $0) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Reads up to a newline (not included) or the end; nil past `limit` bytes, on an error, or
    /// when `deadline` passes first (each read also ends at the socket's receive timeout).
    static func readLine(from descriptor: Int32, limit: Int, deadline: Date = .distantFuture) -> String? {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(min(left * 1000, Double(timeout * 1000)).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            if let end = buffer[0..<count].firstIndex(of: 10) {
                line += buffer[0..<end]
                break
            }
            line += buffer[0..<count]
            guard line.count <= limit else { return nil }
        }
        guard line.count <= limit else { return nil }
        return String(decoding: line, as: UTF8.self)
    }
}

// The only part of the socket that differs between Linux and Darwin: how writing to a socket
// whose peer has gone fails with EPIPE instead of raising SIGPIPE, whose default action would
// end the app with its terminal unrestored. Linux says so per write (MSG_NOSIGNAL); Darwin has
// no such flag, and each socket carries SO_NOSIGPIPE instead.
extension URLSocket {
    /// A UNIX stream socket, closed on exec.
    static func makeSocket() -> Int32 {
        #if os(Linux)
        // Closed on exec from the start: no child started meanwhile inherits it.
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        if descriptor >= 0 { prepare(descriptor) }
        return descriptor
    }

    /// A connection accepted on `listener`, closed on exec; -1 with `errno` set on failure.
    static func accepted(on listener: Int32) -> Int32 {
        let descriptor = accept(listener, nil, nil)
        if descriptor >= 0 { prepare(descriptor) }
        return descriptor
    }

    private static func prepare(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        #if !os(Linux)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}

/// `send(2)` (outside `URLSocket`, whose own `send` would hide it), never raising SIGPIPE.
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if os(Linux)
    send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #else
    send(descriptor, bytes.baseAddress, bytes.count, 0)
    #endif
}

/// Why a URL did not reach a running app.
enum URLSocketError: Error, Equatable {
    /// Nothing listens at the socket (no app, or one that takes no URLs).
    case noListener
    case pathTooLong(path: String, limit: Int)
    /// The app answered `error`.
    case refused(String)
    case io(String)
}
