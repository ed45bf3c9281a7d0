import Foundation

/// The simulated calendar every part of the engine reads time from: a simulated
/// time, and a rate that maps wall time onto it. QA moves the calendar with `advance(by:)`;
/// scenarios pause it, so nothing time-based happens unless a line says so.
///
/// A value: the engine keeps the one that counts (and the ledger keeps it across launches);
/// the program loop holds a copy to know when the next thing falls due in wall time.
public struct Clock: Sendable, Equatable {
    public enum Rate: Sendable, Equatable, CustomStringConvertible {
        /// Simulated time stands still; only `advance` moves it.
        case paused
        /// Simulated seconds per wall second; 1 is real time.
        case scaled(Double)

        public static let realTime = Rate.scaled(1)

        public var description: String {
            switch self {
            case .paused: return "paused"
            case .scaled(let factor): return factor == 1 ? "real time" : "×\(Self.format(factor))"
            }
        }

        private static func format(_ factor: Double) -> String {
            Int(exactly: factor).map(String.init) ?? String(factor)
        }
    }

    public private(set) var rate: Rate
    /// At wall time `anchorWall` the simulated time was `anchorSimulated`.
    private var anchorSimulated: Date
    private var anchorWall: Date

    public init(simulated: Date, wall: Date, rate: Rate) {
        anchorSimulated = simulated
        anchorWall = wall
        self.rate = rate
    }

    /// Real time from the wall clock: what the app runs on unless QA changes it.
    public static func realTime(at wall: Date) -> Clock {
        Clock(simulated: wall, wall: wall, rate: .realTime)
    }

    /// Standing still at `simulated`: what scenarios run on.
    public static func paused(at simulated: Date) -> Clock {
        Clock(simulated: simulated, wall: simulated, rate: .paused)
    }

    /// The simulated time when the wall clock reads `wall`.
    public func now(atWall wall: Date) -> Date {
        switch rate {
        case .paused: return anchorSimulated
        case .scaled(let factor): return anchorSimulated.addingTimeInterval(wall.timeIntervalSince(anchorWall) * factor)
        }
    }

    /// Moves the simulated calendar on by `seconds` (never back).
    public mutating func advance(by seconds: TimeInterval, atWall wall: Date) {
        move(to: now(atWall: wall).addingTimeInterval(max(0, seconds)), atWall: wall)
    }

    /// Sets the simulated time to `simulated` unless that would move it back.
    public mutating func move(to simulated: Date, atWall wall: Date) {
        anchorSimulated = max(simulated, now(atWall: wall))
        anchorWall = wall
    }

    /// Changes the rate from now on; what already passed stays as it was.
    public mutating func change(rate newRate: Rate, atWall wall: Date) {
        anchorSimulated = now(atWall: wall)
        anchorWall = wall
        rate = newRate
    }

    /// Wall seconds from `wall` until the simulated time reaches `date`: zero when it has,
    /// nil while paused (only `advance` gets there).
    public func wallSeconds(until date: Date, atWall wall: Date) -> TimeInterval? {
        let remaining = date.timeIntervalSince(now(atWall: wall))
        guard remaining > 0 else { return 0 }
        switch rate {
        case .paused: return nil
        case .scaled(let factor): return remaining / factor
        }
    }
}
