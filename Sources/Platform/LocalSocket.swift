#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UNIX-domain stream sockets, as descriptors the caller reads, writes and closes: every one
/// closed on exec, and none raising SIGPIPE when written to after its peer has gone (whose
/// default action would end the app with its terminal unrestored): such a write fails with
/// EPIPE instead.
///
/// Where Linux and Darwin differ: Linux takes SOCK_CLOEXEC at `socket` (no child started
/// meanwhile inherits the descriptor) and MSG_NOSIGNAL per `send`; Darwin has neither, so it
/// sets FD_CLOEXEC just after `socket` and SO_NOSIGPIPE once per socket.
public enum LocalSocket {
    /// The longest path a socket takes: `sockaddr_un.sun_path` less its terminating zero.
    public static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// A socket connected to the one listening at `path`, whose connecting, reads and writes
    /// each wait at most `seconds` (`setTimeouts`). ENOENT or ECONNREFUSED: nothing listens
    /// there; ENAMETOOLONG: `path` is longer than `maxPathBytes`.
    public static func connect(to path: String, timeout seconds: Int) throws(SystemError) -> Int32 {
        var address = try address(of: path)
        let descriptor = try makeSocket()
        setTimeouts(of: descriptor, seconds: seconds)
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connectSocket(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else { throw closing(descriptor) }
        return descriptor
    }

    /// A socket listening at `path` with room for `backlog` waiting clients; the socket file
    /// is made 0600 (bound under a umask that leaves the owner alone), so it is private before
    /// it is reachable. A file already at `path` is an error (EADDRINUSE): remove it first.
    public static func listen(at path: String, backlog: Int32) throws(SystemError) -> Int32 {
        var address = try address(of: path)
        let descriptor = try makeSocket()
        let previous = umask(0o177)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        umask(previous)
        guard bound == 0, listenOnSocket(descriptor, backlog) == 0 else { throw closing(descriptor) }
        return descriptor
    }

    /// The next connection on `listener`, waiting for it. ECONNABORTED: a client gave up while
    /// queued; EINTR: a signal came first; EBADF or EINVAL: the listener was shut down.
    public static func accept(on listener: Int32) throws(SystemError) -> Int32 {
        let descriptor = acceptOnSocket(listener)
        guard descriptor >= 0 else { throw .last }
        prepare(descriptor)
        return descriptor
    }

    /// Each read and each write on `descriptor` waits at most `seconds`.
    public static func setTimeouts(of descriptor: Int32, seconds: Int) {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// `send(2)` of `bytes`, never raising SIGPIPE: the count written, or -1 with `errno` set.
    public static func send(_ bytes: UnsafeRawBufferPointer, on descriptor: Int32) -> Int {
        sendOnSocket(descriptor, bytes)
    }

    /// Every byte of `bytes`, sent as `send` does (never SIGPIPE), again where a signal cut a
    /// write short. Throws when the peer has gone (EPIPE) or the send timeout passed (EAGAIN).
    public static func sendAll(_ bytes: [UInt8], on descriptor: Int32) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send($0, on: descriptor) }
            if written < 0, errno == EINTR { continue }
            guard written >= 0 else { throw .last }
            guard written > 0 else { throw SystemError(code: EIO) }
            offset += written
        }
    }

    /// Reads into `buffer` what has arrived on `descriptor`, waiting at most its receive
    /// timeout: the count read, 0 at the end, nil on an error or the timeout (a read a signal
    /// interrupts is made again).
    public static func receive(into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Int? {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            guard errno == EINTR else { return nil }
        }
    }

    /// Closes a socket of ours, a listener or a connection.
    public static func close(_ descriptor: Int32) {
        _ = closeDescriptor(descriptor)
    }

    /// Removes the socket file at `path` (one a killed app left, or ours once we stop); a
    /// missing file is no error.
    public static func removeFile(at path: String) {
        _ = unlink(path)
    }

    /// Ends the writing half: the peer reads to its end.
    public static func finishWriting(on descriptor: Int32) {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Ends both halves, which wakes a thread blocked in `accept` or a read on it.
    public static func shutDown(_ descriptor: Int32) {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private static func address(of path: String) throws(SystemError) -> sockaddr_un {
        let bytes = Array(path.utf8)
        guard bytes.count <= maxPathBytes else { throw SystemError(code: ENAMETOOLONG) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    private static func makeSocket() throws(SystemError) -> Int32 {
        #if canImport(Glibc)
        // Glibc imports SOCK_STREAM and SOCK_CLOEXEC as an enum (`__socket_type`).
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #elseif canImport(Darwin)
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)  // an Int32; FD_CLOEXEC follows in `prepare`
        #endif
        guard descriptor >= 0 else { throw .last }
        prepare(descriptor)
        return descriptor
    }

    /// Closed on exec and, on Darwin, never SIGPIPE: what every socket of ours carries.
    private static func prepare(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// The error the failed call left, once `descriptor` is closed.
    private static func closing(_ descriptor: Int32) -> SystemError {
        let error = SystemError.last
        _ = closeDescriptor(descriptor)
        return error
    }
}

// The calls whose names `LocalSocket`'s own functions take, reached from outside the type.

private func connectSocket(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}

private func listenOnSocket(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    listen(descriptor, backlog)
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func acceptOnSocket(_ listener: Int32) -> Int32 {
    accept(listener, nil, nil)
}

private func sendOnSocket(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
    send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #elseif canImport(Darwin)
    send(descriptor, bytes.baseAddress, bytes.count, 0)  // SO_NOSIGPIPE is set on the socket
    #endif
}
