import Foundation
import Program
import StoreEngine
import Synchronization

/// The calls a backend made to a scenario's APIs, kept as the server's threads answer them.
final class APICallLog: Sendable {
    private let calls = Mutex<[APICall]>([])

    func append(_ call: APICall) {
        calls.withLock { $0.append(call) }
    }

    var all: [APICall] { calls.withLock { $0 } }
}

// `expect api METHOD PATH [within DURATION]`: what a team's backend asked of the stores' APIs.
extension ScenarioRun {
    /// Passes once a call with `method` at a path `pattern` matches has been answered, waiting
    /// up to `within` seconds of wall time for it while the app goes on taking the APIs'
    /// changes (a backend runs on its own time, not the scenario's clock).
    func checkAPICall(method: String, pattern: String, within: TimeInterval, _ line: ScenarioLine) throws {
        guard apis != nil else { throw error(line, "expect api needs the APIs served: an api ADDRESS:PORT line before it") }
        let program = try running()
        let deadline = Date().addingTimeInterval(within)
        while true {
            program.settle()
            if apiCalls.all.contains(where: { $0.method == method && Self.path($0.path, matches: pattern) }) { return }
            guard Date() < deadline else { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let seen = apiCalls.all.suffix(5).map { "\($0.method) \($0.path) \($0.status)" }
        throw failure(line, expected: "a call \(method) \(pattern)" + (within > 0 ? " within \(Int(within.rounded(.up))) s" : ""),
                      actual: seen.isEmpty ? "no call yet" : "the last calls: " + seen.joined(separator: ", "))
    }

    /// Whether `path` matches `pattern`, where `*` stands for any run of characters (none too).
    static func path(_ path: String, matches pattern: String) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return path == pattern }
        guard path.hasPrefix(pieces[0]), path.dropFirst(pieces[0].count).count >= pieces.last!.count else { return false }
        var rest = Substring(path.dropFirst(pieces[0].count))
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(pieces.last!)
    }
}
