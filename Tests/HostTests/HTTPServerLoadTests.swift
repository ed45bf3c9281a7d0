import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Host
import StoreEngine
import Synchronization
import TestFixtures
import Testing

/// The HTTP server under load, on 127.0.0.1 with the App Store Server API on a real ledger:
/// a thousand connections open at once, each answered whole; slow clients dribbling a header
/// byte now and then, which neither keep a normal client waiting nor stay past the idle
/// timeout; a body past the limit; and malformed requests, whether libmicrohttpd refuses them
/// itself or they reach the handler. Nothing here times anything: every wait is "eventually,
/// within a bound far past any machine's need".
@Suite("HTTP server under load", .serialized)
struct HTTPServerLoadTests {
    /// A bound on a hang, not a timing: a loaded two-core machine is far within it.
    static let patience: TimeInterval = 120

    /// The App Store Server API on a ledger of `purchases` signed App Store purchases, served on
    /// an ephemeral port; `calls` counts the requests that reached the handler.
    final class Served {
        let server: HTTPServer
        let authorization: String
        let calls = CallCount()
        let purchases: Int
        let folder: String

        init(purchases: Int = 3, timeoutSeconds: Int = 10, bodyLimit: Int = 1 << 20) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-load-\(UUID().uuidString)").path
            let directory = StateDirectory(path: folder)
            // Made once for the process, not three RSA keys for each server.
            let keys = try SharedServerKeys.copy(into: folder)
            try SyntheticHistory.writeSigned(purchases: purchases, of: SKU.gems100, in: "JPN", user: "player-1",
                                             catalog: defaultCatalog, toLedgerAt: directory.ledgerPath,
                                             startingAt: fixedNow)
            let bundleId = defaultCatalog.app.bundleId
            authorization = "Bearer " + (try keys.appStoreBearerToken(bundleId: bundleId))
            let api = try AppStoreServerAPI(stateDirectory: directory, bundleId: bundleId)
            self.purchases = purchases
            let calls = self.calls
            server = try HTTPServer(address: "127.0.0.1", port: 0, bodyLimit: bodyLimit, timeoutSeconds: timeoutSeconds) { request in
                calls.add()
                guard case .response(let response) = api.answer(request) else { return APIResponse(status: 500) }
                return response
            }
        }

        deinit {
            server.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }

        func connect() throws -> LoopbackHTTPClient {
            try LoopbackHTTPClient(port: server.port)
        }

