import Catalog
import Foundation
import Ledger

/// How every purchase ends, whichever path sold it: the payment's outcome is recorded, and a
/// purchased transaction is validated, granted once and finished. It writes the transaction's
/// states, its grant and its finish to the ledger itself, decides with `GrantRules`, and asks
/// the store around it (`CompletionHost`) only for what is the store's: the signature, the
/// event log and the account the panes read, the subscription a payment starts, and how the
/// path that made a transaction ends its purchases. Paths reach it only through
/// `PathContext.purchases.settle` and the settlements they hand back.
struct Completion {
    let ledger: LedgerDatabase
    /// The player whose transactions these are; another's fails validation.
    let userId: String
    let host: any CompletionHost

    /// What the completion's rules say, for the catalog and the rate as they are now.
    private var rules: GrantRules { host.grantRules }

    // MARK: The outcome of a payment

    /// Records the outcome of a payment on a `purchasing` (or `deferred`) transaction, inside
    /// the caller's ledger transaction when there is one. A paid one is signed, and starts its
    /// subscription, in the same commit: there is never a paid, unsigned transaction.
    func record(_ outcome: PaymentOutcome, of transactionId: String) throws -> Settlement {
        let time = host.now()
        return try ledger.inTransaction {
            guard let transaction = try ledger.transaction(id: transactionId) else {
                return .concluded(StoreNotice(.error, "Transaction \(transactionId) is not in the ledger."))
            }
            // Deferred too: an approved Ask to Buy, a resolved interrupted purchase.
            guard transaction.state == .purchasing || transaction.state == .deferred else {
                return .concluded(StoreNotice(.info, "\(transactionId) is already \(transaction.state.rawValue)."))
            }
            switch outcome {
            case .paid(let paidAt):
                try ledger.updateState(ofTransaction: transactionId, to: .purchased, error: nil, at: time)
                try ledger.recordPurchaseDate(paidAt ?? time, ofTransaction: transactionId)
                // The copy in hand, brought up to date as the two writes above left the row.
                var paid = transaction
                paid.state = .purchased
                paid.error = nil
                paid.updatedAt = time
                paid.purchasedAt = transaction.purchasedAt ?? paidAt ?? time
                try host.log(.purchased, "purchased", transactionId, time)
                // Signed after its subscription starts: a plan change may set where the period
                // it paid for ends, and the signature says so.
                paid = try host.startSubscription(for: paid, at: time)
                try host.sign(paid, at: time)
                try host.shareWithFamily(paid, at: time)
                try host.refresh(transactionId)
                return .purchased(transactionId: transactionId)
            case .declined:
                try fail(transactionId, .paymentDeclined, time)
                return .concluded(StoreNotice(.error, "Payment declined by the bank. Nothing was charged or granted."))
            case .cancelled:
                try fail(transactionId, .paymentCancelled, time, as: .paymentCancelled,
                         saying: "paymentCancelled: the player closed Pay Station")
                return .concluded(StoreNotice(.info, "Purchase cancelled."))
            case .interrupted:
                try fail(transactionId, .interrupted, time)
                return .concluded(StoreNotice(.info, "\(transactionId) was interrupted and has been closed."))
            case .failed(let reason, let event, let notice):
                try fail(transactionId, reason, time, as: reason.isCancellation ? .paymentCancelled : .failed, saying: event)
                return .concluded(notice)
            }
        }
    }

    /// Fails and finishes a transaction in one commit; nothing is granted.
    func fail(_ transactionId: String, _ reason: FailureReason, _ time: Date, as kind: EventKind = .failed,
              saying message: String? = nil) throws {
        try ledger.inTransaction {
            try ledger.updateState(ofTransaction: transactionId, to: .failed, error: reason.recorded, at: time)
            try host.log(kind, message ?? "failed: \(reason.recorded)", transactionId, time)
            try host.log(reason.isCancellation ? .transactionAbandon : .transactionFail, reason.recorded, transactionId, time)
            try ledger.markFinished(transaction: transactionId, at: time)
            try host.log(.finished, "finished", transactionId, time)
            try host.refresh(transactionId)
        }
    }

    // MARK: validate -> grant -> finish

    /// What the player is told once a settlement is complete: a purchased transaction is
    /// completed first. `withItsPayment`: the payment is not committed yet, and its delivery
    /// joins its commit (Pay Station's redirect, Google Play's `onPurchasesUpdated`).
    func conclude(_ settlement: Settlement, withItsPayment: Bool = false) throws -> StoreNotice {
        switch settlement {
        case .concluded(let notice):
            return notice
        case .purchased(let transactionId):
            // Otherwise the payment was committed by the path on its own (the store's sheet, a
            // purchase approved later): the app's delivery is the next commit.
            if !withItsPayment { host.reached(.paid) }
            return try complete(transactionId)
        }
    }

    /// validateTransaction, then grant, then finishTransaction, for a transaction in the ledger.
    func complete(_ transactionId: String) throws -> StoreNotice {
        guard let transaction = try ledger.transaction(id: transactionId) else {
            return StoreNotice(.error, "Transaction \(transactionId) is not in the ledger.")
        }
        return try complete(transaction)
    }

