import Catalog
import Foundation
import Ledger

// QA's actions on one transaction after its purchase: the answers to a purchase left
// pending (Ask to Buy), which its path delivers, and refunds, which the engine records on every path.
extension Store {
    /// Applies `action` to the player's transaction `transactionId`; an action that does not
    /// apply changes nothing and says why. An action on a subscription applies to the
    /// subscription as it is now: chosen on a purchase or renewal that has been renewed since
    /// (a menu opened before the renewal, an older row, a script's id), it acts through the
    /// subscription's latest transaction, as the store knows only one subscription.
    public func act(_ action: TransactionAction, on transactionId: String) throws(StoreError) -> StoreReport {
        try takeCall { try perform(action, on: transactionId) }
    }

    /// `act`'s work inside a call already taken: a store's sheet does what its player chose through it.
    func perform(_ action: TransactionAction, on transactionId: String) throws -> StoreNotice? {
        guard var record = try ledger.transaction(id: transactionId), record.userId == userId else {
            return .refusal("There is no transaction \(transactionId) for this player.", tone: .error)
        }
        let subscriptions = account.subscriptionSummaries(at: now())
        if action.isSubscriptionAction,
           let running = subscriptions.first(where: { $0.originalTransactionId == (record.originalTransactionId ?? record.id) }),
           running.latestTransactionId != record.id, let latest = try ledger.transaction(id: running.latestTransactionId) {
            record = latest
        }
        var summary = TransactionSummary(record: record)
        summary.subscription = subscriptions.first { $0.latestTransactionId == record.id }
        summary.familySharing = account.familySharing(of: summary)
        var action = action
        // A pause asked for while one is scheduled changes it (a scenario's pause command says either).
        if case .pause(let length) = action, summary.subscription?.scheduledPause != nil { action = .changePause(length) }
        guard summary.actions.contains(where: { $0.isOffered(as: action) }) else {
            return .refusal(Self.why(action, doesNotApplyTo: summary))
        }
        switch action {
        case .refund(let reason):
            return try refund(record, because: reason)
        case .chargeback:
            return try refund(record, because: .other, asChargeback: true)
        case .requestRefund:
            return refusalIfASheetIsOpen() ?? openRefundRequest(for: record)
        case .decideRefundRequest(let approve):
            return try decideRefundRequest(of: record, approve: approve)
        case .reverseRefund:
            return try reverseRefund(of: record)
        case .manageSubscriptions:
            return refusalIfASheetIsOpen() ?? openManageSubscriptions(for: record, summary)
        case .showInAppMessages:
            return refusalIfASheetIsOpen() ?? openInAppMessage(for: record, summary)
        case .redeemOfferCode:
            guard let storefront = catalog.storefront(id: record.storefront), let path = summary.path else {
                return .refusal("\(record.id)'s storefront or path is not in this catalog: open the code sheet with O.")
            }
            return try openCodeSheet(in: storefront, on: path)
        case .changeStoreCountry:
            // The app's own menu (g) answers it before it reaches the engine.
            return .refusal("The store's country is the app's menu: press g.")
        case .approve, .decline, .resolve:
            let owner = path(of: record)
            let step = try decide { try owner.lifecycle?.answer(action, to: record, in: context) }
                ?? PathStep(notice: StoreNotice(.info, "Nothing on the \(owner.id.displayName) path waits for \(action.title)."))
            return try apply(step) ?? nil
        case .expire, .renew, .billingIssue, .cancelRenewal, .enableRenewal, .requestPriceIncrease, .answerPriceIncrease,
             .pause, .changePause, .cancelPause, .resume:
            return try act(action, onSubscriptionOf: record)
        case .extendRenewal(let moved):
            return try extendRenewal(ofSubscriptionOf: record, moved)
        case .tamper:
            try ledger.inTransaction {
                try tamper(withSignatureOf: record.id)
                try log(.transactionTampered, "tampered by QA: its signed form claims 99 more and no longer verifies",
                        record.id, now())
                try refresh(record.id)
            }
            return StoreNotice(.info, "\(record.id)'s signed transaction was altered: it no longer verifies.")
        case .delete:
            // The subscription it started or last renewed goes with it, and its due date.
            let ended = account.subscriptions.values.first {
                $0.originalTransactionId == record.id || $0.latestTransactionId == record.id
            }?.originalTransactionId
            try ledger.inTransaction {
                try ledger.deleteTransaction(id: record.id)
                // Not tied to the row it names: that row, and the events read through it, are gone.
                try log(.transactionDeleted, "\(record.id) deleted by QA: what it used up (an introductory offer) "
                        + "is available again", nil, now())
            }
            if let ended { upcoming.agenda.cancel { $0 == .subscriptionDue(originalTransactionId: ended) } }
            account = try Account(reading: ledger, user: userId, catalog: catalog)
            account.renewalRate = renewalRate
            return StoreNotice(.info, "\(record.id) was deleted.")
        case .stopFamilySharing:
            return try stopFamilySharing(of: record)
        }
    }

