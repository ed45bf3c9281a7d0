import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Host
import Program
import StoreEngine
import Testing
@testable import Scenarios

/// A scenario serves the stores' APIs (`api ADDRESS:PORT`) and waits for what a backend asks
/// of them (`expect api METHOD PATH within DURATION`), on a real server over HTTP; and every
/// wrong line says what it takes.
@Suite("Scenarios: the stores' APIs")
struct APIScenarioTests {
    @Test("a wrong api or expect api line says what it takes", arguments: [
        ("api localhost", "api takes an IPv4 address and a port"),
        ("api 127.0.0.1", "api takes an IPv4 address and a port"),
        ("api 127.0.0.1:99999", "api takes an IPv4 address and a port"),
        ("api 127.0.0.1:80 now", "api takes an ADDRESS:PORT"),
        ("expect api get /inApps/*", "expect api takes a METHOD in capitals"),
        ("expect api GET inApps", "expect api takes a PATH from /"),
        ("expect api GET /x after 1s", "after expect api METHOD PATH comes within DURATION"),
        ("expect api GET /x within 11m", "expect api waits at most 10m"),
        ("expect api GET /x within soon", "a duration is a number and a unit"),
    ])
    func wrongLines(line: String, message: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("api.scenario", "size 80x24\n\(line)\n")
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let error = try #require(result.scriptError, "\(result.summary)")
        #expect(error.line == 2)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func expectingACallWithoutServingIsAScriptError() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("api.scenario", "size 80x24\nexpect api GET /inApps/* within 1s\n")
        let error = try #require(ScenarioRunner.run(file, options: try options(in: scratch)).scriptError)
        #expect(error.message.contains("an api ADDRESS:PORT line before it"), "\(error.message)")
    }

    @Test func servingTwiceIsAScriptError() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("api.scenario", "size 80x24\napi 127.0.0.1:0\napi 127.0.0.1:0\n")
        let error = try #require(ScenarioRunner.run(file, options: try options(in: scratch)).scriptError)
        #expect(error.line == 3 && error.message.contains("one api line a scenario"), "\(error.message)")
    }

    @Test("a star stands for any run of characters", arguments: [
        ("/inApps/v1/subscriptions/2000000000000001", "/inApps/v1/subscriptions/*", true),
        ("/inApps/v1/subscriptions/", "/inApps/v1/subscriptions/*", true),
        ("/inApps/v1/transactions/1", "/inApps/v1/subscriptions/*", false),
        ("/a/b/tokens/xyz:acknowledge", "/a/*:acknowledge", true),
        ("/a/b/tokens/xyz:consume", "/a/*:acknowledge", false),
        ("/a/b/c", "/a/*/*", true),
        ("/a", "/a/*", false),
        ("/exact", "/exact", true),
        ("/exact/", "/exact", false),
    ])
    func pathPatterns(path: String, pattern: String, matches: Bool) {
        #expect(ScenarioRun<HeadlessBackend>.path(path, matches: pattern) == matches)
    }

    /// A backend calls after the scenario has begun to wait: the line passes once the call is
    /// answered, and its line is in the Events pane as in the app.
    @Test func aScenarioWaitsForTheBackendsCall() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let port = try Self.freePort()
        let file = try scratch.write("api.scenario", """
            size 120x40
            api 127.0.0.1:\(port)
            expect api GET /inApps/v1/transactions/* within 2m
            expect event api.call
            expect api POST /never within 100ms
            """)
        let backend = Thread {
            // A backend that starts before the store listens tries again, as a real one would,
            // and stops once answered: it would otherwise call again and again for two minutes,
            // beside the scenario and after the test.
            for _ in 0..<2_400 {
                if Self.status(of: "http://127.0.0.1:\(port)/inApps/v1/transactions/2000000000000001") != nil { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        backend.start()
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        guard case .failed(let failure) = result.outcome else {
            Issue.record("the last line should fail: \(result.summary)")
            return
        }
        // The first two expectations held; the third found the call that was made, not this one.
        #expect(failure.line == 5 && result.expectationsChecked == 2, "\(result.transcript)")
        #expect(failure.actual.contains("GET /inApps/v1/transactions/2000000000000001 401"), "\(failure.actual)")
    }

    /// A port free a moment ago: the system's choice for a server that then stops.
    static func freePort() throws -> UInt16 {
        let probe = try HTTPServer(address: "127.0.0.1", port: 0) { _ in APIResponse(status: 204) }
        defer { probe.stop() }
        return probe.port
    }

    /// The status a GET gets, or nil when nothing answers.
    static func status(of url: String) -> Int? {
        guard let url = URL(string: url) else { return nil }
        let done = DispatchSemaphore(value: 0)
        let box = StatusBox()
        URLSession.shared.dataTask(with: url) { _, response, _ in
            box.set((response as? HTTPURLResponse)?.statusCode)
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 30)
        return box.get()
    }
}

private final class StatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int?
    func set(_ status: Int?) { lock.withLock { value = status } }
    func get() -> Int? { lock.withLock { value } }
}
