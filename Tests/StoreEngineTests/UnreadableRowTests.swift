import Catalog
import Foundation
@testable import Ledger
import Testing
@testable import StoreEngine

/// A ledger row that cannot be read is said, not passed over: the engine logs it where it meets
/// it and goes on with what it can (a restore without it, a renewal signed with its own date),
/// or, when the account itself cannot be read after a failed call, reads it again first at the
/// next call. The fault is real: a second connection gives a transaction a state no build
/// knows (past the table's CHECK, as a hand edit would), so reading that row fails.
@Suite("Store: an unreadable ledger row")
struct UnreadableRowTests {
    /// Spelled out rather than named through `EventKind`, so the tests read the same on a build
    /// that lacks the kinds (and there fail rather than not compile).
    static let unreadable = EventKind(rawValue: "ledger.unreadable")
    static let stale = EventKind(rawValue: "account.stale")

    private static func garble(_ id: String, _ harness: StoreHarness) throws {
        try LedgerDatabase(path: harness.path).database.execute(
            "PRAGMA ignore_check_constraints = ON; UPDATE transactions SET state = 'garbled' WHERE id = '\(id)'; "
            + "PRAGMA ignore_check_constraints = OFF;")
        #expect(throws: LedgerError.self) { try harness.ledger.transaction(id: id) }
    }

    /// Through a bare connection: opening a `Ledger` checks the file, and this one is damaged.
    private static func repair(_ id: String, _ harness: StoreHarness) throws {
        try SQLiteDatabase(path: harness.path).execute("UPDATE transactions SET state = 'purchased' WHERE id = '\(id)'")
    }

    private static func latestId(_ harness: StoreHarness) throws -> String {
        try #require(harness.store.currentReport().snapshot.transactions.first?.id)
    }

    @Test(arguments: [IntegrationPath.paystation, .storekit])
    func aRestoreSaysWhichPurchaseItCouldNotRead(_ path: IntegrationPath) throws {
        try withStore { harness in
            if path == .paystation { try harness.buy(SKU.removeAds) } else { try harness.buyThroughStoreKit(SKU.removeAds) }
            let id = try Self.latestId(harness)
            try Self.garble(id, harness)
            let report = try harness.store.restore(on: path)
            let notice = try #require(report.notice)
            #expect(notice.tone == .error)
            #expect(notice.text.hasSuffix("1 purchase (\(id)) could not be read from the ledger and was not restored."))
            let event = try #require(try harness.events(Self.unreadable).last)
            #expect(event.transactionId == id)
            #expect(event.message.contains("\(id) could not be read"))
        }
    }

    @Test func aRenewalWhoseOriginalCannotBeReadSaysWhichDateItSigned() throws {
        try withStore { harness in
            let (original, _) = try harness.buyThroughStoreKit(SKU.monthlyPass)
            _ = try harness.store.act(.renew, on: original)
            let first = try #require(harness.store.currentReport().snapshot.subscriptions.first?.latestTransactionId)
            #expect(first != original)
            try Self.garble(original, harness)
            _ = try harness.store.act(.renew, on: first)
            let second = try #require(harness.store.currentReport().snapshot.subscriptions.first?.latestTransactionId)
            #expect(second != first)
            let event = try #require(try harness.events(Self.unreadable).last)
            #expect(event.transactionId == second)
            #expect(event.message.contains("its original \(original) could not be read"))
            let fields = try jwsPayload(try #require(try harness.ledger.transaction(id: second)).signedTransaction)
            #expect(fields["originalPurchaseDate"] as? Int == fields["purchaseDate"] as? Int)
        }
    }

    @Test func anAccountThatCannotBeReadAfterAFailedCallIsSaidAndReadAgainFirst() throws {
        try withStore { harness in
            try harness.buy(SKU.gems100)
            let id = try Self.latestId(harness)
            try Self.garble(id, harness)
            #expect(throws: StoreError.self) { try harness.store.act(.refund(.other), on: id) }
            let event = try #require(try harness.events(Self.stale).last)
            #expect(event.message.contains("the account could not be read again"))
            // Nothing is decided on the stale account: the next call reads it first, and fails.
            #expect(throws: StoreError.self) { try harness.store.runDue() }

            try Self.repair(id, harness)
            let report = try harness.store.runDue()
            #expect(report.snapshot.transactions.first?.id == id)
            #expect(report.snapshot.events.first?.kind == Self.stale)
        }
    }
}