    /// `complete` for a transaction the caller has just read; `time` is when it happens on the
    /// calendar (a renewal the engine gets to late still completes at its own time).
    ///
    /// The delivery is one commit, inside the caller's when there is one: validated, granted and
    /// finished together, as the app does them in one go. A crash before it leaves the paid
    /// transaction unfinished, to deliver again; a crash after it has nothing left to do. No
    /// crash can leave a grant without its finish, or the reverse.
    func complete(_ record: TransactionRecord, at time: Date? = nil) throws -> StoreNotice {
        let delivery = try ledger.inTransaction { try deliver(record, at: time ?? host.now()) }
        if delivery.finished { host.reached(.finished) }
        return delivery.notice
    }

    /// The delivery's writes; what the player is told, and whether the transaction was finished
    /// (one that fails `checkVerified` is not).
    private func deliver(_ record: TransactionRecord, at time: Date) throws -> (notice: StoreNotice, finished: Bool) {
        let transactionId = record.id
        var transaction = record
        let policy = host.policy(of: transaction)
        if transaction.signedTransaction == nil, transaction.state == .purchased, !policy.signsWithItsOwnKey {
            // Paid in a ledger from before transactions were signed: signed on this delivery, so
            // what was paid is not lost to the upgrade.
            try host.sign(transaction, at: time)
            try host.log(.signed, "signed on delivery: paid before this ledger signed its transactions", transactionId, time)
            transaction = try ledger.transaction(id: transactionId) ?? transaction
        }
        if let problem = rules.validationProblem(transaction, for: userId,
                                                 signatureProblem: host.signatureProblem(transaction)) {
            guard policy.finishesUnverifiedTransactions else {
                // The App Store guide's `checkVerified` throws on an unverified result, so the app
                // neither unlocks nor finishes it, and the store delivers it again at each launch.
                try host.log(.validationFailed, "unverified: \(problem); checkVerified throws, so nothing is unlocked "
                             + "and the transaction is not finished", transactionId, time)
                return (StoreNotice(.error, "The purchase failed verification: \(problem). Nothing was unlocked."), false)
            }
            try host.log(.validationFailed, problem, transactionId, time)
            try ledger.markFinished(transaction: transactionId, at: time)
            try host.log(.finished, "finished without granting", transactionId, time)
            try host.refresh(transactionId)
            return (StoreNotice(.error, "Validation failed: \(problem). Nothing was granted."), true)
        }
        let product = rules.catalog.product(id: transaction.productId)
        // Where a path's server keeps access, it is the server's to record, not the app's to grant.
        let serverDecides = !policy.grantsAccessLocally
            && product.map { $0.type == .autoRenewable || $0.type == .nonRenewing } == true
        let grant = serverDecides ? nil : rules.grant(for: transaction, product: product, at: time)
        try host.log(.validated, "validated", transactionId, time)
        // Once per transaction: a transaction granted by an older ledger and delivered again
        // is finished without a second grant.
        if let grant, try ledger.recordGrant(grant) {
            host.record(grant)
            try host.log(.granted, Self.describe(grant), transactionId, time)
            if let product { try logPurchase(of: transaction, product: product, until: grant.expiresAt, at: time) }
        } else if serverDecides, let product, transaction.state == .purchased, transaction.finishedAt == nil {
            // The store sold it all the same; the path's server records the access.
            try logPurchase(of: transaction, product: product,
                            until: rules.grant(for: transaction, product: product, at: time)?.expiresAt, at: time)
        }
        // Between unlocking and finishing, as the guide's app updates its purchased products.
        if policy.readsCurrentEntitlements { try host.logCurrentEntitlements(at: time, transaction: transactionId) }
        try ledger.markFinished(transaction: transactionId, at: time)
        try host.log(.finished, "finished", transactionId, time)
        // The app's own event for a purchase it made (not a renewal, not a restore).
        if transaction.state == .purchased, transaction.originalTransactionId == nil {
            try host.log(.transactionComplete, transaction.productId, transactionId, time)
        }
        try host.refresh(transactionId)
        let name = rules.catalog.noticeName(ofProduct: transaction.productId)
        if transaction.state == .restored {
            return (StoreNotice(.success, "Restored \(name) (restored, then finished). Nothing was charged."), true)
        }
        if transaction.isFamilyShared {
            return (StoreNotice(.success, "Family Sharing shares \(name)" + (grant.map { ": \(Self.describe($0))" } ?? "")
                                + ". Nothing was charged."), true)
        }
        return (StoreNotice(.success, "Purchased \(name)" + (grant.map { ": \(Self.describe($0))" } ?? "") + "."), true)
    }

