import Catalog
import Foundation
import Ledger

// QA's transaction manager on a subscription (`m` on its latest transaction, or a scenario's
// `expire`, `renew`, `billing-issue`, `cancel-renewal`, `enable-renewal`): what Xcode's
// Transaction Manager does, on the same calendar rules as the renewals themselves.
extension Store {
    /// Applies a subscription action to the subscription `transaction` is the latest of.
    func act(_ action: TransactionAction, onSubscriptionOf transaction: TransactionRecord) throws -> StoreNotice {
        let originalId = transaction.originalTransactionId ?? transaction.id
        guard var subscription = account.subscriptions[originalId], subscription.endedAt == nil else {
            return StoreNotice(.info, "\(transaction.id) has no running subscription; nothing changed.")
        }
        let time = now()
        let name = displayName(ofProduct: subscription.productId)
        let latest = subscription.latestTransactionId
        switch action {
        case .expire:
            try ledger.inTransaction {
                try ledger.cutGrant(ofTransaction: latest, at: time)
                account.cutGrant(ofTransaction: latest, at: time)
                subscription.expiresAt = min(subscription.expiresAt, time)
                subscription.endedAt = time
                subscription.endReason = "expiredByQA"
                subscription.updatedAt = time
                try save(subscription)
                try log(.expiration, "expired now by QA: \(name) ends, access with it", latest, time)
                try subscriptionChanged(.expiration, subscription)
            }
            return StoreNotice(.info, "\(name) expired now.")
        case .renew:
            try ledger.inTransaction {
                try ledger.cutGrant(ofTransaction: latest, at: time)
                account.cutGrant(ofTransaction: latest, at: time)
            }
            return try renew(&subscription, from: time)
        case .cancelRenewal, .enableRenewal:
            let on = action == .enableRenewal
            subscription.autoRenew = on
            subscription.unsubscribedAt = on ? nil : time
            subscription.updatedAt = time
            try ledger.inTransaction {
                try save(subscription)
                try log(on ? .uncancellation : .cancellation, on
                        ? "auto-renew on again: \(name) renews at the end of its period"
                        : "auto-renew off: \(name) stays until its period ends, then expires", latest, time)
                try subscriptionChanged(on ? .uncancellation : .cancellation, subscription)
            }
            return StoreNotice(.info, on ? "Auto-renew is on again for \(name)."
                               : "Auto-renew is off: \(name) stays until "
                                 + EventDate.string(from: subscription.expiresAt) + ", then expires.")
        case .billingIssue(let on):
            subscription.billingIssue = on
            subscription.updatedAt = time
            if !on, subscription.billingIssueAt != nil {
                // Cleared in grace or in retry: the store charges now, and a new period starts.
                try ledger.inTransaction {
                    try save(subscription)
                    try log(.billingIssueSwitch, "billing issue cleared: the store charges again now", latest, time)
                }
                return try renew(&subscription, from: time)
            }
            try ledger.inTransaction {
                try save(subscription)
                try log(.billingIssueSwitch, on ? "billing issue on: the next renewal of \(name) fails"
                        : "billing issue off: renewals of \(name) charge again", latest, time)
            }
            return StoreNotice(.info, on ? "Billing issue on: the next renewal of \(name) will fail."
                               : "Billing issue off: \(name) renews normally.")
        case .requestPriceIncrease:
            subscription.priceIncrease = "pending"
            subscription.updatedAt = time
            try ledger.inTransaction {
                try save(subscription)
                try log(.priceIncrease, "price increase requested: renewals would charge a quarter more; waiting for "
                        + "the subscriber's consent", latest, time)
            }
            return StoreNotice(.info, "A price increase for \(name) waits for the subscriber's consent (m: accept or decline).")
        case .answerPriceIncrease(let accept):
            subscription.priceIncrease = accept ? "accepted" : nil
            if !accept {
                subscription.autoRenew = false
                subscription.unsubscribedAt = time
            }
            subscription.updatedAt = time
            try ledger.inTransaction {
                try save(subscription)
                try log(.priceIncrease, accept ? "price increase accepted: renewals charge the new price"
                        : "price increase declined: auto-renew off, \(name) expires at the end of its period", latest, time)
                if !accept { try subscriptionChanged(.cancellation, subscription) }
            }
            return StoreNotice(.info, accept ? "Price increase accepted: \(name) renews at the new price."
                               : "Price increase declined: \(name) expires at the end of its period.")
        case .approve, .decline, .resolve, .refund, .tamper, .delete:
            return StoreNotice(.info, "\(action.title) is not a subscription action.")
        }
    }

    /// A refunded transaction revokes its subscription: access went with the refund, and it
    /// renews no more.
    func revokeSubscription(ofRefunded transaction: TransactionRecord, at time: Date) throws {
        let originalId = transaction.originalTransactionId ?? transaction.id
        guard var subscription = account.subscriptions[originalId], subscription.endedAt == nil else { return }
        subscription.endedAt = time
        subscription.endReason = "revoked"
        subscription.autoRenew = false
        subscription.updatedAt = time
        try save(subscription)
    }

    /// Tells the subscription's path what changed (inside the caller's commit).
    func subscriptionChanged(_ change: SubscriptionChange, _ subscription: SubscriptionRecord) throws {
        guard let latest = try ledger.transaction(id: subscription.latestTransactionId) else { return }
        try path(of: latest).subscriptionChanged(change, latest, in: context)
    }
}
