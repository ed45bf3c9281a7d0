import Foundation
import StoreEngine

/// The simulated calendar as the status bar shows it and the time keys drive it: the rate the
/// engine runs it at and the one `]` and `[` stepped to, how long periods last, when something
/// next falls due, and the days counted before `+`. Its own update takes the keys and the
/// engine's reports and returns the engine calls they make.
public struct TimeControls: Sendable, Equatable {
    /// How fast the simulated calendar runs, as the engine last reported it.
    public private(set) var timeRate: TimeRate = .running(.realTime)
    /// Where `]` and `[` have stepped to, until the keys settle and the engine applies it.
    public private(set) var pendingTimeRate: TimeRate?
    /// How long periods last, whether or not the clock runs.
    public private(set) var renewalRate: RenewalRate = .realTime
    /// When the engine next has something to do on the clock, as it last reported.
    public private(set) var nextDue: Date?
    /// Digits typed before `+`: how many days it moves the calendar.
    public private(set) var advanceCount: Int?

    /// Wall seconds without a rate key before the rate is applied.
    static let rateKeysSettle = 0.4

    enum Action: Sendable, Equatable {
        case reported(TimeRate, renewal: RenewalRate, nextDue: Date?)
        /// `]` (1) or `[` (-1).
        case stepRate(by: Int)
        /// The rate keys have settled.
        case applyPendingRate
        /// A digit of the count of days.
        case count(Int)
        /// Any other key on the main screen: a count is for the `+` right after it.
        case dropCount
        /// `+`: the calendar a day on, or the days counted.
        case advanceCalendar
    }

    public init() {}

    /// The rate the status bar shows: the one the keys stepped to, else the engine's.
    public var shownTimeRate: TimeRate { pendingTimeRate ?? timeRate }

    /// Whether the simulated clock stands still (only `+` and `>` move it).
    public var isPaused: Bool { shownTimeRate == .paused }

    mutating func update(_ action: Action) -> [Effect] {
        switch action {
        case .reported(let rate, let renewal, let due):
            timeRate = rate
            renewalRate = renewal
            nextDue = due
        case .stepRate(let step):
            // Stepped here at once, so every press takes a step whatever the engine answers
            // meanwhile; applied once the keys settle, so the rates passed through on the way
            // never run (nor end a subscription at the sandbox's limit), and one `clock.rate` is logged.
            pendingTimeRate = shownTimeRate.stepped(by: step)
            return [.deliverWhenQuiet(.applyTimeRate, wallSeconds: Self.rateKeysSettle)]
        case .applyPendingRate:
            guard let rate = pendingTimeRate else { return [] }
            pendingTimeRate = nil
            guard rate != timeRate else { return [] }
            timeRate = rate
            return [.engine(.setTimeRate(rate, keepingClockPaused: false))]
        case .count(let digit):
            advanceCount = min(9_999, (advanceCount ?? 0) * 10 + digit)
        case .dropCount:
            advanceCount = nil
        case .advanceCalendar:
            // `7+`: a count typed first is how many days.
            let days = max(1, advanceCount ?? 1)
            advanceCount = nil
            return [.engine(.advanceCalendar(by: Double(days) * 86_400))]
        }
        return []
    }
}
