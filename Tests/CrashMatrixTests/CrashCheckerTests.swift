import Foundation
import Ledger
import Testing

/// The checker can fail: ledgers written by hand with what a crash must never leave (a second
/// grant for one purchase, a paid invoice with no transaction, an unfinished transaction left
/// so, a scheduled item lost) are refused, each with its sentence; a whole purchase passes.
@Suite("Crash checker")
struct CrashCheckerTests {
    let time = Date(timeIntervalSince1970: 1_767_258_000)

    /// A fresh ledger in a temporary folder, read back as the matrix reads one.
    func withLedger(_ body: (LedgerDatabase) throws -> Void) throws -> LedgerState {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-checker-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ledger = try LedgerDatabase(path: folder + "/storefront.sqlite")
        try body(ledger)
        return try LedgerState.read(ledger, user: "qa")
    }

    func transaction(_ id: String, _ state: TransactionState, finished: Bool = true) -> TransactionRecord {
        TransactionRecord(id: id, productId: "com.example.stardust.gems_100", userId: "qa", storefront: "USA",
                          integrationPath: "paystation", state: state, quantity: 1, price: "0.99", currency: "USD",
                          createdAt: time, updatedAt: time, finishedAt: finished ? time : nil)
    }

    func gems(_ id: String) -> GrantRecord {
        GrantRecord(transactionId: id, kind: .currency, key: "gems", amount: 100, grantedAt: time)
    }

    @Test func aWholePurchasePasses() throws {
        let state = try withLedger { ledger in
            try ledger.insert(transaction("txn-000001", .purchased))
            try ledger.recordGrant(gems("txn-000001"))
            try ledger.recordInvoice(InvoiceRecord(invoiceId: "100000001", transactionId: "txn-000001", userId: "qa",
                                                   createdAt: time, paymentStatus: "done", statusAt: time))
        }
        #expect(CrashChecker.problems(killed: state, settled: state, purchases: 1) == [])
    }

    @Test func aSecondGrantForOnePurchaseIsADoubleGrant() throws {
        let state = try withLedger { ledger in
            try ledger.insert(transaction("txn-000001", .purchased))
            try ledger.insert(transaction("txn-000002", .purchased))
            try ledger.recordGrant(gems("txn-000001"))
            try ledger.recordGrant(gems("txn-000002"))
        }
        let problems = CrashChecker.problems(killed: state, settled: state, purchases: 1)
        #expect(problems.contains { $0.hasPrefix("double grant: 2 grants for 1 purchase(s)") })
        #expect(problems.contains { $0.hasPrefix("2 transactions for 1 purchase(s)") })
    }

    @Test func aGrantOfAFailedTransactionIsRefused() throws {
        let state = try withLedger { ledger in
            try ledger.insert(transaction("txn-000001", .failed))
            try ledger.recordGrant(gems("txn-000001"))
        }
        #expect(CrashChecker.problems(killed: state, settled: state, purchases: 1)
            == ["txn-000001 is failed but granted gems 100"])
    }

    @Test func aPaidInvoiceWithoutItsTransactionIsRefused() throws {
        let state = try withLedger { ledger in
            try ledger.recordInvoice(InvoiceRecord(invoiceId: "100000001", transactionId: "txn-000001", userId: "qa",
                                                   createdAt: time, paymentStatus: "done", statusAt: time))
        }
        #expect(CrashChecker.problems(killed: state, settled: state, purchases: 1)
            == ["invoice 100000001 is paid (done) but its transaction txn-000001 is not in the ledger"])
    }

    @Test func aPaidTransactionLeftUngrantedIsRefused() throws {
        let state = try withLedger { ledger in
            try ledger.insert(transaction("txn-000001", .purchased))
        }
        #expect(CrashChecker.problems(killed: state, settled: state, purchases: 1)
            == ["txn-000001 is purchased but nothing was granted"])
    }

    @Test func anUnfinishedTransactionNotDeliveredAgainIsRefused() throws {
        let killed = try withLedger { ledger in
            try ledger.insert(transaction("txn-000001", .purchasing, finished: false))
        }
        let settled = try withLedger { ledger in
            try ledger.insert(transaction("txn-000001", .purchasing, finished: false))
        }
        #expect(CrashChecker.problems(killed: killed, settled: settled, purchases: 1) == [
            "txn-000001, unfinished (purchasing) at the kill, was not delivered again",
            "txn-000001, unfinished at the kill, is still purchasing and unfinished after the relaunch",
        ])
    }

    @Test func aScheduledItemLostBeforeItsTimeIsRefused() throws {
        let row = DueWorkRecord(userId: "qa", path: "xee", kind: "notification", payload: "{}", dueAt: time.addingTimeInterval(60))
        let killed = try withLedger { ledger in
            try ledger.saveClock(ClockRecord(simulated: time, wall: time, rate: nil))
            _ = try ledger.scheduleDueWork(row)
        }
        let settled = try withLedger { ledger in
            try ledger.saveClock(ClockRecord(simulated: time.addingTimeInterval(20), wall: time, rate: nil))
        }
        let problems = CrashChecker.problems(killed: killed, settled: settled, purchases: 1)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("was lost") == true)
        // Once its time has passed, gone means done.
        let later = try withLedger { ledger in
            try ledger.saveClock(ClockRecord(simulated: time.addingTimeInterval(90), wall: time, rate: nil))
        }
        #expect(CrashChecker.problems(killed: killed, settled: later, purchases: 1) == [])
    }

    /// Google Play's acknowledgement deadline goes when the app acknowledges: gone early is
    /// right once `play.ack` (or `play.consume`) is logged for its purchase, a loss otherwise.
    @Test func anAcknowledgementDeadlineWithdrawnOnceAcknowledgedIsNoLoss() throws {
        let row = DueWorkRecord(userId: "qa", path: "play", kind: "acknowledgementDeadline",
                                payload: #"{"transactionId":"txn-000001"}"#, dueAt: time.addingTimeInterval(180))
        let killed = try withLedger { ledger in
            try ledger.saveClock(ClockRecord(simulated: time, wall: time, rate: nil))
            _ = try ledger.scheduleDueWork(row)
        }
        let unacknowledged = try withLedger { ledger in
            try ledger.saveClock(ClockRecord(simulated: time.addingTimeInterval(20), wall: time, rate: nil))
        }
        #expect(CrashChecker.problems(killed: killed, settled: unacknowledged, purchases: 1).count == 1)
        let acknowledged = try withLedger { ledger in
            try ledger.saveClock(ClockRecord(simulated: time.addingTimeInterval(20), wall: time, rate: nil))
            _ = try ledger.appendEvent(kind: "play.ack", message: "acknowledgePurchase → OK", transactionId: "txn-000001",
                                       at: time.addingTimeInterval(20))
        }
        #expect(CrashChecker.problems(killed: killed, settled: acknowledged, purchases: 1) == [])
    }

    @Test func aDamagedFileIsRefused() throws {
        var damaged = try withLedger { _ in }
        damaged.integrityProblems = ["row 2 missing from index grants_by_time"]
        #expect(CrashChecker.problems(killed: damaged, settled: damaged, purchases: 1) == [
            "integrity_check as the kill left it: row 2 missing from index grants_by_time",
            "integrity_check after the relaunch: row 2 missing from index grants_by_time",
        ])
    }
}
