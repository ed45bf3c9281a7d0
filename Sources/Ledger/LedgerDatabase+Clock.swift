import Foundation

/// The simulated clock as the ledger keeps it: at wall time `wall` the simulated time was
/// `simulated`, and `rate` simulated seconds pass per wall second (nil: paused). The engine
/// owns what these mean; the ledger only keeps them across launches.
public struct ClockRecord: Sendable, Equatable {
    public var simulated: Date
    public var wall: Date
    public var rate: Double?

    public init(simulated: Date, wall: Date, rate: Double?) {
        self.simulated = simulated
        self.wall = wall
        self.rate = rate
    }
}

extension LedgerDatabase {
    /// The clock kept by the last run, or nil for a new ledger.
    public func clock() throws -> ClockRecord? {
        let statement = try database.prepare("SELECT simulated, wall, rate FROM clock WHERE id = 1")
        guard try statement.step() else { return nil }
        return ClockRecord(simulated: statement.date(column: 0), wall: statement.date(column: 1),
                           rate: statement.optionalDouble(column: 2))
    }

    /// Replaces the kept clock. A rate of zero or less is refused by the table; pass nil to pause.
    public func saveClock(_ clock: ClockRecord) throws {
        let statement = try database.prepare("""
            INSERT INTO clock (id, simulated, wall, rate) VALUES (1, ?1, ?2, ?3)
            ON CONFLICT (id) DO UPDATE SET simulated = excluded.simulated, wall = excluded.wall, rate = excluded.rate
            """)
        try statement.bind(clock.simulated, at: 1)
        try statement.bind(clock.wall, at: 2)
        try statement.bind(clock.rate, at: 3)
        try statement.step()
    }
}