        /// Get Transaction Info for the `index`th purchase, as a backend asks.
        func request(for index: Int) -> String {
            "GET /inApps/v1/transactions/\(SyntheticHistory.appStoreTransactionId(index)) HTTP/1.1\r\n"
                + "Host: 127.0.0.1\r\nAuthorization: \(authorization)\r\n\r\n"
        }
    }

    /// The requests that reached the handler, counted from the server's threads.
    final class CallCount: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// Whether `answer` is a 200 whose JWS is the transaction asked for.
    static func isTransactionInfo(_ answer: LoopbackHTTPClient.Answer?, index: Int) -> Bool {
        guard let answer, answer.status == 200, answer.headers["content-type"] == "application/json",
              let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
              let jws = object["signedTransactionInfo"] as? String else { return false }
        return SignedTransactionPayload.decoded(compact: jws)?.transactionId == SyntheticHistory.appStoreTransactionId(index)
    }

    /// Waits, a bounded while, until `condition` holds.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let giveUp = Date().addingTimeInterval(patience)
        while !condition() {
            guard Date() < giveUp else { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// The soft limit on open descriptors raised to `needed` when it is lower (within the hard
    /// limit): both ends of every connection are in this process. Platform has no call for it,
    /// as the app never needs one (it holds only the server's end), so the test makes it itself.
    static func allowOpenFiles(_ needed: Int) throws {
        #if canImport(Glibc)
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        try #require(getrlimit(resource, &limit) == 0)
        guard limit.rlim_cur < rlim_t(needed) else { return }
        try #require(limit.rlim_max >= rlim_t(needed),
                     "the hard limit on open files is \(limit.rlim_max); this test needs \(needed) (ulimit -Hn)")
        limit.rlim_cur = rlim_t(needed)
        try #require(setrlimit(resource, &limit) == 0)
        #endif
    }

    @Test func aThousandConnectionsOpenAtOnceAreEachAnsweredWhole() throws {
        let count = 1_000
        // Both ends of each connection, and room for the test runner's own.
        try Self.allowOpenFiles(2 * count + 256)
        let served = try Served()
        var clients: [LoopbackHTTPClient] = []
        for _ in 0..<count { clients.append(try served.connect()) }
        // All of them held by the server at once before any asks anything.
        #expect(Self.eventually { served.server.openConnections == count }, "\(served.server.openConnections) open")
        for (index, client) in clients.enumerated() { try client.send(served.request(for: index % served.purchases)) }
        var whole = 0
        for (index, client) in clients.enumerated() where Self.isTransactionInfo(client.receiveAnswer(), index: index % served.purchases) {
            whole += 1
        }
        #expect(whole == count, "every connection got its transaction")
        #expect(served.calls.value == count)
        clients.forEach { $0.close() }
        #expect(Self.eventually { served.server.openConnections == 0 })
    }

    @Test func slowClientsNeitherHoldUpANormalOneNorStayPastTheIdleTimeout() throws {
        let slowCount = 200
        try Self.allowOpenFiles(2 * slowCount + 256)
        let served = try Served(timeoutSeconds: 2)
        let request = Array(served.request(for: 0).utf8)
        // Each sends a few bytes of a request's head, then one more now and then.
        var slow: [LoopbackHTTPClient] = []
        for _ in 0..<slowCount {
            let client = try served.connect()
            try client.send(Array(request.prefix(10)))
            slow.append(client)
        }
        #expect(Self.eventually { served.server.openConnections >= slowCount }, "\(served.server.openConnections) open")
        for round in 0..<3 {
            for client in slow { try? client.send([request[10 + round]]) }
            let normal = try served.connect()
            try normal.send(request)
            #expect(Self.isTransactionInfo(normal.receiveAnswer(), index: 0), "a normal client is answered beside \(slowCount) slow ones")
            Thread.sleep(forTimeInterval: 0.3)
        }
        // Now silent: the server closes each once it has been idle for the timeout.
        let closed = slow.filter { $0.readsToTheEnd() }.count
        #expect(closed == slowCount, "\(slowCount - closed) slow clients still open after \(Int(Self.patience)) s")
        #expect(served.calls.value == 3, "no slow request reached the handler")
        #expect(Self.eventually { served.server.openConnections == 0 })
    }

    @Test func aBodyPastTheLimitIs413WhetherItsLengthIsSaidOrChunked() throws {
        let served = try Served(bodyLimit: 1_000)
        let sized = try served.connect()
        try sized.send("POST /inApps/v1/transactions/2000000000000001 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n\r\n"
                       + String(repeating: "a", count: 5_000))
        #expect(sized.receiveAnswer()?.status == 413)
        let chunked = try served.connect()
        let chunk = String(repeating: "b", count: 600)
        try chunked.send("POST /inApps/v1/transactions/2000000000000001 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         + "Transfer-Encoding: chunked\r\n\r\n258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n")
        #expect(chunked.receiveAnswer()?.status == 413)
        #expect(served.calls.value == 0, "neither reached the handler")
    }

    /// A request libmicrohttpd refuses itself, and the status it refuses it with.
    enum RefusedRequest: String, CaseIterable, CustomTestStringConvertible {
        case noVersion, wordAfterVersion, anotherProtocol, unspokenVersion, plainHTTP2, headerWithoutColon,
             nulBeforeMethod, chunkSizeNotANumber, lengthNotANumber, headerPast32KiB, pathPast32KiB

        var text: String {
            let host = "Host: 127.0.0.1\r\n"
            switch self {
            case .noVersion: return "GET /inApps/v1/transactions/2000000000000001\r\n\r\n"
            case .wordAfterVersion: return "GET / HTTP/1.1 more\r\n\(host)\r\n"
            case .anotherProtocol: return "GET / HTTX/1.1\r\n\(host)\r\n"
            case .unspokenVersion: return "GET / HTTP/9.9\r\n\(host)\r\n"
            case .plainHTTP2: return "GET / HTTP/2.0\r\n\(host)\r\n"
            case .headerWithoutColon: return "GET / HTTP/1.1\r\n\(host)this is no header\r\n\r\n"
            case .nulBeforeMethod: return "\u{0}GET / HTTP/1.1\r\n\(host)\r\n"
            case .chunkSizeNotANumber: return "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\nzz\r\n"
            case .lengthNotANumber: return "POST / HTTP/1.1\r\n\(host)Content-Length: many\r\n\r\n"
            case .headerPast32KiB: return "GET / HTTP/1.1\r\n\(host)X: \(String(repeating: "x", count: 40_000))\r\n\r\n"
            case .pathPast32KiB: return "GET /\(String(repeating: "x", count: 40_000)) HTTP/1.1\r\n\(host)\r\n"
            }
        }

        var status: Int {
            switch self {
            case .unspokenVersion, .plainHTTP2: 505
            case .headerPast32KiB: 431
            case .pathPast32KiB: 414
            default: 400
            }
        }

        var testDescription: String { rawValue }
    }

    /// What libmicrohttpd answers itself, before any handler sees the request, with an HTML
    /// body of its own (Sources/CHTTP/shim.h lists them): the handler is never called, and the
    /// server goes on answering.
    @Test(arguments: RefusedRequest.allCases)
    func aMalformedRequestLibmicrohttpdRefusesNeverReachesTheHandler(request: RefusedRequest) throws {
        let served = try Served()
        let client = try served.connect()
        try client.send(request.text)
        let answer = client.receiveAnswer()
        #expect(answer?.status == request.status, "\(request): \(String(describing: answer?.status))")
        #expect(served.calls.value == 0, "\(request)")
        #expect(Self.isTransactionInfo(try served.connect().get(
            "/inApps/v1/transactions/\(SyntheticHistory.appStoreTransactionId(0))",
            headers: [("Authorization", served.authorization)]), index: 0), "the server answers the next client")
    }

    /// A request line of one word is not answered at all: libmicrohttpd closes the connection.
    @Test(arguments: ["GET\r\nHost: 127.0.0.1\r\n\r\n", "\u{1}\u{2}garbage\r\n\r\n"])
    func aRequestLineOfOneWordIsClosedUnanswered(request: String) throws {
        let served = try Served()
        let client = try served.connect()
        try client.send(request)
        #expect(client.receiveAnswer() == nil)
        #expect(served.calls.value == 0)
    }

    /// What reaches the handler with a control character in it (percent-encoded: HTTP carries
    /// none raw) is refused whole with Apple's error body, before its path is read.
    @Test(arguments: [
        "/inApps/v1/transactions/2000000000000001%00",
        "/inApps/v1/transactions/2000000000000001%00junk",
        "/inApps/v1/transactions/%002000000000000001",
        "/inApps/v1/transactions/2000000000000001%0A",
        "/inApps/v2/history/2000000000000001?sort=ASCENDING%00",
        "/inApps/v1/subscriptions/2000000000000001?status=1&%00=1",
    ])
    func aControlCharacterInWhatReachesTheHandlerIsApples400(target: String) throws {
        let served = try Served()
        let answer = try served.connect().get(target, headers: [("Authorization", served.authorization)])
        #expect(answer?.status == 400 && answer?.headers["content-type"] == "application/json", "\(target)")
        let body = try #require(answer.flatMap { try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] })
        #expect(body["errorCode"] as? Int == 4_000_000 && body["errorMessage"] as? String == "Bad request.", "\(target): \(body)")
        #expect(served.calls.value == 1)
    }
}
