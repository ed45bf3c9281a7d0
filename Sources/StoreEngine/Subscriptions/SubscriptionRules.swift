import Catalog
import Foundation
import Ledger

/// The App Store's calendar rules for an auto-renewable subscription, pure: when
/// its next step falls due, and where it stands at a moment. A renewal that fails on a billing
/// issue starts a grace period (in real time 6 days for a weekly plan, 16 for the others) in
/// which access stays, then billing retry (60 days from the failure) without access; a cleared
/// issue recovers it, and retry running out expires it. `RenewalRate` shrinks all of it.
public enum SubscriptionRules {
    public static let billingRetryDays = 60

    /// When the grace period after a failed renewal ends.
    static func graceEnd(_ subscription: SubscriptionRecord, period: SubscriptionPeriod?, rate: RenewalRate) -> Date? {
        subscription.billingIssueAt.map { rate.graceEnd(for: period, from: $0) }
    }

    /// When billing retry after a failed renewal runs out.
    static func retryEnd(_ subscription: SubscriptionRecord, rate: RenewalRate) -> Date? {
        subscription.billingIssueAt.map { rate.retryEnd(from: $0) }
    }

    /// When something next happens to the subscription on the calendar, if anything will.
    static func nextDue(of subscription: SubscriptionRecord, period: SubscriptionPeriod?, rate: RenewalRate,
                        after now: Date) -> Date? {
        guard subscription.endedAt == nil else { return nil }
        if let graceEnd = graceEnd(subscription, period: period, rate: rate), let retryEnd = retryEnd(subscription, rate: rate) {
            return graceEnd > now ? graceEnd : retryEnd
        }
        return subscription.expiresAt
    }

    /// The subscription's status at `time`, as the App Store's `Product.SubscriptionInfo.RenewalState`
    /// names it.
    static func status(of subscription: SubscriptionRecord, period: SubscriptionPeriod?, rate: RenewalRate,
                       at time: Date) -> SubscriptionStatus {
        if let ended = subscription.endedAt, ended <= time {
            return subscription.endReason == "revoked" ? .revoked : .expired
        }
        if let graceEnd = graceEnd(subscription, period: period, rate: rate) {
            return time < graceEnd ? .inGracePeriod : .inBillingRetryPeriod
        }
        return time < subscription.expiresAt ? .subscribed : .expired
    }
}

/// Where a subscription stands (the App Store's `RenewalState`).
public enum SubscriptionStatus: String, Sendable, Equatable {
    case subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked

    /// Whether the player has access in this state.
    public var hasAccess: Bool { self == .subscribed || self == .inGracePeriod }
}
