import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// What survives a crash: an unfinished transaction is delivered again at every
/// launch until it is finished, and granting is idempotent per transaction. A crash is simulated
/// by writing the half-done state with the ledger directly, then opening a NEW Ledger and Store on
/// the same file, as the next launch does. `deliverUnfinished` is internal (the program calls
/// `launch()`, which runs it), so these tests reach it through @testable to see every notice.
@Suite("Store: redelivery at launch")
struct RedeliveryTests {
    /// A Pay Station transaction for 100 gems in the USA storefront, as `beginPurchase` records it.
    static func gemsTransaction(id: String = "txn-000001", userId: String = "player-1", currency: String = "USD",
                                at time: Date) -> TransactionRecord {
        TransactionRecord(id: id, productId: SKU.gems100, userId: userId, storefront: "USA",
                          integrationPath: "paystation", state: .purchasing, quantity: 1, price: "0.99",
                          currency: currency, invoiceId: "100000001", createdAt: time, updatedAt: time)
    }

    /// Writes, with a ledger of its own that is closed afterwards, what a crashed app left behind.
    /// The crashed run took its transaction id from the ledger's sequence, as the engine does,
    /// so the next launch's purchases do not collide with it.
    static func crashedLaunch(at path: String, _ write: (LedgerDatabase) throws -> Void) throws {
        let ledger = try LedgerDatabase(path: path)
        #expect(try ledger.nextValue(ofSequence: "transaction") == 1)
        try write(ledger)
    }

    @Test func aPurchasedUnfinishedTransactionIsGrantedOnceAndFinished() throws {
        try withStore { harness in
            let time = harness.clock.date
            try Self.crashedLaunch(at: harness.path) { ledger in
                try ledger.insert(Self.gemsTransaction(at: time))
                try ledger.updateState(ofTransaction: "txn-000001", to: .purchased, error: nil, at: time)
            }
            harness.clock.advance(by: 3_600)
            try harness.relaunch()
            #expect(try harness.ledger.unfinishedTransactions().map(\.id) == ["txn-000001"])

            let notices = try harness.store.deliverUnfinished()
            #expect(notices.map(\.tone) == [.success])
            let transaction = try #require(try harness.ledger.transaction(id: "txn-000001"))
            #expect(transaction.state == .purchased)
            #expect(transaction.finishedAt == harness.now)
            #expect(try harness.ledger.balances() == ["gems": 100])
            // Written by hand without a signature, as a ledger from before transactions were
            // signed: signed on delivery, then validated.
            #expect(try harness.eventKinds(of: "txn-000001") == [
                "transaction.redelivered", "transaction.signed", "transaction.validated", "grant", "order_paid",
                "transaction.finished",
            ])

