import Foundation

/// The store's time: the wall clock it reads, the simulated calendar over it (kept in the
/// ledger whenever it changes), and how long subscription periods last on it.
struct StoreCalendar {
    let wallTime: () -> Date
    var clock: Clock
    var renewalRate: RenewalRate = .realTime

    /// Simulated time now.
    func now() -> Date {
        clock.now(atWall: wallTime())
    }
}
