import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Host
import StoreEngine
import Synchronization
import Testing

/// The host's HTTP server (libmicrohttpd) on a real socket, spoken to over HTTP: what reaches
/// the handler is the request whole, what it answers goes back as it said, a body past the
/// limit is 413 without reaching it, and a server that cannot listen says where and why.
@Suite("HTTP server")
struct HTTPServerTests {
    /// A request over the loopback: its status, body and Content-Type.
    private static func send(_ method: String, _ url: String, body: Data? = nil,
                             headers: [String: String] = [:]) throws -> (status: Int, body: Data, contentType: String?) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let answer = Mutex<(Int, Data, String?)?>(nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, _ in
            let http = response as? HTTPURLResponse
            answer.withLock { $0 = (http?.statusCode ?? -1, data ?? Data(), http?.value(forHTTPHeaderField: "Content-Type")) }
            done.signal()
        }.resume()
        // Not a timing assertion: a bound on a hang, far past any machine's time for a loopback request.
        guard done.wait(timeout: .now() + 60) == .success, let (status, data, type) = answer.withLock({ $0 }) else {
            throw HTTPStop(description: "no answer from \(url)")
        }
        return (status, data, type)
    }

    private struct HTTPStop: Error, CustomStringConvertible { var description: String }

    @Test func theHandlerGetsTheRequestWholeAndItsAnswerGoesBack() throws {
        let seen = Mutex<[APIRequest]>([])
        let server = try HTTPServer(address: "127.0.0.1", port: 0) { request in
            seen.withLock { $0.append(request) }
            return .json(201, ["path": request.path, "method": request.method])
        }
        defer { server.stop() }
        #expect(server.port != 0, "the system picked a port")
        let body = Data(repeating: 0x41, count: 100_000)
        let answer = try Self.send("POST", "http://127.0.0.1:\(server.port)/inApps/v1/x?status=1&status=2&a=%C3%A9",
                                   body: body, headers: ["Authorization": "Bearer token", "Content-Type": "application/json"])
        #expect(answer.status == 201)
        #expect(answer.contentType == "application/json")
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: String])
        #expect(object == ["path": "/inApps/v1/x", "method": "POST"])
        let request = try #require(seen.withLock { $0.first })
        #expect(request.values(of: "status") == ["1", "2"], "repeated names kept, in order")
        #expect(request.values(of: "a") == ["é"], "percent-decoded")
        #expect(request.authorization == "Bearer token")
        #expect(request.body == body, "a body in many pieces arrives whole")
    }

    @Test func aBodyPastTheLimitIs413AndNeverReachesTheHandler() throws {
        let calls = Mutex(0)
        let server = try HTTPServer(address: "127.0.0.1", port: 0, bodyLimit: 1_000) { _ in
            calls.withLock { $0 += 1 }
            return APIResponse(status: 200)
        }
        defer { server.stop() }
        let answer = try Self.send("POST", "http://127.0.0.1:\(server.port)/inApps/v1/x", body: Data(count: 5_000))
        #expect(answer.status == 413)
        #expect(calls.withLock { $0 } == 0)
        #expect(try Self.send("POST", "http://127.0.0.1:\(server.port)/x", body: Data(count: 1_000)).status == 200, "at the limit")
    }

    @Test func aServerThatCannotListenSaysWhereAndWhy() throws {
        #expect(throws: HTTPServerError.self) { try HTTPServer(address: "not an address", port: 0) { _ in APIResponse(status: 200) } }
        let first = try HTTPServer(address: "127.0.0.1", port: 0) { _ in APIResponse(status: 200) }
        defer { first.stop() }
        #expect {
            try HTTPServer(address: "127.0.0.1", port: first.port) { _ in APIResponse(status: 200) }
        } throws: { error in
            (error as? HTTPServerError)?.description.contains("127.0.0.1:\(first.port)") == true
        }
    }
}
