import Foundation
@testable import Fuzzing
import Testing

/// The API target on its seeds: each answered within its promises (CorpusTests runs them too),
/// and the seeds reach past the token into every route, so the fuzzer starts deep: a seed that
/// asks with `$TOKEN` is answered as a valid token is, one without it is refused.
@Suite("Fuzzing: the API target's seeds")
struct APITargetTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/api")

    private static func status(of seed: String) throws -> Int {
        let data = try Data(contentsOf: folder.appendingPathComponent(seed))
        return FuzzTarget.answer(Array(data)).status
    }

    @Test func theSeedsReachEveryRouteAndEveryRefusal() throws {
        #expect(try Self.status(of: "transaction-info.txt") == 200)
        #expect(try Self.status(of: "history.txt") == 200)
        #expect(try Self.status(of: "history-filters.txt") == 200)
        #expect(try Self.status(of: "subscriptions.txt") == 200)
        #expect(try Self.status(of: "bad-token.txt") == 401)
        #expect(try Self.status(of: "no-token.txt") == 401)
        #expect(try Self.status(of: "nul-in-path.txt") == 400)
        #expect(try Self.status(of: "bad-status.txt") == 400)
        #expect(try Self.status(of: "unknown-id.txt") == 404)
        #expect(try Self.status(of: "post.txt") == 405)
        // Google's side of the router: its token endpoint and its bearer check.
        #expect(try Self.status(of: "google-token.txt") == 400)
        #expect(try Self.status(of: "google-product.txt") == 401)
        #expect(try Self.status(of: "google-revoke.txt") == 401)
    }

    @Test func anyBytesAreARequestAnswered() {
        let inputs: [[UInt8]] = [[], [0], Array("\n\n\n\n".utf8), Array(repeating: 0xFF, count: 64),
                                 Array("GET\n/inApps/v1/transactions/%FF%FE\n%\n$TOKEN$TOKEN\n\u{0}".utf8)]
        for input in inputs { #expect((200..<600).contains(FuzzTarget.answer(input).status)) }
    }
}
