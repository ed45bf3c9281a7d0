import Catalog
import Foundation
import Testing
@testable import Ledger
@testable import StoreEngine

/// Transaction ids come from the ledger's `transaction` sequence (`txn-000042`, invoice
/// 100000042), inside the same commit as the transaction itself: a committed id is never handed
/// out again, whichever connection asks, and after whatever was deleted.
@Suite("Store: transaction ids from the ledger's sequence")
struct TransactionIdTests {
    /// The sequence's current value, read without taking one.
    static func sequenceValue(_ ledger: LedgerDatabase) throws -> Int {
        try ledger.database.singleInt("SELECT value FROM sequences WHERE name = 'transaction'")
    }

    @Test func idsAndInvoicesFollowTheSequence() throws {
        try withStore { harness in
            let first = try harness.open(SKU.gems100)
            #expect(first.transactionId == "txn-000001")
            #expect(first.invoiceId == "100000001")
            try harness.send(.close)
            let second = try harness.open(SKU.gems100)
            #expect(second.transactionId == "txn-000002")
            #expect(second.invoiceId == "100000002")
            #expect(try Self.sequenceValue(harness.ledger) == 2)
        }
    }

    @Test func twoStoresOnOneFileNeverTakeTheSameId() throws {
        // Two processes on the same ledger (the app and `storefront open-url`, or two windows):
        // each has its own connection, and the sequence is shared through the file.
        try withStore { harness in
            let other = try harness.secondStore()
            var ids: [String] = []
            for round in 0..<3 {
                ids.append(try harness.open(SKU.gems100).transactionId)
                try harness.send(.close)
                let report = try other.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
                ids.append(try #require(report.page, "round \(round)").session.transactionId)
                _ = try other.send(.payStation(.close))
            }
            #expect(ids == (1...6).map { String(format: "txn-%06d", $0) })
            #expect(try harness.ledger.transactionCount() == 6)
        }
    }

    @Test func theNextLaunchContinuesTheSequence() throws {
        try withStore { harness in
            try harness.buy(SKU.gems100)
            try harness.relaunch()
            #expect(try harness.buy(SKU.gems100).session.transactionId == "txn-000002")
        }
    }

    @Test func anIdIsNeverReusedAfterItsTransactionIsDeleted() throws {
        try withStore { harness in
            try harness.buy(SKU.gems100)
            try harness.buy(SKU.gems100)
            // QA clears the newest transaction by hand in the sqlite3 shell.
            try harness.ledger.database.execute("DELETE FROM transactions WHERE id = 'txn-000002'")
            try harness.relaunch()
            #expect(try harness.ledger.transactionCount() == 1)
            #expect(try harness.open(SKU.gems100).transactionId == "txn-000003")
        }
    }

    /// A purchase that fails half-way rolls back everything it wrote, the id it took included:
    /// the id was never committed, so no transaction ever held it, and the panes must not show
    /// it either (the engine reads the account again after a failed call).
    @Test func aRolledBackPurchaseLeavesNoTraceAndNoCommittedIdIsTakenTwice() throws {
        try withStore { harness in
            try harness.buy(SKU.gems100)
            // An invoice already recorded under the number the next purchase will use makes its
            // invoice insert fail, after its transaction row and id are written.
            try harness.ledger.recordInvoice(InvoiceRecord(invoiceId: "100000002", transactionId: "txn-elsewhere",
                                                           userId: "someone-else", createdAt: harness.now))
            let events = try harness.allEventKinds()

            #expect {
                _ = try harness.store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            } throws: { error in
                guard case StoreError.storage(let sentence)? = error as? StoreError else { return false }
                return sentence.contains("invoices.invoice_id")
            }

            #expect(try harness.ledger.transaction(id: "txn-000002") == nil)
            #expect(try Self.sequenceValue(harness.ledger) == 1, "the id went back with the rest")
            #expect(try harness.allEventKinds() == events)
            let report = harness.store.currentReport()
            #expect(report.sheet == nil)
            #expect(report.snapshot.transactions.map(\.id) == ["txn-000001"])
            #expect(report.snapshot.transactionCount == 1)

            // Once the obstacle is gone the purchase goes through; every committed id is unique.
            try harness.ledger.database.execute("DELETE FROM invoices WHERE invoice_id = '100000002'")
            try harness.buy(SKU.gems100)
            let ids = try harness.ledger.transactions(newestFirst: 100).map(\.id)
            #expect(ids == ["txn-000002", "txn-000001"])
            #expect(try harness.ledger.balances() == ["gems": 200])
        }
    }
}
