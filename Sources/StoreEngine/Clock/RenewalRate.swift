import Catalog
import Foundation

/// How long a subscription period lasts on the simulated clock, as Apple's test
/// environments compress it: the calendar itself (real time); a table per period in which a
/// month takes an hour, 30, 15 or 5 minutes or 30 seconds (`SKTestSession.TimeRate`'s
/// `monthlyRenewalEvery…`; the sandbox's rates are the 5-minute table, with auto-renew
/// stopping after 12 renewals); or one fixed length for every period (`oneRenewalEvery…`).
/// The grace period and billing retry shrink with it, by Apple's tables.
public enum RenewalRate: String, Sendable, Equatable, CaseIterable {
    case realTime = "real"
    case monthlyEveryHour = "month-1h"
    case monthlyEvery30Minutes = "month-30m"
    case monthlyEvery15Minutes = "month-15m"
    case sandbox
    case monthlyEvery5Minutes = "month-5m"
    case monthlyEvery30Seconds = "month-30s"
    case every15Minutes = "every-15m"
    case every5Minutes = "every-5m"
    case everyMinute = "every-1m"
    case every30Seconds = "every-30s"
    case every10Seconds = "every-10s"
    case every2Seconds = "every-2s"

    /// The catalog's `timeRate` (`real`, `sandbox`, or one of the names here); `fast` is the
    /// fastest monthly table.
    public init?(catalogName: String) {
        if catalogName == "fast" {
            self = .monthlyEvery30Seconds
            return
        }
        guard let rate = RenewalRate(rawValue: catalogName) else { return nil }
        self = rate
    }

    /// For the status bar: what a month (or every period) takes.
    public var shortName: String {
        switch self {
        case .realTime: return "real time"
        case .monthlyEveryHour: return "1 mo = 1 h"
        case .monthlyEvery30Minutes: return "1 mo = 30 min"
        case .monthlyEvery15Minutes: return "1 mo = 15 min"
        case .sandbox: return "sandbox"
        case .monthlyEvery5Minutes: return "1 mo = 5 min"
        case .monthlyEvery30Seconds: return "1 mo = 30 s"
        case .every15Minutes: return "every 15 min"
        case .every5Minutes: return "every 5 min"
        case .everyMinute: return "every 1 min"
        case .every30Seconds: return "every 30 s"
        case .every10Seconds: return "every 10 s"
        case .every2Seconds: return "every 2 s"
        }
    }

    /// In full, for notices and help.
    public var description: String {
        switch self {
        case .realTime: return "real time: periods run on the calendar"
        case .sandbox: return "Apple's sandbox: 1 week = 3 min, 1 month = 5 min, 1 year = 1 hour; auto-renew stops after 12 renewals"
        case .every15Minutes, .every5Minutes, .everyMinute, .every30Seconds, .every10Seconds, .every2Seconds:
            return "one renewal \(shortName), whatever the period"
        default: return "a monthly renewal \(shortName.replacingOccurrences(of: "1 mo = ", with: "every "))"
        }
    }

