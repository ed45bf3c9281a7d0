import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The completion on its own: a real ledger on a temporary file, and a host of the test's in
/// place of the store, which logs to that ledger, signs with a marker the test can spoil, and
/// notes what it was asked (the subscriptions started, the crash points reached).
@Suite("Completion: validate, grant, finish")
struct CompletionTests {
    /// The store's side, as a test stands in for it.
    final class Host: CompletionHost {
        let ledger: LedgerDatabase
        let catalog: ProductCatalog
        let time: Date
        var policy = CompletionPolicy()
        /// Transactions whose signature the test says does not verify.
        var unverified: Set<String> = []
        private(set) var reachedSteps: [StoreCheckpoint] = []
        private(set) var startedSubscriptions: [String] = []
        private(set) var recordedGrants: [GrantRecord] = []
        /// Every call that leaves a mark, in order, for what happens between granting and finishing.
        private(set) var calls: [String] = []

        init(ledger: LedgerDatabase, catalog: ProductCatalog, at time: Date) {
            self.ledger = ledger
            self.catalog = catalog
            self.time = time
        }

        func now() -> Date { time }
        var grantRules: GrantRules { GrantRules(catalog: catalog, renewalRate: .realTime) }
        func policy(of transaction: TransactionRecord) -> CompletionPolicy { policy }

        func signatureProblem(_ transaction: TransactionRecord) -> String? {
            if unverified.contains(transaction.id) { return "the signed transaction was altered" }
            return transaction.signedTransaction == nil ? "the transaction is not signed" : nil
        }

        func sign(_ transaction: TransactionRecord, at time: Date) throws {
            try ledger.recordSignedTransaction("signed:\(transaction.id)", ofTransaction: transaction.id)
        }

        func log(_ kind: EventKind, _ message: String, _ transactionId: String?, _ time: Date) throws {
            _ = try ledger.appendEvent(kind: kind.rawValue, message: message, transactionId: transactionId, at: time)
            calls.append(kind.rawValue)
        }

        /// Named as the App Store names it, as a store of StoreKit transactions would.
        func logLifecycle(_ event: LifecycleEvent, _ message: String, _ transaction: TransactionRecord,
                          _ time: Date) throws {
            guard case .notification(let kind, _) = AppStoreNotifications.naming(event) else { return }
            try log(kind, message, transaction.id, time)
        }

        func refresh(_ transactionId: String) throws {}
        func record(_ grant: GrantRecord) { recordedGrants.append(grant) }
        func hasSubscribedBefore(_ transaction: TransactionRecord, inGroup group: String?) -> Bool { false }
        func changedAPlanAtOnce(_ transaction: TransactionRecord) -> Bool { false }

        func logCurrentEntitlements(at time: Date, transaction id: String?) throws {
            calls.append("currentEntitlements")
        }

        func startSubscription(for paid: TransactionRecord, at time: Date) throws -> TransactionRecord {
            startedSubscriptions.append(paid.id)
            return paid
        }

        func shareWithFamily(_ paid: TransactionRecord, at time: Date) throws {
            calls.append("shareWithFamily")
        }

        func reached(_ step: StoreCheckpoint) { reachedSteps.append(step) }
    }

    /// A completion for `player-1` over a fresh ledger holding one `purchasing` transaction of
    /// `productId`, `txn-000001`.
    private static func withCompletion(of productId: String = SKU.gems100, userId: String = "player-1",
                                       _ body: (Completion, Host) throws -> Void) throws {
        let catalog = try defaultCatalog()
        try withTemporaryLedgerPath { path in
            let ledger = try LedgerDatabase(path: path)
            let time = TestClock.start
            var transaction = RedeliveryTests.gemsTransaction(userId: userId, at: time)
            transaction.productId = productId
            try ledger.insert(transaction)
            let host = Host(ledger: ledger, catalog: catalog, at: time)
            try body(Completion(ledger: ledger, userId: "player-1", host: host), host)
        }
    }

    private static func eventKinds(in ledger: LedgerDatabase) throws -> [String] {
        try ledger.events(newestFirst: 100).reversed().map(\.kind)
    }

    @Test func aPaidTransactionIsSignedValidatedGrantedOnceAndFinished() throws {
        try Self.withCompletion { completion, host in
            let settlement = try completion.record(.paid(at: nil), of: "txn-000001")
            guard case .purchased(let id) = settlement else {
                Issue.record("a paid outcome settles as purchased, not \(settlement)")
                return
            }
            let commits = host.ledger.commitCount
            let notice = try completion.conclude(.purchased(transactionId: id))
            #expect(host.ledger.commitCount == commits + 1, "validated, granted and finished in one commit")
            #expect(notice.tone == .success)
            #expect(notice.text.hasSuffix(": +100 gems."), "\(notice.text)")
            let row = try #require(try host.ledger.transaction(id: id))
            #expect(row.state == .purchased)
            #expect(row.finishedAt != nil)
            #expect(row.signedTransaction == "signed:\(id)")
            #expect(try host.ledger.grants().map(\.amount) == [100])
            #expect(host.recordedGrants.map(\.key) == ["gems"])
            #expect(try Self.eventKinds(in: host.ledger) == [EventKind.purchased, .validated, .granted,
                                                             .oneTimeCharge, .finished, .transactionComplete]
                .map(\.rawValue))
            #expect(host.reachedSteps == [.paid, .finished])
            #expect(host.startedSubscriptions == [id], "the payment's commit asks for its subscription")

