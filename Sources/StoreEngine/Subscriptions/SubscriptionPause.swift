import Catalog
import Foundation

/// How long a subscription pauses, on a store that pauses them (the path says so:
/// `IntegrationPath.pausesSubscriptions`): the lengths a subscriber can choose, as Google Play
/// offers them. A pause starts when the period running ends and lasts as long as the clock's
/// renewal rate makes that length, as a period of the same length would.
public enum PauseDuration: String, Sendable, Equatable, CaseIterable {
    case oneWeek = "1w"
    case twoWeeks = "2w"
    case oneMonth = "1m"
    case twoMonths = "2m"
    case threeMonths = "3m"

    /// The length as a subscription period, for the calendar to time it.
    var period: SubscriptionPeriod {
        switch self {
        case .oneWeek: return SubscriptionPeriod(value: 1, unit: .week)
        case .twoWeeks: return SubscriptionPeriod(value: 2, unit: .week)
        case .oneMonth: return SubscriptionPeriod(value: 1, unit: .month)
        case .twoMonths: return SubscriptionPeriod(value: 2, unit: .month)
        case .threeMonths: return SubscriptionPeriod(value: 3, unit: .month)
        }
    }

    /// "1 week", "2 months": the catalog's words for a length, in English as the manager's
    /// other lines are.
    public var words: String {
        PeriodWords(locale: "en_US").duration(value: period.value, unit: period.unit)
    }

    /// When a pause of this length that starts at `start` ends, on `calendar` at `rate`.
    func end(from start: Date, on calendar: any SubscriptionCalendar, at rate: RenewalRate) -> Date {
        calendar.end(of: period, count: 1, isFreeTrial: false, from: start, at: rate)
    }
}
