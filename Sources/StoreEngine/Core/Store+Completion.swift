import Catalog
import Foundation
import Ledger

// How every purchase ends, whichever path sold it: the outcome is recorded, and a purchased
// transaction is validated, granted once and finished. Paths reach this only through
// `PathContext.settle` and the settlements they hand back.
extension Store {
    /// Records the outcome of a payment on a `purchasing` transaction (inside the caller's ledger
    /// transaction when there is one).
    func recordOutcome(_ outcome: PaymentOutcome, of transactionId: String) throws -> Settlement {
        let time = now()
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
                // Signed in the same commit as it is paid: there is never a paid, unsigned one.
                // The copy in hand, brought up to date as the two writes above left the row.
                var paid = transaction
                paid.state = .purchased
                paid.error = nil
                paid.updatedAt = time
                paid.purchasedAt = transaction.purchasedAt ?? paidAt ?? time
                try sign(paid, at: time)
                try log(.purchased, "purchased", transactionId, time)
                try startSubscription(for: paid, at: time)
                try refresh(transactionId)
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
            try log(kind, message ?? "failed: \(reason.recorded)", transactionId, time)
            try log(reason.isCancellation ? .transactionAbandon : .transactionFail, reason.recorded, transactionId, time)
            try ledger.markFinished(transaction: transactionId, at: time)
            try log(.finished, "finished", transactionId, time)
            try refresh(transactionId)
        }
    }

    /// What the player is told once a settlement is complete.
    func conclude(_ settlement: Settlement) throws -> StoreNotice {
        switch settlement {
        case .concluded(let notice):
            return notice
        case .purchased(let transactionId):
            reached(.purchased)
            return try complete(transactionId)
        }
    }

    /// validateTransaction, then grant, then finishTransaction. Each step commits on its own so
    /// that a crash between them leaves a purchased, unfinished transaction to deliver again.
    func complete(_ transactionId: String) throws -> StoreNotice {
        guard let transaction = try ledger.transaction(id: transactionId) else {
            return StoreNotice(.error, "Transaction \(transactionId) is not in the ledger.")
        }
        return try complete(transaction)
    }

    /// `complete` for a transaction the caller has just read; `time` is when it happens on the
    /// calendar (a renewal the engine gets to late still completes at its own time).
    func complete(_ record: TransactionRecord, at time: Date? = nil) throws -> StoreNotice {
        let time = time ?? now()
        let transactionId = record.id
        var transaction = record
        if transaction.signedTransaction == nil, transaction.state == .purchased {
            // Paid in a ledger from before transactions were signed: signed on this delivery, so
            // what was paid is not lost to the upgrade.
            try ledger.inTransaction {
                try sign(transaction, at: time)
                try log(.signed, "signed on delivery: paid before this ledger signed its transactions", transactionId, time)
            }
            transaction = try ledger.transaction(id: transactionId) ?? transaction
        }
        let owner = path(of: transaction)
        if let problem = validationProblem(transaction) {
            guard owner.finishesUnverifiedTransactions else {
                // The App Store guide's `checkVerified` throws on an unverified result, so the app
                // neither unlocks nor finishes it, and the store delivers it again at each launch.
                try log(.validationFailed, "unverified: \(problem); checkVerified throws, so nothing is unlocked "
                        + "and the transaction is not finished", transactionId, time)
                return StoreNotice(.error, "The purchase failed verification: \(problem). Nothing was unlocked.")
            }
            try ledger.inTransaction {
                try log(.validationFailed, problem, transactionId, time)
                try ledger.markFinished(transaction: transactionId, at: time)
                try log(.finished, "finished without granting", transactionId, time)
                try refresh(transactionId)
            }
            return StoreNotice(.error, "Validation failed: \(problem). Nothing was granted.")
        }
        let product = catalog.product(id: transaction.productId)
        // Where a path's server keeps access, it is the server's to record, not the app's to grant.
        let serverDecides = !owner.grantsAccessLocally && product.map { $0.type == .autoRenewable || $0.type == .nonRenewing } == true
        let grant = serverDecides ? nil : grantRecord(for: transaction, product: product, at: time)
        // Validated and granted commit together: a crash before it redelivers and validates
        // again, which costs nothing; the grant itself happens once (one per transaction).
        try ledger.inTransaction {
            try log(.validated, "validated", transactionId, time)
            if let grant, try ledger.recordGrant(grant) {
                account.record(grant)
                try log(.granted, describe(grant), transactionId, time)
                if let product { try logLifecycle(of: transaction, product: product, grant: grant, at: time) }
            }
            // Between unlocking and finishing, as the guide's app updates its purchased products.
            if owner.readsCurrentEntitlements { try logCurrentEntitlements(at: time, transaction: transactionId) }
        }
        reached(.granted)
        try ledger.inTransaction {
            try ledger.markFinished(transaction: transactionId, at: time)
            try log(.finished, "finished", transactionId, time)
            // The app's own event for a purchase it made (not a renewal, not a restore).
            if transaction.state == .purchased, transaction.originalTransactionId == nil {
                try log(.transactionComplete, transaction.productId, transactionId, time)
            }
            try refresh(transactionId)
        }
        reached(.finished)
        let name = displayName(ofProduct: transaction.productId)
        if transaction.state == .restored {
            return StoreNotice(.success, "Restored \(name) (restored, then finished). Nothing was charged.")
        }
        return StoreNotice(.success, "Purchased \(name)" + (grant.map { ": \(describe($0))" } ?? "") + ".")
    }

    /// The completion's rules for the catalog and the rate as they are now.
    var grantRules: GrantRules { GrantRules(catalog: catalog, renewalRate: renewalRate) }

    func validationProblem(_ transaction: TransactionRecord) -> String? {
        grantRules.validationProblem(transaction, for: userId, signatureProblem: signatureProblem(transaction))
    }

    func grantRecord(for transaction: TransactionRecord, product: Product?, at time: Date) -> GrantRecord? {
        grantRules.grant(for: transaction, product: product, at: time)
    }

    func paidSpan(of transaction: TransactionRecord, product: Product) -> PurchaseTerms.Span {
        grantRules.paidSpan(of: transaction, product: product)
    }

    /// The lifecycle event of a grant, by the names RevenueCat uses: a first subscription in a
    /// group is `INITIAL_PURCHASE`; one after an earlier subscription in the group from the same
    /// store (a lapsed player resubscribing) is `RENEWAL`; anything else is `NON_RENEWING_PURCHASE`.
    private func logLifecycle(of transaction: TransactionRecord, product: Product, grant: GrantRecord, at time: Date) throws {
        let offer = transaction.offerType.map { " (\($0) offer\(transaction.offerId.map { " \($0)" } ?? ""))" } ?? ""
        let amount = "\(transaction.amountCharged ?? transaction.price) \(transaction.currency)\(offer)"
        if product.type == .autoRenewable {
            let until = Self.until(grant.expiresAt)
            let subscribedBefore = account.grants.contains { earlier in
                earlier.kind == .accessLevel && earlier.transactionId != transaction.id
                    && account.group(ofTransaction: earlier.transactionId) == product.group
                    && account.store(ofTransaction: earlier.transactionId) == account.store(ofTransaction: transaction.id)
            }
            try log(subscribedBefore ? .renewal : .initialPurchase, "\(product.shortId) for \(amount)\(until)",
                    transaction.id, time)
        } else {
            try log(.nonRenewingPurchase, "\(product.shortId) for \(amount)", transaction.id, time)
        }
    }

    /// A grant in a few words; `revoked`, what its refund took away.
    func describe(_ grant: GrantRecord, revoked: Bool = false) -> String {
        switch grant.kind {
        case .currency: return "\(revoked ? "-" : "+")\(grant.amount) \(grant.key)"
        case .nonConsumable: return "\(grant.key) \(revoked ? "locked again" : "unlocked")"
        case .accessLevel: return "\(grant.key) access\(revoked ? " removed" : "")"
        }
    }

    /// " until 2026-01-08T09:00:00Z" for an expiry in an event's words; empty for none.
    static func until(_ date: Date?) -> String {
        date.map { " until " + EventDate.string(from: $0) } ?? ""
    }

    /// A product's name as the engine's notices say it (English), else its id.
    func displayName(ofProduct id: String) -> String {
        catalog.product(id: id).map { $0.name.resolved(for: "en") ?? $0.shortId } ?? id
    }

    /// The path that made a transaction (the last of the registry's, for one this build does not know).
    func path(of transaction: TransactionRecord) -> any PurchasePath {
        paths.first { $0.id.rawValue == transaction.integrationPath } ?? paths[paths.count - 1]
    }
}
