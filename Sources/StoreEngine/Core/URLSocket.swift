import Foundation

/// How a URL from outside (`storefront open-url`) reaches the app running on a state
/// directory: a UNIX socket, `storefront.sock` in the directory (0600, like everything there),
/// one URL per connection. The client writes the URL and a newline; the app answers `ok PID`
/// once the URL is in its inbox, or `error REASON`.
public enum URLSocket {
    /// The longest URL taken: anything longer is refused before it is read whole.
    public static let maxURLBytes = 1 << 20
    /// How long either side waits for the other, in seconds.
    static let timeout = 2

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
        throw .io("the app did not answer")
    }

    static func connected(to path: String) throws(URLSocketError) -> Int32 {
        var address = try address(of: path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
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

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Reads up to a newline (not included) or the end; nil past `limit` bytes or on an error.
    static func readLine(from descriptor: Int32, limit: Int) -> String? {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
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

/// Why a URL did not reach a running app.
enum URLSocketError: Error, Equatable {
    /// Nothing listens at the socket (no app, or one that takes no URLs).
    case noListener
    case pathTooLong(path: String, limit: Int)
    /// The app answered `error`.
    case refused(String)
    case io(String)
}
