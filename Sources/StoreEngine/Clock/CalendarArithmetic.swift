import Catalog
import Foundation

/// Calendar arithmetic on the simulated clock: a subscription period ends on the same day of a
/// later month, clamped to the month's last day (`P1M` from 31 January ends on the last day of
/// February), never after a fixed count of days. Gregorian, in UTC, so a ledger reads the same
/// everywhere.
public enum SimulatedCalendar {
    public static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// The end of `count` periods that start at `start`.
    public static func end(of period: SubscriptionPeriod, count: Int = 1, from start: Date) -> Date {
        let value = period.value * count
        var components = DateComponents()
        switch period.unit {
        case .day: components.day = value
        case .week: components.day = value * 7
        case .month: components.month = value
        case .year: components.year = value
        }
        return calendar.date(byAdding: components, to: start) ?? start.addingTimeInterval(Double(period.approximateDays * count) * 86_400)
    }
}