            // Again in the same launch, and in the next one: nothing more.
            #expect(try harness.store.deliverUnfinished().isEmpty)
            try harness.relaunch()
            #expect(try harness.store.deliverUnfinished().isEmpty)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.grants().count == 1)
            #expect(try harness.ledger.unfinishedTransactions().isEmpty)
            #expect(try harness.eventKinds(of: "txn-000001").filter { $0 == "grant" }.count == 1)
        }
    }

    @Test func aCrashBetweenGrantAndFinishFinishesWithoutGrantingAgain() throws {
        try withStore { harness in
            let time = harness.clock.date
            try Self.crashedLaunch(at: harness.path) { ledger in
                try ledger.insert(Self.gemsTransaction(at: time))
                try ledger.updateState(ofTransaction: "txn-000001", to: .purchased, error: nil, at: time)
                try ledger.recordGrant(GrantRecord(transactionId: "txn-000001", kind: .currency, key: "gems",
                                                   amount: 100, grantedAt: time))
            }
            try harness.relaunch()
            #expect(try harness.ledger.balances() == ["gems": 100])

            let notices = try harness.store.deliverUnfinished()
            #expect(notices.count == 1)
            #expect(try harness.ledger.transaction(id: "txn-000001")?.isFinished == true)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.grants().count == 1)
            #expect(try harness.eventKinds(of: "txn-000001") == [
                "transaction.redelivered", "transaction.signed", "transaction.validated", "transaction.finished",
            ])

            try harness.relaunch()
            #expect(try harness.store.deliverUnfinished().isEmpty)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func aTransactionLeftPurchasingFailsAndFinishesAtLaunch() throws {
        try withStore { harness in
            let time = harness.clock.date
            try Self.crashedLaunch(at: harness.path) { ledger in
                try ledger.insert(Self.gemsTransaction(at: time))
            }
            try harness.relaunch()
            let notices = try harness.store.deliverUnfinished()
            #expect(notices.map(\.tone) == [.info])

            let transaction = try #require(try harness.ledger.transaction(id: "txn-000001"))
            #expect(transaction.state == .failed)
            #expect(transaction.isFinished)
            #expect(transaction.error?.contains("interrupted") == true)
            #expect(harness.store.currentReport().snapshot.transactions.first?.failure == .interrupted)
            #expect(try harness.states(of: "txn-000001") == [.purchasing, .failed])
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.eventKinds(of: "txn-000001") == [
                "transaction.redelivered", "transaction.failed", "transaction.finished",
            ])

            try harness.relaunch()
            #expect(try harness.store.deliverUnfinished().isEmpty)
            #expect(try harness.ledger.transaction(id: "txn-000001")?.state == .failed)
        }
    }

    @Test func aPurchaseStartedByTheStoreAndAbandonedIsClosedAtTheNextLaunch() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            // The app quits with Pay Station open.
            try harness.relaunch()
            #expect(try harness.store.deliverUnfinished().count == 1)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .failed)
            #expect(try harness.ledger.balances().isEmpty)
            // The next purchase gets the next id.
            #expect(try harness.open(SKU.gems100).transactionId == "txn-000002")
        }
    }

    @Test func aPaidPurchaseWhoseRedirectNeverCameIsPurchasedAtTheNextLaunch() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            #expect(try harness.pay(card: Cards.success).nextDue != nil, "expected a redirect countdown")
            // The app dies during the countdown; the next launch settles it from Pay Station's
            // committed outcome, as the SDK's status query would.
            try harness.relaunch()
            let notices = try harness.store.deliverUnfinished()
            #expect(notices.contains { $0.tone == .success })
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.transaction(id: session.transactionId)?.isFinished == true)
            // The invoice is used up: the redirect, should it still arrive, is refused.
            let late = try harness.store.open(url: harness.sentRedirectURL(for: session.transactionId))
            #expect(late.notice?.text.contains("already handled") == true)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func launchReportsWhatItDelivered() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            try harness.relaunch()
            // `launch()` is what the program calls: the last notice, and the panes after it.
            let report = try harness.store.launch()
            #expect(report.notice?.tone == .info)
            #expect(report.snapshot.transactions.first?.state == .failed)
            #expect(report.sheet == nil, "a session does not outlive its run")
        }
    }

    @Test func aFailedUnfinishedTransactionIsJustFinished() throws {
        try withStore { harness in
            let time = harness.clock.date
            try Self.crashedLaunch(at: harness.path) { ledger in
                try ledger.insert(Self.gemsTransaction(at: time))
                try ledger.updateState(ofTransaction: "txn-000001", to: .failed, error: "payment declined", at: time)
            }
            try harness.relaunch()
            #expect(try harness.store.deliverUnfinished().isEmpty)
            let transaction = try #require(try harness.ledger.transaction(id: "txn-000001"))
            #expect(transaction.state == .failed)
            #expect(transaction.isFinished)
            #expect(try harness.ledger.grants().isEmpty)
        }
    }

    @Test func aTransactionThatFailsValidationIsFinishedWithoutGranting() throws {
        try withStore { harness in
            let time = harness.clock.date
            try Self.crashedLaunch(at: harness.path) { ledger in
                try ledger.insert(Self.gemsTransaction(currency: "EUR", at: time))
                try ledger.updateState(ofTransaction: "txn-000001", to: .purchased, error: nil, at: time)
            }
            try harness.relaunch()
            let notices = try harness.store.deliverUnfinished()
            #expect(notices.map(\.tone) == [.error])
            #expect(try harness.ledger.transaction(id: "txn-000001")?.isFinished == true)
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.eventKinds(of: "txn-000001").contains("transaction.invalid"))
        }
    }

    @Test func anotherUsersUnfinishedTransactionIsLeftAlone() throws {
        try withStore { harness in
            let time = harness.clock.date
            try Self.crashedLaunch(at: harness.path) { ledger in
                try ledger.insert(Self.gemsTransaction(userId: "player-2", at: time))
                try ledger.updateState(ofTransaction: "txn-000001", to: .purchased, error: nil, at: time)
            }
            try harness.relaunch()
            #expect(try harness.store.deliverUnfinished().isEmpty)
            #expect(try harness.ledger.transaction(id: "txn-000001")?.isFinished == false)
            #expect(try harness.ledger.grants().isEmpty)
        }
    }
}
