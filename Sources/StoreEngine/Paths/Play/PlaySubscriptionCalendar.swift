import Catalog
import Foundation

/// Google Play's calendar for subscriptions. At the clock's sandbox rate, Google's table for
/// licence testers' test purchases: 1 week and 1 month renew every 5 minutes, 3 months every
/// 10, 6 months every 15, 1 year every 30; a free trial lasts 3 minutes (a paid introductory
/// phase as long as a period); grace is 5 minutes and account hold (no access) 10 more; a
/// test subscription renews at most 6 times, then is cancelled. In real time: grace of 3 days
/// for a weekly plan and 7 for the others, then 30 days of account hold. Every other rate (the
/// fixed ones, Apple's monthly tables) runs as on the other paths.
struct PlaySubscriptionCalendar: SubscriptionCalendar {
    /// The test table's seconds: grace, account hold, a free trial.
    static let testGrace: TimeInterval = 300
    static let testHold: TimeInterval = 600
    static let testTrial: TimeInterval = 180
    static let testRenewalLimit = 6

    private let others = AppStoreCalendar()

    func end(of period: SubscriptionPeriod, count: Int, isFreeTrial: Bool, from start: Date, at rate: RenewalRate) -> Date {
        guard rate == .sandbox else {
            return others.end(of: period, count: count, isFreeTrial: isFreeTrial, from: start, at: rate)
        }
        // A free trial is 3 minutes however long it is; everything else by the period's length.
        if isFreeTrial { return start.addingTimeInterval(Self.testTrial) }
        return start.addingTimeInterval(Self.testLength(of: period) * Double(count))
    }

    /// One period on the test table; lengths Google's table does not list take the next listed
    /// length at or above theirs.
    static func testLength(of period: SubscriptionPeriod) -> TimeInterval {
        switch period.approximateDays {
        case ...31: return 300
        case ...92: return 600
        case ...183: return 900
        default: return 1800
        }
    }

    func graceEnd(for period: SubscriptionPeriod?, from failure: Date, at rate: RenewalRate) -> Date {
        switch rate {
        case .sandbox: return failure.addingTimeInterval(Self.testGrace)
        case .realTime:
            let weekly = period.map { $0.approximateDays <= 7 } ?? false
            return SimulatedCalendar.end(of: SubscriptionPeriod(value: weekly ? 3 : 7, unit: .day), from: failure)
        default: return others.graceEnd(for: period, from: failure, at: rate)
        }
    }

    func retryEnd(for period: SubscriptionPeriod?, from failure: Date, at rate: RenewalRate) -> Date {
        let grace = graceEnd(for: period, from: failure, at: rate)
        switch rate {
        case .sandbox: return grace.addingTimeInterval(Self.testHold)
        case .realTime: return SimulatedCalendar.end(of: SubscriptionPeriod(value: 30, unit: .day), from: grace)
        default: return others.retryEnd(for: period, from: failure, at: rate)
        }
    }

    func renewalLimit(at rate: RenewalRate) -> Int? {
        rate == .sandbox ? Self.testRenewalLimit : others.renewalLimit(at: rate)
    }

    var retryName: String { "account hold" }

    var retryExplanation: String { "access is off while the account is on hold (fix the payment to recover it)" }

    var limitSetter: String { "Google Play's licence testing" }
}

extension PlayPath {
    static var subscriptionCalendar: any SubscriptionCalendar { PlaySubscriptionCalendar() }
}
