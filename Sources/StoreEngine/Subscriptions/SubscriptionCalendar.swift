import Catalog
import Foundation
import Ledger

/// The calendar rules a store runs its subscriptions on, on the clock's renewal rate: how long a
/// period (and a free trial) lasts, the grace period after a renewal fails, when the time
/// without access that follows it (the App Store's billing retry, another store's hold) runs
/// out, and how many renewals a test environment makes before it stops. The lifecycle asks the
/// subscription's own path for them (`PathRegistry.calendar(of:)`), so a path whose store keeps
/// another calendar brings it in its folder; `AppStoreCalendar` is every other path's.
protocol SubscriptionCalendar: Sendable {
    /// The end of `count` periods of `period` from `start`; `isFreeTrial` when they are a free
    /// trial's (a store may give a trial its own length on a test rate).
    func end(of period: SubscriptionPeriod, count: Int, isFreeTrial: Bool, from start: Date, at rate: RenewalRate) -> Date

    /// The end of the grace period (access kept) after a renewal of a `period` plan failed.
    func graceEnd(for period: SubscriptionPeriod?, from failure: Date, at rate: RenewalRate) -> Date

    /// When the time without access after grace runs out, and the subscription expires.
    func retryEnd(for period: SubscriptionPeriod?, from failure: Date, at rate: RenewalRate) -> Date

    /// How many renewals in a row at `rate` before auto-renew stops; nil for no limit.
    func renewalLimit(at rate: RenewalRate) -> Int?

    /// What the time without access after grace is called in events and panes.
    var retryName: String { get }

    /// The player's notice says so when grace ends ("access is off while …").
    var retryExplanation: String { get }

    /// Who stops the renewals at the limit, as the events say it ("the sandbox").
    var limitSetter: String { get }
}

/// The App Store's calendar, by Apple's tables (`RenewalRate`): a week's trial is a week, grace
/// after a failed renewal, then billing retry until 60 days from the failure; the sandbox stops
/// after 12 renewals.
struct AppStoreCalendar: SubscriptionCalendar {
    func end(of period: SubscriptionPeriod, count: Int, isFreeTrial: Bool, from start: Date, at rate: RenewalRate) -> Date {
        rate.end(of: period, count: count, from: start)
    }

    func graceEnd(for period: SubscriptionPeriod?, from failure: Date, at rate: RenewalRate) -> Date {
        rate.graceEnd(for: period, from: failure)
    }

    func retryEnd(for period: SubscriptionPeriod?, from failure: Date, at rate: RenewalRate) -> Date {
        rate.retryEnd(from: failure)
    }

    func renewalLimit(at rate: RenewalRate) -> Int? { rate.renewalLimit }

    var retryName: String { "billing retry" }

    var retryExplanation: String { "access is off while the store retries billing" }

    var limitSetter: String { "the sandbox" }
}

extension SubscriptionRecord {
    /// The calendar its path's store keeps.
    var calendar: any SubscriptionCalendar { PathRegistry.calendar(of: integrationPath) }
}

extension TransactionRecord {
    /// The calendar its path's store keeps.
    var calendar: any SubscriptionCalendar { PathRegistry.calendar(of: integrationPath) }
}

extension SubscriptionSummary {
    /// What its store calls the time without access after grace ("billing retry").
    public var retryName: String { PathRegistry.calendar(of: path?.rawValue).retryName }
}