    /// `Turn auto-renew off does not apply to txn-000009's subscription, which expired at …;
    /// nothing changed.`: the reason is the subscription's state for an action on the
    /// subscription, else the transaction's.
    private static func why(_ action: TransactionAction, doesNotApplyTo transaction: TransactionSummary) -> String {
        let state: String
        if action.isSubscriptionAction, let subscription = transaction.subscription {
            let status: String
            switch subscription.status {
            case .expired: status = "expired" + (subscription.endedAt.map { " at " + EventDate.string(from: $0) } ?? "")
            case .revoked: status = "refunded"
            case .paused: status = "paused"
            case .inGracePeriod: status = "in its grace period"
            case .inBillingRetryPeriod: status = "in \(subscription.retryName)"
            case .subscribed: status = subscription.autoRenew ? "renewing" : "running with auto-renew off"
            }
            state = "\(transaction.id)'s subscription, which is \(status)"
        } else if action == .stopFamilySharing, transaction.revokedAt == nil, transaction.state == .purchased {
            state = transaction.familySharing == .familyShared
                ? "\(transaction.id), a family member's share: only its purchaser stops sharing it"
                : "\(transaction.id), which is not shared with the family"
        } else if action.isSubscriptionAction, transaction.revokedAt == nil, transaction.state == .purchased {
            state = "\(transaction.id), which is not an auto-renewable subscription"
        } else if action == .chargeback, transaction.path?.reportsChargebacks != true {
            state = "\(transaction.id): its store reports no chargebacks"
        } else {
            state = "\(transaction.id), which is \(transaction.displayState)"
        }
        return "\(action.title) does not apply to \(state); nothing changed."
    }

    /// The store refunds a purchase: the revocation is recorded and the transaction signed again
    /// with it (when its signature was sound), its grant revoked, and the store's notification
    /// logged (`REFUND`, `refund`, `voidedPurchaseNotification`); then the
    /// path that sold it hears of it (`refunded`), and the app removes access. A chargeback is
    /// the same revocation, its reason `chargeback` (the signed transaction's number `reason`'s).
    func refund(_ record: TransactionRecord, because reason: RefundReason, asChargeback: Bool = false) throws -> StoreNotice {
        let recorded = asChargeback ? TransactionAction.chargebackReason : reason.rawValue
        let time = now()
        let product = catalog.product(id: record.productId)
        let name = displayName(ofProduct: record.productId)
        let grant = try ledger.grant(forTransaction: record.id)
        try ledger.inTransaction {
            guard try ledger.recordRevocation(ofTransaction: record.id, reason: recorded, at: time) else { return }
            try signAgain(record, revokedAt: time, reason: recorded, at: time)
            account.revokeGrant(grant, of: record, at: time)
            let removed = grant.map { " (" + Completion.describe($0, revoked: true) + ")" } ?? ""
            try logLifecycle(.refunded, "\(product?.shortId ?? record.productId) refunded, reason \(recorded)\(removed)",
                             transaction: record.id, onPath: record.integrationPath, at: time)
            if path(of: record).traits.readsCurrentEntitlements {
                try log(.transactionUpdate, "Transaction.updates: \(record.id) revoked (\(recorded)); "
                        + "the app removes access", record.id, time)
                try logCurrentEntitlements(at: time, transaction: record.id)
            }
            try refresh(record.id)
            try revokeSubscription(ofRefunded: record, at: time)
            try path(of: record).lifecycle?.refunded(record, in: context)
            // The members' shares of a refunded purchase go with it.
            try revokeFamilyShares(of: record, because: reason.rawValue, at: time)
        }
        // What the refund took, unless another store still gives it (then that is what the player has).
        var removed = ""
        if let grant {
            if grant.kind != .currency, let left = stillGiven(grant.key) {
                removed = "; " + left.stillGivenWords
            } else {
                removed = ": " + Completion.describe(grant, revoked: true)
            }
        }
        return StoreNotice(.info, (asChargeback ? "Charged back " : "Refunded ") + "\(name)\(removed).")
    }

    /// `Transaction.currentEntitlements` as the app reads it after an update: every active
    /// subscription and non-refunded non-consumable bought from the App Store (it knows no other
    /// store's purchases).
    func logCurrentEntitlements(at time: Date, transaction id: String?) throws {
        let active = account.snapshot(at: time, in: .appStore).entitlements.filter(\.isActive).map(\.id)
        try log(.currentEntitlements, active.isEmpty ? "none" : active.joined(separator: ", "), id, time)
    }
}