    /// The store's notification of a purchase, by its path's name for it: a one-time charge,
    /// or a subscription bought (again, after one in its group). A renewal's is the store's to
    /// log when it renews (`Store.renew`).
    private func logPurchase(of transaction: TransactionRecord, product: Product, until expiry: Date?,
                             at time: Date) throws {
        guard transaction.originalTransactionId == nil, transaction.state == .purchased else { return }
        let offer = transaction.offerType.map { " (\($0) offer\(transaction.offerId.map { " \($0)" } ?? ""))" } ?? ""
        let amount = "\(transaction.amountCharged ?? transaction.price) \(transaction.currency)\(offer)"
        if product.type == .autoRenewable {
            // A plan changed at once is the change's notification, logged as it ended the old plan.
            guard !host.changedAPlanAtOnce(transaction) else { return }
            let resubscribes = host.hasSubscribedBefore(transaction, inGroup: product.group)
            // A code's purchase is its store's notice of a code redeemed.
            let redeemed = transaction.offerType.flatMap { AppliedOffer(typeName: $0, id: transaction.offerId, of: product) }?
                .isRedeemedWithACode == true
            let event: LifecycleEvent = redeemed ? .offerRedeemed(resubscribes ? .resubscription : .firstSubscription)
                : .subscribed(resubscribe: resubscribes)
            try host.logLifecycle(event, "\(product.shortId) for \(amount)\(Store.until(expiry))", transaction, time)
        } else {
            try host.logLifecycle(.oneTimePurchase, "\(product.shortId) for \(amount)", transaction, time)
        }
    }

    /// A grant in a few words; `revoked`, what its refund took away.
    static func describe(_ grant: GrantRecord, revoked: Bool = false) -> String {
        switch grant.kind {
        case .currency: return "\(revoked ? "-" : "+")\(grant.amount) \(grant.key)"
        case .nonConsumable: return "\(grant.key) \(revoked ? "locked again" : "unlocked")"
        case .accessLevel: return "\(grant.key) access\(revoked ? " removed" : "")"
        }
    }
}

/// How the path that made a transaction ends its purchases (its `PathTraits` of the
/// same names), for the completion.
struct CompletionPolicy: Equatable {
    /// Whether a transaction that fails verification is finished anyway (else it is neither
    /// granted nor finished, and is delivered again at each launch).
    var finishesUnverifiedTransactions = true
    /// Whether the completion grants a subscription's access level (else the path's server does).
    var grantsAccessLocally = true
    /// Whether `entitlements.current` is logged between granting and finishing.
    var readsCurrentEntitlements = false
    /// Whether its store signs with a key of its own, kept by its path (Google Play), rather
    /// than with a JWS kept on the transaction.
    var signsWithItsOwnKey = false
}

/// What the completion needs from the store around it: the clock and the rules as they are now,
/// the signature, the event log and the account the panes read, the subscription a payment
/// starts, and the crash points. `Store` provides it; a test provides its own over a real ledger.
protocol CompletionHost: AnyObject {
    /// Simulated time now.
    func now() -> Date
    /// The rules for the catalog and the renewal rate as they are now.
    var grantRules: GrantRules { get }
    /// How the path that made `transaction` ends its purchases.
    func policy(of transaction: TransactionRecord) -> CompletionPolicy
    /// Why the signed form of `transaction` cannot be trusted, or nil.
    func signatureProblem(_ transaction: TransactionRecord) -> String?
    /// Signs `transaction` as it stands and keeps the signature, inside the caller's commit.
    func sign(_ transaction: TransactionRecord, at time: Date) throws
    /// Appends an event to the ledger, and to the account.
    func log(_ kind: EventKind, _ message: String, _ transactionId: String?, _ time: Date) throws
    /// Logs `event` of `transaction` by the name its store gives it.
    func logLifecycle(_ event: LifecycleEvent, _ message: String, _ transaction: TransactionRecord, _ time: Date) throws
    /// Reads a transaction the completion just changed back into the account.
    func refresh(_ transactionId: String) throws
    /// The account keeps a grant the ledger has just recorded.
    func record(_ grant: GrantRecord)
    /// Whether paying for `transaction` ended a plan of its group at once (an upgrade, a
    /// crossgrade, a replacement).
    func changedAPlanAtOnce(_ transaction: TransactionRecord) -> Bool
    /// Whether the player had a subscription in `group` before `transaction`, from the same store.
    func hasSubscribedBefore(_ transaction: TransactionRecord, inGroup group: String?) -> Bool
    /// Logs `Transaction.currentEntitlements` as the app reads it after an update.
    func logCurrentEntitlements(at time: Date, transaction id: String?) throws
    /// A paid auto-renewable purchase starts its subscription, in the commit of its payment;
    /// returns the transaction as that left it (a plan change may set its period's end).
    func startSubscription(for paid: TransactionRecord, at time: Date) throws -> TransactionRecord
    /// A paid purchase of a family-shareable product is shared with the family, in the commit
    /// of its payment (`Store+FamilySharing.swift`).
    func shareWithFamily(_ paid: TransactionRecord, at time: Date) throws
    /// A durable step is reached once its commit is on disk.
    func reached(_ step: StoreCheckpoint)
}

extension ProductCatalog {
    /// A product's name as the engine's notices say it (English), else its id.
    func noticeName(ofProduct id: String) -> String {
        product(id: id).map { $0.name.resolved(for: "en") ?? $0.shortId } ?? id
    }
}
