import Foundation

/// What `]` and `[` step through, and a scenario's `rate NAME` names: the clock stopped (only
/// `advance` moves it), or running at wall-clock speed with subscription periods as long as a
/// `RenewalRate` makes them.
public enum TimeRate: Sendable, Equatable, CustomStringConvertible {
    case paused
    case running(RenewalRate)

    /// Slowest first, by how long a month lasts (then a year): `]` goes right, always faster;
    /// `[` left, always slower.
    public static let all: [TimeRate] = [.paused] + RenewalRate.slowestFirst.map(TimeRate.running)

    /// The next faster (`step` 1) or slower (-1) rate, stopping at either end.
    public func stepped(by step: Int) -> TimeRate {
        let index = Self.all.firstIndex(of: self) ?? 1
        return Self.all[min(max(0, index + step), Self.all.count - 1)]
    }

    /// `paused`, or the renewal rate's name.
    public var name: String {
        switch self {
        case .paused: return "paused"
        case .running(let rate): return rate.rawValue
        }
    }

    public init?(name: String) {
        if name == "paused" {
            self = .paused
            return
        }
        guard let rate = RenewalRate(catalogName: name) else { return nil }
        self = .running(rate)
    }

    public var description: String {
        switch self {
        case .paused: return "paused: + moves the calendar a day on, > to the next thing due, ] runs it"
        case .running(let rate): return rate.description
        }
    }
}

extension Store {
    /// The rate as QA sees it: the clock paused, or running with the renewal rate.
    public var timeRate: TimeRate {
        clock.rate == .paused ? .paused : .running(renewalRate)
    }

    /// `]`, `[`, or a scenario's `rate`: pauses the clock, or runs it at wall-clock speed with
    /// periods as long as `rate` makes them. What is left of a period already running is
    /// rescaled to the new rate (`rescaleRunningPeriods`); grace and retry follow it too. Kept
    /// in the ledger, logged, in one commit.
    public func setTimeRate(_ rate: TimeRate, keepingClockPaused: Bool = false) throws(StoreError) -> StoreReport {
        try takeCall {
            // What the commit changes in memory goes back with it if it fails: the rate and the
            // clock (the account and the agenda are read again by `takeCall`).
            let (oldRate, oldClock) = (renewalRate, clock)
            do {
                try ledger.inTransaction {
                    var moved: [String] = []
                    switch rate {
                    case .paused:
                        try changeClock(rate: .paused)
                    case .running(let renewal):
                        renewalRate = renewal
                        try ledger.setSetting(Self.renewalRateSetting, to: renewal.rawValue)
                        try ledger.setSetting(Self.renewalRateInUseSetting, to: renewal.rawValue)
                        if !keepingClockPaused, clock.rate == .paused { try changeClock(rate: .realTime) }
                        moved = try rescaleRunningPeriods(from: oldRate, to: renewal)
                        scheduleSubscriptions()
                    }
                    let rescaled = moved.isEmpty ? "" : "; running periods rescaled: " + moved.joined(separator: ", ")
                    try log(.clockRate, rate.description + rescaled, nil, now())
                }
            } catch {
                renewalRate = oldRate
                restore(clock: oldClock)
                throw error
            }
            return StoreNotice(.info, "Time: \(rate.description).")
        }
    }
}
