import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Each commit waits for the disk (synchronous=FULL), and the first frame waits for the launch
/// and the products request: what they log is one commit each, counted by SQLite's commit hook.
@Suite("The launch's commits")
struct LaunchCommitTests {
    @Test func theLaunchLogsItsLinesInOneCommit() throws {
        try withStore { harness in
            let commits = harness.store.commitCount
            let events = try harness.ledger.events(newestFirst: 100).count
            _ = try harness.store.launch()
            let logged = try harness.ledger.events(newestFirst: 100).count - events
            #expect(logged >= 2, "the paywall opened, and what the paths say as they start")
            #expect(harness.store.commitCount == commits + 1)
        }
    }

    @Test func aProductsRequestAndItsAnswerAreOneCommit() throws {
        try withStore { harness in
            _ = try harness.store.launch()
            let commits = harness.store.commitCount
            let events = try harness.ledger.events(newestFirst: 100).count
            let report = try harness.store.requestProducts(on: .paystation, attempt: 1)
            #expect(report.products != nil)
            #expect(try harness.ledger.events(newestFirst: 100).count - events == 2, "the request and its answer")
            #expect(harness.store.commitCount == commits + 1)
        }
    }
}
