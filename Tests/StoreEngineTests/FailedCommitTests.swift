import Catalog
import Foundation
@testable import Ledger
import Testing
@testable import StoreEngine

/// A commit that fails leaves the engine as it was, ready to try again: nothing in memory runs
/// ahead of the ledger. The fault is real: a second connection drops the `events` table, so
/// the engine's next write fails inside SQLite, then puts it back.
@Suite("Store: a failed commit")
struct FailedCommitTests {
    /// The events table as schema 1 made it, to put back after the fault.
    private static let eventsTable = """
        CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, time REAL NOT NULL, kind TEXT NOT NULL,
            transaction_id TEXT, message TEXT NOT NULL)
        """

    private func breakEvents(_ harness: StoreHarness) throws {
        try LedgerDatabase(path: harness.path).database.execute("DROP TABLE events")
    }

    /// Through a bare connection: a ledger without its events table is no ledger to open.
    private func repairEvents(_ harness: StoreHarness) throws {
        try SQLiteDatabase(path: harness.path).execute(Self.eventsTable)
    }

    @Test func aRedirectWhoseCommitFailsStaysDueAndItsPageStays() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            let due = try #require(try harness.pay(card: Cards.success).nextDue)
            harness.clock.advance(by: due.timeIntervalSince(harness.now))
            try breakEvents(harness)
            #expect(throws: StoreError.self) { try harness.store.runDue() }
            let after = harness.store.currentReport()
            #expect(after.nextDue == due, "the redirect is due again")
            #expect(after.page?.session.transactionId == session.transactionId, "its page is still on screen")
            #expect(after.snapshot.transactions.first?.state == .purchasing)

            try repairEvents(harness)
            let settled = try harness.store.runDue()
            #expect(settled.notice?.tone == .success)
            #expect(settled.sheet == nil)
            #expect(settled.snapshot.balances == ["gems": 100])
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchased)
        }
    }

    @Test func aPaymentWhoseStatusCannotBeCommittedCanBePaidAgain() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            for field in [Cards.success, "1240"] {
                try harness.type(field)
                try harness.send(.submit)
            }
            try harness.type("123")
            try breakEvents(harness)
            #expect(throws: StoreError.self) { try harness.send(.submit) }
            // The ledger has no status, so the page does not claim a payment: it is back on the form.
            let page = try #require(harness.page)
            #expect(page.session.phase == .cardForm)
            #expect(try harness.ledger.invoice(id: page.session.invoiceId)?.paymentStatus == nil)

            try repairEvents(harness)
            let paid = try harness.send(.submit)
            #expect(paid.page?.session.phase == .done)
            #expect(paid.nextDue != nil)
        }
    }
}
