import Catalog
import Foundation
import Ledger

/// The App Store's calendar rules for an auto-renewable subscription (DESIGN.md §3), pure: when
/// its next step falls due, and where it stands at a moment. A renewal that fails on a billing
/// issue starts a grace period (6 days for a weekly plan, 16 for the others) in which access
/// stays, then billing retry (60 days from the failure) without access; a cleared issue
/// recovers it, and retry running out expires it.
public enum SubscriptionRules {
    public static let billingRetryDays = 60

    /// The grace period's length for a plan of `period`.
    public static func graceDays(for period: SubscriptionPeriod?) -> Int {
        guard let period else { return 16 }
        return period.unit == .week || (period.unit == .day && period.value <= 7) ? 6 : 16
    }

    static func days(_ count: Int, after date: Date) -> Date {
        SimulatedCalendar.end(of: SubscriptionPeriod(value: count, unit: .day), from: date)
    }

    /// When the grace period after a failed renewal ends.
    static func graceEnd(_ subscription: SubscriptionRecord, period: SubscriptionPeriod?) -> Date? {
        subscription.billingIssueAt.map { days(graceDays(for: period), after: $0) }
    }

    /// When billing retry after a failed renewal runs out.
    static func retryEnd(_ subscription: SubscriptionRecord) -> Date? {
        subscription.billingIssueAt.map { days(billingRetryDays, after: $0) }
    }

    /// When something next happens to the subscription on the calendar, if anything will.
    static func nextDue(of subscription: SubscriptionRecord, period: SubscriptionPeriod?, after now: Date) -> Date? {
        guard subscription.endedAt == nil else { return nil }
        if let graceEnd = graceEnd(subscription, period: period), let retryEnd = retryEnd(subscription) {
            return graceEnd > now ? graceEnd : retryEnd
        }
        return subscription.expiresAt
    }

    /// The subscription's status at `time`, as StoreKit's `Product.SubscriptionInfo.RenewalState`
    /// names it.
    static func status(of subscription: SubscriptionRecord, period: SubscriptionPeriod?, at time: Date) -> SubscriptionStatus {
        if let ended = subscription.endedAt, ended <= time {
            return subscription.endReason == "revoked" ? .revoked : .expired
        }
        if let graceEnd = graceEnd(subscription, period: period) {
            return time < graceEnd ? .inGracePeriod : .inBillingRetryPeriod
        }
        return time < subscription.expiresAt ? .subscribed : .expired
    }
}

/// Where a subscription stands (StoreKit's `RenewalState`).
public enum SubscriptionStatus: String, Sendable, Equatable {
    case subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked

    /// Whether the player has access in this state.
    public var hasAccess: Bool { self == .subscribed || self == .inGracePeriod }
}