    /// Every rate, slowest first: by how long a month lasts, then a year (a month in 15 minutes
    /// with a year in 3 hours is slower than every period in 15 minutes), then as listed.
    public static let slowestFirst: [RenewalRate] = {
        let start = Date(timeIntervalSinceReferenceDate: 0)
        func seconds(_ rate: RenewalRate, _ unit: SubscriptionPeriod.Unit) -> TimeInterval {
            rate.end(of: SubscriptionPeriod(value: 1, unit: unit), from: start).timeIntervalSince(start)
        }
        return allCases.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            return (-seconds(a, .month), -seconds(a, .year), first.offset) < (-seconds(b, .month), -seconds(b, .year), second.offset)
        }.map(\.element)
    }()

    /// How many renewals before auto-renew stops (Apple's sandbox); nil for no limit.
    public var renewalLimit: Int? { self == .sandbox ? 12 : nil }

    /// Seconds a period of each length takes: week, month, two months, three, six, a year.
    private var table: [Double]? {
        switch self {
        case .realTime, .every15Minutes, .every5Minutes, .everyMinute, .every30Seconds, .every10Seconds, .every2Seconds:
            return nil
        case .monthlyEveryHour: return [900, 3600, 7200, 10_800, 21_600, 43_200]
        case .monthlyEvery30Minutes: return [600, 1800, 3600, 5400, 10_800, 21_600]
        case .monthlyEvery15Minutes: return [300, 900, 1800, 2700, 5400, 10_800]
        case .sandbox, .monthlyEvery5Minutes: return [180, 300, 600, 900, 1800, 3600]
        case .monthlyEvery30Seconds: return [10, 30, 60, 90, 180, 360]
        }
    }

    /// One period of any length, for the fixed rates.
    private var fixedInterval: Double? {
        switch self {
        case .every15Minutes: return 900
        case .every5Minutes: return 300
        case .everyMinute: return 60
        case .every30Seconds: return 30
        case .every10Seconds: return 10
        case .every2Seconds: return 2
        default: return nil
        }
    }

    /// The end of `count` periods from `start`.
    public func end(of period: SubscriptionPeriod, count: Int = 1, from start: Date) -> Date {
        if let fixed = fixedInterval { return start.addingTimeInterval(fixed * Double(count)) }
        guard let table else { return SimulatedCalendar.end(of: period, count: count, from: start) }
        let one: Double
        switch (period.unit, period.value) {
        case (.week, 1): one = table[0]
        case (.month, 1): one = table[1]
        case (.month, 2): one = table[2]
        case (.month, 3): one = table[3]
        case (.month, 6): one = table[4]
        case (.year, 1): one = table[5]
        default:
            // Lengths Apple's tables do not list: in proportion to the month.
            one = table[1] * Double(period.approximateDays) / 30
        }
        return start.addingTimeInterval(one * Double(count))
    }

    /// The grace period after a renewal fails, for a plan of `period`.
    func graceEnd(for period: SubscriptionPeriod?, from failure: Date) -> Date {
        let weekly = period.map { $0.unit == .week || ($0.unit == .day && $0.value <= 7) } ?? false
        if let fixed = fixedInterval { return failure.addingTimeInterval(fixed) }
        switch self {
        case .realTime:
            return SimulatedCalendar.end(of: SubscriptionPeriod(value: weekly ? 6 : 16, unit: .day), from: failure)
        case .monthlyEveryHour: return failure.addingTimeInterval(weekly ? 771 : 1800)
        case .monthlyEvery30Minutes: return failure.addingTimeInterval(weekly ? 514 : 900)
        case .monthlyEvery15Minutes: return failure.addingTimeInterval(weekly ? 257 : 450)
        case .sandbox, .monthlyEvery5Minutes: return failure.addingTimeInterval(weekly ? 154 : 150)
        case .monthlyEvery30Seconds: return failure.addingTimeInterval(weekly ? 9 : 15)
        default: return failure
        }
    }

    /// When billing retry after a failed renewal runs out.
    func retryEnd(from failure: Date) -> Date {
        if let fixed = fixedInterval { return failure.addingTimeInterval(2 * fixed) }
        switch self {
        case .realTime:
            return SimulatedCalendar.end(of: SubscriptionPeriod(value: SubscriptionRules.billingRetryDays, unit: .day),
                                         from: failure)
        case .monthlyEveryHour: return failure.addingTimeInterval(7200)
        case .monthlyEvery30Minutes: return failure.addingTimeInterval(3600)
        case .monthlyEvery15Minutes: return failure.addingTimeInterval(1800)
        case .sandbox, .monthlyEvery5Minutes: return failure.addingTimeInterval(600)
        case .monthlyEvery30Seconds: return failure.addingTimeInterval(60)
        default: return failure
        }
    }
}
