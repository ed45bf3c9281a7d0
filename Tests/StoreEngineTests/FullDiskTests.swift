import Catalog
import Foundation
@testable import Ledger
import Testing
@testable import StoreEngine

/// A full disk at every step of a Pay Station purchase (issue 7, item 13). The fault is SQLite's
/// own SQLITE_FULL: the ledger may not grow by a page (`PRAGMA max_page_count`) and the events
/// table's last page is packed, so the next event a step logs needs a page it cannot have. The
/// engine answers the failed call with the error; what it shows afterwards is exactly what is on
/// disk; once space is freed, doing the same thing again finishes the purchase, granted once.
@Suite("Store: a full disk")
struct FullDiskTests {
    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        /// add(payment): the transaction and its invoice.
        case opening
        /// Pay Station's status `done`.
        case paying
        /// The redirect and the delivery, one commit: the invoice used up, the transaction
        /// purchased, validated, granted and finished.
        case redirecting

        var testDescription: String { rawValue }
    }

    @Test(arguments: Fault.allCases)
    func aFullDiskAtEachStepShowsOnlyWhatWasCommittedAndRetryingFinishesOnce(_ fault: Fault) throws {
        try withStore { harness in
            let store = harness.store
            // The program's next call after a failure, as a player would make it: the same again.
            func step(_ point: Fault, _ call: () throws -> StoreReport) throws -> StoreReport {
                guard point == fault else { return try call() }
                try Self.fillDisk(store)
                #expect(throws: StoreError.diskFull(path: harness.path)) { _ = try call() }
                try Self.expectShownIsOnDisk(harness)
                try store.ledger.limitGrowth(toSparePages: nil)  // space freed
                return try call()
            }

            let opened = try step(.opening) { try store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation) }
            #expect(opened.page?.session.phase == .cardForm)
            for field in [Cards.success, "1240"] {
                try harness.type(field)
                try harness.send(.submit)
            }
            try harness.type("123")
            let paid = try step(.paying) { try harness.send(.submit) }
            let due = try #require(paid.nextDue, "the redirect counts down")
            #expect(paid.page?.session.phase == .done)

            harness.clock.advance(by: due.timeIntervalSince(harness.now))
            let settle: () throws -> StoreReport = { try store.runDue() }
            let settled: StoreReport
            if fault == .redirecting {
                try Self.fillDisk(store)
                #expect(throws: StoreError.diskFull(path: harness.path)) { _ = try settle() }
                try Self.expectShownIsOnDisk(harness)
                #expect(try harness.ledger.transaction(id: "txn-000001")?.state == .purchasing,
                        "nothing of the delivery was kept: the redirect waits to be sent again")
                try store.ledger.limitGrowth(toSparePages: nil)
                settled = try settle()
            } else {
                settled = try settle()
            }

            #expect(settled.notice == StoreNotice(.success, "Purchased Pouch of Gems: +100 gems."))
            #expect(settled.sheet == nil)
            let transaction = try #require(try harness.ledger.transaction(id: "txn-000001"))
            #expect(transaction.state == .purchased)
            #expect(transaction.finishedAt != nil)
            #expect(try harness.ledger.grants().count == 1, "granted once")
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(settled.snapshot.balances == ["gems": 100])
            #expect(try harness.ledger.transactions(newestFirst: 10).count == 1, "no second transaction")
        }
    }

    /// A purchase left purchased by the last run is delivered again at launch; on a full disk the
    /// launch fails, and the next call, once there is space, completes it.
    @Test func aLaunchOnAFullDiskCompletesTheRedeliveredPurchaseOnTheNextCall() throws {
        try withStore { harness in
            harness.store.checkpoint = { if $0 == .paid { try? Self.fillDisk(harness.store) } }
            #expect(throws: StoreError.self) { try harness.buyThroughStoreKit(SKU.gems100) }
            #expect(try harness.ledger.transaction(id: "txn-000001")?.state == .purchased)
            #expect(try harness.ledger.transaction(id: "txn-000001")?.finishedAt == nil)

            try harness.relaunch()
            try Self.fillDisk(harness.store)
            #expect(throws: StoreError.diskFull(path: harness.path)) { _ = try harness.store.launch() }
            try Self.expectShownIsOnDisk(harness)
            try harness.store.ledger.limitGrowth(toSparePages: nil)
            let next = try harness.store.runDue()
            #expect(next.notice == StoreNotice(.success, "Purchased Pouch of Gems: +100 gems."))
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.transaction(id: "txn-000001")?.finishedAt != nil)
        }
    }

    /// The disk fills: no page more, and the events table's last page packed with tiny rows
    /// until even one of those does not fit.
    static func fillDisk(_ store: Store) throws {
        try store.ledger.limitGrowth(toSparePages: 0)
        while true {
            do {
                try store.ledger.database.execute("INSERT INTO events (time, kind, message) VALUES (0, 'filler', '')")
            } catch LedgerError.diskFull {
                return
            }
        }
    }

    /// What the engine shows after a failed call is what a reader of the file finds.
    static func expectShownIsOnDisk(_ harness: StoreHarness, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shown = harness.store.currentReport()
        let disk = try LedgerDatabase(readingOnly: harness.path)
        let onDisk = try disk.transactions(newestFirst: 10)
        #expect(shown.snapshot.transactions.map(\.id) == onDisk.map(\.id), sourceLocation: sourceLocation)
        #expect(shown.snapshot.transactions.map(\.state) == onDisk.map { TransactionSummary(record: $0).state },
                sourceLocation: sourceLocation)
        #expect(shown.snapshot.balances == (try disk.balances()), sourceLocation: sourceLocation)
        if let page = shown.page, page.session.phase == .done {
            #expect(try disk.invoice(id: page.session.invoiceId)?.paymentStatus == "done",
                    "the page says paid only once the ledger does", sourceLocation: sourceLocation)
        }
    }
}
