import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// `Store.commitCount` counts the ledger's committed write transactions (SQLite's commit hook),
/// which benchmarks report: each one is a synced write, the floor under a purchase's latency.
@Suite("Store: commits per purchase")
struct CommitCountTests {
    /// The commits of each step of one paid gems purchase under the default redirect policy.
    struct Steps: Equatable, CustomStringConvertible {
        var open = 0, type = 0, pay = 0, redirect = 0
        var total: Int { open + type + pay + redirect }
        var description: String { "open \(open), type \(type), pay \(pay), redirect \(redirect)" }
    }

    static func countedPurchase(_ harness: StoreHarness) throws -> Steps {
        let store = harness.store
        var steps = Steps()
        var mark = store.commitCount
        func take() -> Int {
            defer { mark = store.commitCount }
            return store.commitCount - mark
        }
        try harness.open(SKU.gems100)
        steps.open = take()
        for field in [Cards.success, "1240"] {
            try harness.type(field)
            try harness.send(.submit)
        }
        try harness.type("123")
        steps.type = take()
        try harness.send(.submit)
        steps.pay = take()
        try harness.waitForRedirect()
        steps.redirect = take()
        return steps
    }

    /// Three commits, and the same three every time:
    /// - open, 1: the transaction with its id from the sequence, the invoice, `purchase.started`
    ///   and `paystation.opened`, in one block;
    /// - typing, 0: the card form lives in memory until Pay Station has an outcome;
    /// - pay, 1: Pay Station's status `done` with `paystation.paid` and `redirect.sent` (so a
    ///   crash cannot lose the payment);
    /// - redirect, 1: the invoice used up with `redirect.received`, the purchased state, and the
    ///   app's delivery (`transaction.validated`, the grant and its events, finished).
    /// Waiting for the redirect moves the wall clock and calls `runDue`, which keeps no clock.
    @Test func aPaidPurchaseCommitsThreeTimesEveryTime() throws {
        try withStore { harness in
            let expected = Steps(open: 1, type: 0, pay: 1, redirect: 1)
            let first = try Self.countedPurchase(harness)
            #expect(first == expected)
            #expect(first.total == 3)
            let second = try Self.countedPurchase(harness)
            #expect(second == first, "the count does not grow with the ledger")
        }
    }

    /// Moving the kept calendar on to the redirect (`advance(to:)`, `wait` in a scenario) rides on
    /// the redirect's commit: no commit of its own, and the clock is on disk with it.
    @Test func advancingToTheRedirectCommitsTheClockWithIt() throws {
        try withStore(rate: .paused) { harness in
            let store = harness.store
            try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            let due = try #require(store.currentReport().nextDue)
            let before = store.commitCount
            let report = try store.advance(to: due)
            #expect(store.commitCount - before == 1)
            #expect(report.notice == StoreNotice(.success, "Purchased Pouch of Gems: +100 gems."))
            let kept = try #require(try LedgerDatabase(readingOnly: harness.path).clock())
            #expect(kept.simulated == due, "the clock moved on in the redirect's commit")
        }
    }

    /// The App Store sheet and the Xee SDK on it: the sheet opens (1), Buy commits the payment
    /// with what the call returned and what the Xee server recorded (1), the app delivers (1).
    @Test(arguments: [IntegrationPath.storekit, .xee], [SKU.gems100, SKU.removeAds, SKU.monthlyPass])
    func aPurchaseOnTheAppStoreSheetCommitsThreeTimes(on path: IntegrationPath, of product: String) throws {
        try withStore { harness in
            let store = harness.store
            let storefront = path == .xee ? "USA" : "JPN"
            var commits: [Int] = []
            var mark = store.commitCount
            let opened = try store.beginPurchase(of: product, in: storefront, on: path)
            try #require(opened.storeKitSheet != nil, "no sheet: \(opened.notice?.text ?? "")")
            commits.append(store.commitCount - mark)
            mark = store.commitCount
            let bought = try harness.send(.pressButton(.buy))
            commits.append(store.commitCount - mark)
            #expect(commits == [1, 2], "open, then the payment and the delivery")
            #expect(bought.notice?.tone == .success, "\(bought.notice?.text ?? "")")
            let record = try #require(try harness.ledger.transactions(newestFirst: 1).first)
            #expect(record.productId == product && record.state == .purchased && record.finishedAt != nil)
        }
    }

    @Test func aCancelCommitsOnceAfterOpening() throws {
        // Closing Pay Station fails and finishes the transaction and uses up its invoice in one block.
        try withStore { harness in
            try harness.open(SKU.gems100)
            let before = harness.store.commitCount
            try harness.send(.close)
            #expect(harness.store.commitCount - before == 1)
        }
    }

    /// Advancing with nothing due keeps the clock alone: one commit.
    @Test func advancingTheClockCommitsTheKeptClock() throws {
        try withStore { harness in
            let before = harness.store.commitCount
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(60))
            #expect(harness.store.commitCount - before == 1)
        }
    }
}

/// The probe benchmarks use for the floor: one committed, synced write per call.
@Suite("CommitProbe")
struct CommitProbeTests {
    @Test func eachCallCommitsOnce() throws {
        try withTemporaryLedgerPath { path in
            let probe = try CommitProbe(ledgerPath: path)
            let start = probe.commitCount
            for _ in 0..<5 {
                try probe.commitOnce()
            }
            #expect(probe.commitCount - start == 5)
            // It really wrote: another connection reads the last value.
            #expect(try LedgerDatabase(path: path).setting("probe") == "5")
        }
    }

    @Test func aProbeOnAFileThatIsNotALedgerThrowsTheSentence() throws {
        try withTemporaryDirectory { directory in
            #expect {
                _ = try CommitProbe(ledgerPath: directory)
            } throws: { error in
                guard case .storage(let sentence)? = error as? StoreError else { return false }
                return sentence.contains(directory)
            }
        }
    }
}
