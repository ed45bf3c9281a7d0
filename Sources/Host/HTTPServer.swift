import CHTTP
import Foundation
import Platform
import StoreEngine

/// Why the server could not start.
public struct HTTPServerError: Error, Equatable, CustomStringConvertible {
    public var address: String
    public var port: UInt16

    public var description: String {
        "could not listen on \(address):\(port): the address is not an IPv4 address of this machine, "
            + "or the port is in use; choose another with --api ADDRESS:PORT"
    }
}

/// An HTTP/1.1 server (libmicrohttpd) answering every request with `handler`, on threads of
/// its own: the handler is called from them, one request at a time per thread, never on the
/// caller's. It listens until `stop()` or until it is released.
public final class HTTPServer {
    /// The port it listens on (the system's choice when asked for port 0).
    public let port: UInt16
    public let address: String
    private var daemon: OpaquePointer?
    private let server: UnsafeMutablePointer<sf_http_server>
    private let box: Unmanaged<Handler>

    /// Its threads: one a core, at most as many as the stores' APIs answer at once, so requests
    /// are answered side by side without more threads than the machine runs.
    static let threads = min(StoreServers.connections, max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// Listens on `address:port`; a request whose body is past `bodyLimit` bytes is answered
    /// 413 without reaching the handler. At most `connectionLimit` connections at once (shared
    /// among the threads); one idle for
    /// `timeoutSeconds` is closed (a client that sends a byte a minute gets no thread forever).
    /// `observe` hears of each call once it is answered (its status and how long it took).
    public init(address: String, port: UInt16, bodyLimit: Int = 1 << 20, connectionLimit: Int = 4_000,
                timeoutSeconds: Int = 10, observe: @escaping @Sendable (APICall) -> Void = { _ in },
                handler: @escaping @Sendable (APIRequest) -> APIResponse) throws(HTTPServerError) {
        box = Unmanaged.passRetained(Handler(handler, observe: observe))
        server = UnsafeMutablePointer<sf_http_server>.allocate(capacity: 1)
        server.initialize(to: sf_http_server(handler: { context, request in
            guard let context, let request else { return }
            Unmanaged<Handler>.fromOpaque(context).takeUnretainedValue().answer(request)
        }, context: box.toOpaque(), body_limit: bodyLimit))
        guard let daemon = sf_http_start(server, address, port, UInt32(connectionLimit), UInt32(timeoutSeconds),
                                         UInt32(Self.threads)) else {
            server.deallocate()
            box.release()
            throw HTTPServerError(address: address, port: port)
        }
        self.daemon = daemon
        self.address = address
        self.port = sf_http_port(daemon)
    }

    /// How many connections it holds open now, idle ones included.
    public var openConnections: Int {
        daemon.map { Int(sf_http_connections($0)) } ?? 0
    }

    /// Stops listening and waits for the requests under way to end.
    public func stop() {
        guard let daemon else { return }
        MHD_stop_daemon(daemon)
        self.daemon = nil
    }

    deinit {
        stop()
        server.deallocate()
        box.release()
    }

    /// The handler, kept alive for the C side as the daemon's context.
    private final class Handler: Sendable {
        let handle: @Sendable (APIRequest) -> APIResponse
        let observe: @Sendable (APICall) -> Void

        init(_ handle: @escaping @Sendable (APIRequest) -> APIResponse, observe: @escaping @Sendable (APICall) -> Void) {
            self.handle = handle
            self.observe = observe
        }

        func answer(_ request: UnsafeMutablePointer<sf_http_request>) {
            // Once a thread: libmicrohttpd makes its own threads, and this is the first code of
            // ours on each. They are the server's alone, so lowering them touches nothing else.
            // The thread's own mark says so, not Foundation's dictionary of it, a lookup and a
            // cast on every request.
            BackgroundPriority.lowerCurrentThreadOnce()
            let clock = ContinuousClock()
            let started = clock.now
            let read = Self.read(request)
            // A body past the limit is refused here: no handler reads what was never kept.
            let response = request.pointee.too_large != 0 ? APIResponse(status: 413) : handle(read)
            let took = started.duration(to: clock.now)
            let milliseconds = Int(took.components.seconds) * 1000 + Int(took.components.attoseconds / 1_000_000_000_000_000)
            response.body.withUnsafeBytes { bytes in
                _ = sf_http_respond(request, UInt32(response.status), bytes.bindMemory(to: CChar.self).baseAddress,
                                    bytes.count, response.contentType)
            }
            observe(APICall(method: read.method, path: read.path, status: response.status, milliseconds: milliseconds,
                            note: response.note))
        }

        private static func read(_ request: UnsafeMutablePointer<sf_http_request>) -> APIRequest {
            var query: [APIRequest.QueryArgument] = []
            withUnsafeMutablePointer(to: &query) { list in
                sf_http_arguments(request, { context, name, nameLength, value, valueLength in
                    guard let context, let name, let value else { return }
                    context.assumingMemoryBound(to: [APIRequest.QueryArgument].self).pointee
                        .append(APIRequest.QueryArgument(name: RequestTarget.text(name, count: nameLength),
                                                         value: RequestTarget.text(value, count: valueLength)))
                }, list)
            }
            let fields = request.pointee
            let body = fields.body.map { Data(bytes: $0, count: fields.body_length) } ?? Data()
            let path = fields.raw_url.map { RequestTarget.path(ofRaw: $0, count: fields.raw_url_length) } ?? "/"
            return APIRequest(method: fields.method.map { String(cString: $0) } ?? "", path: path, query: query,
                               authorization: sf_http_header(request, "Authorization").map { String(cString: $0) },
                               body: body)
        }
    }
}
