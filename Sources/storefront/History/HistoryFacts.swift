import Catalog
import Foundation
import StoreEngine

// The words `history` uses for each fact, the same in its text, JSON and CSV: one place, so the
// three forms cannot tell different stories.
enum HistoryFacts {
    /// `2026-01-01T09:00:00Z`, in UTC, as every date of the history.
    static func date(_ date: Date) -> String {
        LedgerHistory.wholeDate(date)
    }

    /// `verified`, or `not verified: why`.
    static func words(_ verification: LedgerHistory.Verification) -> String {
        switch verification {
        case .verified: return "verified"
        case .failed(let problem): return "not verified: \(problem)"
        }
    }

    /// How an entitlement stands, in the Entitlements pane's words, with whole dates.
    static func state(of entitlement: Entitlement) -> String {
        entitlement.state(writingDates: date).words
    }

    /// `subscribed · renews DATE · 2 renewals · period normal · App Store`, `expired DATE (upgrade)`,
    /// `subscribed · renewals due at the next launch (period ended DATE)`,
    /// with what waits (a downgrade) and the store.
    static func state(of subscription: SubscriptionSummary) -> String {
        let end = date(subscription.expiresAt)
        var words = subscription.status.rawValue
        switch subscription.status {
        case .subscribed where subscription.renewalsDue:
            // No app was running when its period ended at `end`: the next launch renews it.
            words += " · renewals due at the next launch (period ended \(end))"
        case .subscribed, .inGracePeriod, .inBillingRetryPeriod:
            words += subscription.autoRenew ? " · renews \(end)" : " · auto-renew off, ends \(end)"
        case .paused:
            words += " until " + date(subscription.pausedUntil ?? subscription.expiresAt)
        case .expired, .revoked:
            // Ended at once (a refund, an upgrade) or at its period's end.
            words += " " + date(subscription.endedAt ?? subscription.expiresAt)
                + (subscription.endReason.map { " (\($0))" } ?? "")
        }
        words += " · " + English.count(subscription.renewals, "renewal")
        words += " · period \(subscription.periodType)"
        if let next = subscription.pendingProductId { words += " · changes to \(next) at the renewal" }
        if let store = subscription.path?.marketplace.displayName { words += " · \(store)" }
        return words
    }

    /// `App Store` or `Xsolla`: the store that took a transaction's payment.
    static func store(of transaction: TransactionSummary) -> String? {
        transaction.path?.marketplace.displayName
    }

    /// `prorated for upgrade`, or the store's reason for a full refund.
    static func reason(of refund: LedgerHistory.Refund) -> String {
        refund.isProrated ? "prorated for \(refund.reason)" : refund.reason
    }

    /// Each subscription's status, by the transaction that pays for its period now.
    static func subscriptionStatuses(_ history: LedgerHistory) -> [String: SubscriptionStatus] {
        var statuses: [String: SubscriptionStatus] = [:]
        for player in history.players {
            for subscription in player.subscriptions { statuses[subscription.latestTransactionId] = subscription.status }
        }
        return statuses
    }
}
