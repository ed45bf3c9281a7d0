import Foundation

/// The app's end of `URLSocket`: a thread that takes URLs from outside and hands each to
/// `receive` (the program posts it to its inbox, so it is opened on the loop like any input).
/// Made by the app that holds the state directory's lock, so a socket file left by a killed
/// app can be removed safely. Its thread holds it until `stop()`, which the owner must call.
/// `@unchecked Sendable`: the descriptor is closed only under `lock`.
public final class URLListener: @unchecked Sendable {
    public let path: String
    private var descriptor: Int32
    private let lock = NSLock()
    private let receive: @Sendable (String) -> Void

    /// Listens at `path` (replacing a stale socket file) and calls `receive` from its own
    /// thread for each URL.
    public init(path: String, receive: @escaping @Sendable (String) -> Void) throws(StoreError) {
        self.path = path
        self.receive = receive
        var address: sockaddr_un
        do {
            address = try URLSocket.address(of: path)
        } catch {
            throw .urlSocket(path: path, reason: "the path is longer than the \(URLSocket.maxPathBytes) bytes a socket takes; "
                + "use a shorter --state-dir")
        }
        unlink(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .urlSocket(path: path, reason: systemErrorText(errno)) }
        // Private before it is reachable: made with a umask that leaves the owner alone.
        let previous = umask(0o177)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        umask(previous)
        guard bound == 0, listen(descriptor, 8) == 0 else {
            let code = errno
            close(descriptor)
            throw .urlSocket(path: path, reason: systemErrorText(code))
        }
        self.descriptor = descriptor
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "storefront.urls"
        thread.start()
    }

    /// Stops listening and removes the socket file; again does nothing.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard descriptor >= 0 else { return }
        // Wakes the thread blocked in accept, which then sees the descriptor gone.
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
        descriptor = -1
        unlink(path)
    }

    private var listening: Int32 {
        lock.lock()
        defer { lock.unlock() }
        return descriptor
    }

    private func acceptLoop() {
        while true {
            let server = listening
            guard server >= 0 else { return }
            let client = accept(server, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            serve(client)
            close(client)
        }
    }

    /// One URL per connection; the answer says whether it was taken.
    private func serve(_ client: Int32) {
        URLSocket.setTimeouts(client)
        guard let url = URLSocket.readLine(from: client, limit: URLSocket.maxURLBytes) else {
            _ = URLSocket.writeAll(Array("error the URL is longer than \(URLSocket.maxURLBytes) bytes or was not sent whole\n".utf8),
                                   to: client)
            return
        }
        receive(url)
        _ = URLSocket.writeAll(Array("ok \(getpid())\n".utf8), to: client)
    }
}