            // Delivered again (a crash before the app saw the notice): validated again, granted no more.
            _ = try completion.complete(id)
            #expect(try host.ledger.grants().count == 1)
            #expect(host.recordedGrants.count == 1)
        }
    }

    @Test func aTransactionThatFailsVerificationWhereThePathKeepsItIsNeitherGrantedNorFinished() throws {
        try Self.withCompletion { completion, host in
            host.policy.finishesUnverifiedTransactions = false
            _ = try completion.record(.paid(at: nil), of: "txn-000001")
            host.unverified.insert("txn-000001")
            let notice = try completion.complete("txn-000001")
            #expect(notice.tone == .error)
            #expect(notice.text.contains("the signed transaction was altered"))
            #expect(try host.ledger.grants().isEmpty)
            #expect(try host.ledger.unfinishedTransactions().map(\.id) == ["txn-000001"])
            #expect(try Self.eventKinds(in: host.ledger).last == EventKind.validationFailed.rawValue)
        }
    }

    @Test func aTransactionThatFailsVerificationWhereThePathFinishesItIsFinishedWithoutAGrant() throws {
        try Self.withCompletion { completion, host in
            _ = try completion.record(.paid(at: nil), of: "txn-000001")
            host.unverified.insert("txn-000001")
            let notice = try completion.complete("txn-000001")
            #expect(notice.text.hasPrefix("Validation failed"))
            #expect(try host.ledger.grants().isEmpty)
            #expect(try host.ledger.unfinishedTransactions().isEmpty)
            #expect(host.reachedSteps == [.finished], "finished without a grant: the one commit of its delivery")
        }
    }

    @Test func anotherPlayersTransactionFailsValidation() throws {
        try Self.withCompletion(userId: "player-2") { completion, host in
            _ = try completion.record(.paid(at: nil), of: "txn-000001")
            let notice = try completion.complete("txn-000001")
            #expect(notice.text.contains("made by another user"))
            #expect(try host.ledger.grants().isEmpty)
        }
    }

    @Test func whereThePathsServerKeepsAccessASubscriptionIsFinishedWithoutAGrant() throws {
        try Self.withCompletion(of: SKU.monthlyPass) { completion, host in
            host.policy.grantsAccessLocally = false
            _ = try completion.record(.paid(at: nil), of: "txn-000001")
            let notice = try completion.complete("txn-000001")
            #expect(notice.tone == .success)
            #expect(try host.ledger.grants().isEmpty)
            #expect(try host.ledger.unfinishedTransactions().isEmpty)
        }
    }

    @Test func whereThePathSaysSoCurrentEntitlementsAreReadBetweenGrantingAndFinishing() throws {
        try Self.withCompletion(of: SKU.removeAds) { completion, host in
            host.policy.readsCurrentEntitlements = true
            _ = try completion.record(.paid(at: nil), of: "txn-000001")
            _ = try completion.complete("txn-000001")
            let granted = try #require(host.calls.firstIndex(of: EventKind.granted.rawValue))
            let read = try #require(host.calls.firstIndex(of: "currentEntitlements"))
            let finished = try #require(host.calls.firstIndex(of: EventKind.finished.rawValue))
            #expect(granted < read && read < finished)
        }
    }

    @Test func aDeclinedPaymentFailsAndFinishesWithNothingGranted() throws {
        try Self.withCompletion { completion, host in
            let settlement = try completion.record(.declined(reason: "card declined"), of: "txn-000001")
            guard case .concluded(let notice) = settlement else {
                Issue.record("a declined payment concludes, not \(settlement)")
                return
            }
            #expect(notice.tone == .error)
            let row = try #require(try host.ledger.transaction(id: "txn-000001"))
            #expect(row.state == .failed)
            #expect(row.error == FailureReason.paymentDeclined.recorded)
            #expect(row.finishedAt != nil)
            #expect(try host.ledger.grants().isEmpty)
            #expect(host.startedSubscriptions.isEmpty)
        }
    }

    @Test func anOutcomeForATransactionAlreadySettledChangesNothing() throws {
        try Self.withCompletion { completion, host in
            _ = try completion.record(.paid(at: nil), of: "txn-000001")
            let events = try Self.eventKinds(in: host.ledger)
            let again = try completion.record(.declined(reason: "late"), of: "txn-000001")
            guard case .concluded(let notice) = again else {
                Issue.record("a second outcome concludes, not \(again)")
                return
            }
            #expect(notice.text == "txn-000001 is already purchased.")
            #expect(try host.ledger.transaction(id: "txn-000001")?.state == .purchased)
            #expect(try Self.eventKinds(in: host.ledger) == events)
        }
    }

    @Test func aGrantIsDescribedByWhatItGivesAndWhatItsRefundTakes() {
        let time = TestClock.start
        let gems = GrantRecord(transactionId: "txn-1", kind: .currency, key: "gems", amount: 100, grantedAt: time)
        let noAds = GrantRecord(transactionId: "txn-2", kind: .nonConsumable, key: "no_ads", amount: 1, grantedAt: time)
        let premium = GrantRecord(transactionId: "txn-3", kind: .accessLevel, key: "premium", amount: 1, grantedAt: time)
        #expect([gems, noAds, premium].map { Completion.describe($0) } == ["+100 gems", "no_ads unlocked", "premium access"])
        #expect([gems, noAds, premium].map { Completion.describe($0, revoked: true) }
            == ["-100 gems", "no_ads locked again", "premium access removed"])
    }
}
