import Catalog
import Foundation
@testable import Ledger
import Program
import TerminalUI
import TestFixtures
import Testing
@testable import StoreEngine

/// A full disk under the running loop (issue 7, item 13): the redirect that would settle a paid
/// purchase cannot be committed. The page stays as the ledger has it, the notice says what
/// happened and how to go on, the loop does not hammer the disk by itself, `q` quits even with
/// the sheet open, and once space is freed the player's Enter finishes the purchase, once.
@Suite("The loop on a full disk")
struct FullDiskLoopTests {
    @Test func aRedirectThatCannotBeSavedWaitsForThePlayerWhoCanRetryOrQuit() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        harness.pay(card: "4111111111111111")
        #expect(harness.page?.session.phase == .done)
        let path = harness.store.ledgerPath
        try fillDisk(harness.store)

        // The countdown ends: the redirect fails to commit. Before the fix the program asked the
        // engine again at once, for ever, and this never returned (the watchdog says so).
        try finishes("the program settles after the failed redirect") { harness.program.advance(by: 3) }
        #expect(harness.app.notice == StoreNotice(.error, "Not saved, the disk is full: free some space and try again, "
            + "or press q to quit (\(path))."))
        #expect(harness.page?.session.phase == .done, "Pay Station did take the payment: its status is committed")
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)
        #expect(harness.app.snapshot.balances.isEmpty)

        // q quits from the open sheet once a write has failed (a copy of the app, to go on below).
        var app = harness.app
        _ = app.update(.key(.character("q")))
        #expect(app.isQuitting)

        try harness.store.ledger.limitGrowth(toSparePages: nil)  // space freed
        try finishes("Enter on the paid page after space is freed") { harness.press(.enter) }
        #expect(harness.app.sheet == nil)
        #expect(harness.app.notice == StoreNotice(.success, "Purchased Pouch of Gems: +100 gems."))
        #expect(harness.app.snapshot.balances == ["gems": 100])
        #expect(try harness.store.ledger.grants().count == 1)
    }

    /// At launch: the products request cannot even be logged. It counts as given up, the notice
    /// says why, and once there is space, moving to a Pay Station storefront asks again.
    @Test func aProductsRequestThatCannotBeSavedCanBeAskedAgain() throws {
        let harness = try HeadlessHarness()
        try fillDisk(harness.store)
        harness.program.send(.started)
        #expect(harness.app.notice?.text.hasPrefix("Not saved, the disk is full") == true)
        #expect(harness.app.paywall.needsProductsRequest, "the request gave up, so it can be asked again")

        try harness.store.ledger.limitGrowth(toSparePages: nil)
        harness.program.send(.chooseStorefront(id: "DEU"))
        #expect(!harness.app.paywall.needsProductsRequest)
        #expect(harness.app.snapshot.events.first?.kind == .productsAnswered)
    }

    /// Without a failure, `q` in the Pay Station sheet still does nothing (digits type there).
    @Test func withoutAFailureQInTheSheetDoesNothing() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        #expect(harness.page != nil)
        var app = harness.app
        _ = app.update(.key(.character("q")))
        #expect(!app.isQuitting)
    }
}

/// No page more for the ledger, and the events table's last page packed, so the next event any
/// step logs fails with SQLITE_FULL as on a full disk.
private func fillDisk(_ store: Store) throws {
    try store.ledger.limitGrowth(toSparePages: 0)
    while true {
        do {
            try store.ledger.database.execute("INSERT INTO events (time, kind, message) VALUES (0, 'filler', '')")
        } catch LedgerError.diskFull {
            return
        }
    }
}

/// Runs `body` on another thread and records an issue if it has not returned after a minute: a
/// watchdog for a loop that never settles, not a timing (a pass never waits for it).
private func finishes(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping () -> Void) throws {
    let done = DispatchSemaphore(value: 0)
    let work = HandOver(body)
    Thread.detachNewThread {
        work.value()
        done.signal()
    }
    if done.wait(timeout: .now() + 60) == .timedOut {
        Issue.record("\(what): still running after a minute", sourceLocation: sourceLocation)
        throw CancellationError()
    }
}
