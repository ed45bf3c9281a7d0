import Catalog
import Foundation
import Ledger

// The store's side of the one completion (`Completion`): what it hands the completion of the
// signature, the account, the log and the paths, and the calls the store and the paths make.
extension Store: CompletionHost {
    /// The completion over this store's ledger, for its player.
    var completion: Completion { Completion(ledger: ledger, userId: userId, host: self) }

    /// Records the outcome of a payment (`Completion.record`); `PathPurchases.settle` calls it.
    func recordOutcome(_ outcome: PaymentOutcome, of transactionId: String) throws -> Settlement {
        try completion.record(outcome, of: transactionId)
    }

    /// What the player is told once a settlement is complete (`Completion.conclude`).
    func conclude(_ settlement: Settlement, withItsPayment: Bool = false) throws -> StoreNotice {
        try completion.conclude(settlement, withItsPayment: withItsPayment)
    }

    /// validate -> grant -> finish for a transaction in the ledger.
    func complete(_ transactionId: String) throws -> StoreNotice {
        try completion.complete(transactionId)
    }

    /// validate -> grant -> finish for a transaction just read, at `time` on the calendar.
    func complete(_ record: TransactionRecord, at time: Date? = nil) throws -> StoreNotice {
        try completion.complete(record, at: time)
    }

    /// The completion's rules for the catalog and the rate as they are now.
    var grantRules: GrantRules { GrantRules(catalog: catalog, renewalRate: renewalRate) }

    func grantRecord(for transaction: TransactionRecord, product: Product?, at time: Date) -> GrantRecord? {
        grantRules.grant(for: transaction, product: product, at: time)
    }

    func paidSpan(of transaction: TransactionRecord, product: Product) -> PurchaseTerms.Span {
        grantRules.paidSpan(of: transaction, product: product)
    }

    func policy(of transaction: TransactionRecord) -> CompletionPolicy {
        let traits = path(of: transaction).traits
        return CompletionPolicy(finishesUnverifiedTransactions: traits.finishesUnverifiedTransactions,
                                grantsAccessLocally: traits.grantsAccessLocally,
                                readsCurrentEntitlements: traits.readsCurrentEntitlements,
                                signsWithItsOwnKey: signsWithItsOwnKey(transaction))
    }

    func logLifecycle(_ event: LifecycleEvent, _ message: String, _ transaction: TransactionRecord, _ time: Date) throws {
        try logLifecycle(event, message, transaction: transaction.id, onPath: transaction.integrationPath, at: time)
    }

    func changedAPlanAtOnce(_ transaction: TransactionRecord) -> Bool {
        guard let paidAt = transaction.purchasedAt, let group = catalog.product(id: transaction.productId)?.group else {
            return false
        }
        let atOnce: Set<String> = [PlanChange.upgrade.name, PlanChange.crossgrade.name, PlanReplacement.endReason]
        return account.subscriptions.values.contains { ended in
            ended.endedAt == paidAt && atOnce.contains(ended.endReason ?? "")
                && ended.userId == transaction.userId && catalog.product(id: ended.productId)?.group == group
        }
    }

    func record(_ grant: GrantRecord) {
        account.record(grant)
    }

    func hasSubscribedBefore(_ transaction: TransactionRecord, inGroup group: String?) -> Bool {
        account.grants.contains { earlier in
            earlier.kind == .accessLevel && earlier.transactionId != transaction.id
                && account.group(ofTransaction: earlier.transactionId) == group
                && account.store(ofTransaction: earlier.transactionId) == account.store(ofTransaction: transaction.id)
        }
    }

    /// " until 2026-01-08T09:00:00Z" for an expiry in an event's words; empty for none.
    static func until(_ date: Date?) -> String {
        date.map { " until " + EventDate.string(from: $0) } ?? ""
    }

    /// A product's name as the engine's notices say it (English), else its id.
    func displayName(ofProduct id: String) -> String {
        catalog.noticeName(ofProduct: id)
    }

    /// The path that made a transaction (the last of the registry's, for one this build does not know).
    func path(of transaction: TransactionRecord) -> any PurchasePath {
        paths.first { $0.id.rawValue == transaction.integrationPath } ?? paths[paths.count - 1]
    }
}
