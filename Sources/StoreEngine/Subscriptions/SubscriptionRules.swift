import Catalog
import Foundation
import Ledger

/// The calendar rules for an auto-renewable subscription, pure: when its next step falls due,
/// and where it stands at a moment. A renewal that fails on a billing issue starts a grace
/// period in which access stays, then a time without access (the App Store's billing retry: in
/// real time 6 or 16 days of grace, then retry until 60 days from the failure); a cleared issue
/// recovers it, and that time running out expires it. How long each lasts is the calendar of
/// the subscription's store (`SubscriptionCalendar`), on the clock's `RenewalRate`.
public enum SubscriptionRules {
    public static let billingRetryDays = 60

    /// When the grace period after a failed renewal ends.
    static func graceEnd(_ subscription: SubscriptionRecord, period: SubscriptionPeriod?, rate: RenewalRate) -> Date? {
        subscription.billingIssueAt.map { subscription.calendar.graceEnd(for: period, from: $0, at: rate) }
    }

    /// When the time without access after a failed renewal's grace runs out.
    static func retryEnd(_ subscription: SubscriptionRecord, period: SubscriptionPeriod?, rate: RenewalRate) -> Date? {
        subscription.billingIssueAt.map { subscription.calendar.retryEnd(for: period, from: $0, at: rate) }
    }

    /// When something next happens to the subscription on the calendar, if anything will.
    static func nextDue(of subscription: SubscriptionRecord, period: SubscriptionPeriod?, rate: RenewalRate,
                        after now: Date) -> Date? {
        guard subscription.endedAt == nil else { return nil }
        if let pausedUntil = subscription.pausedUntil { return pausedUntil }
        if let graceEnd = graceEnd(subscription, period: period, rate: rate), let retryEnd = retryEnd(subscription, period: period, rate: rate) {
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
        if subscription.pausedUntil != nil { return .paused }
        if let graceEnd = graceEnd(subscription, period: period, rate: rate) {
            return time < graceEnd ? .inGracePeriod : .inBillingRetryPeriod
        }
        return time < subscription.expiresAt ? .subscribed : .expired
    }
}

/// Where a subscription stands (the App Store's `RenewalState`).
public enum SubscriptionStatus: String, Sendable, Equatable {
    case subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked
    /// Paused (a store that has pauses): no access and no renewal until it resumes.
    case paused

    /// Whether the player has access in this state.
    public var hasAccess: Bool { self == .subscribed || self == .inGracePeriod }
}
