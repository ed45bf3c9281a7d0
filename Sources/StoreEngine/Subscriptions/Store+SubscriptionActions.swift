import Catalog
import Foundation
import Ledger

// The store's side of QA's subscription actions: `SubscriptionActions` decides, the store
// writes what it returns, in one commit, and renews when it says so.
extension Store {
    /// Applies a subscription action to the subscription `transaction` is the latest of.
    func act(_ action: TransactionAction, onSubscriptionOf transaction: TransactionRecord) throws -> StoreNotice {
        let originalId = transaction.originalTransactionId ?? transaction.id
        guard let running = account.subscriptions[originalId], running.endedAt == nil else {
            return .refusal("\(transaction.id) has no running subscription; nothing changed.")
        }
        let time = now()
        if action == .resume, running.pausedUntil != nil, running.billingIssue {
            return try resumeIntoGrace(running, at: time)
        }
        guard let outcome = SubscriptionActions.outcome(of: action, on: running,
                                                        named: displayName(ofProduct: running.productId), at: time)
        else { return .refusal("\(action.title) is not a subscription action.") }
        var subscription = outcome.subscription
        let latest = subscription.latestTransactionId
        try ledger.inTransaction {
            if outcome.cutsAccess {
                try ledger.cutGrant(ofTransaction: latest, at: time)
                account.cutGrant(ofTransaction: latest, at: time)
                try cutFamilyShares(ofPurchase: originalId, at: time)
            }
            if outcome.saves { try save(subscription) }
            switch outcome.event {
            case .lifecycle(let event, let message)?:
                try logLifecycle(event, message, of: subscription, at: time)
            case .step(let kind, let message)?:
                try log(kind, message, latest, time)
            case nil:
                break
            }
            if let change = outcome.change { try subscriptionChanged(change, subscription) }
        }
        switch outcome.then {
        // An action that cut this plan's access says what another store still gives.
        case .tell(let notice): return outcome.cutsAccess ? telling(notice, whatIsLeftOf: level(of: subscription)) : notice
        case .renew(let start): return try renew(&subscription, from: start)
        }
    }

    /// QA resumes a paused subscription early while the billing-issue switch is on: the
    /// renewal that resumes it cannot be charged, so it goes into grace now, as at the pause's end.
    private func resumeIntoGrace(_ paused: SubscriptionRecord, at time: Date) throws -> StoreNotice {
        var resumed = paused
        resumed.pausedUntil = nil
        resumed.expiresAt = time
        let step = lifecycle.failedRenewal(of: resumed, at: time, period: catalog.product(id: paused.productId)?.period,
                                           named: displayName(ofProduct: paused.productId))
        guard case .failRenewal(let failed, _, let message, let notice) = step else { return StoreNotice(.info, "Nothing changed.") }
        try ledger.inTransaction {
            try save(failed)
            try logLifecycle(.renewalFailed, "resumed now by QA, but " + message, of: failed, at: time)
            try subscriptionChanged(.billingIssue, failed)
        }
        return notice
    }

    /// A refunded transaction revokes its subscription: access went with the refund, and it
    /// renews no more.
    func revokeSubscription(ofRefunded transaction: TransactionRecord, at time: Date) throws {
        let originalId = transaction.originalTransactionId ?? transaction.id
        guard let running = account.subscriptions[originalId],
              let revoked = SubscriptionActions.revoked(running, at: time) else { return }
        try save(revoked)
    }

    /// Tells the subscription's path what changed (inside the caller's commit).
    func subscriptionChanged(_ change: SubscriptionChange, _ subscription: SubscriptionRecord) throws {
        guard let latest = try ledger.transaction(id: subscription.latestTransactionId) else { return }
        try path(of: latest).lifecycle?.subscriptionChanged(change, latest, in: context)
    }
}
