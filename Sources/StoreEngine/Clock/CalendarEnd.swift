import Foundation

/// Where the simulated calendar stops. Its last second is 9999-12-31 23:59:59 UTC: four-digit
/// years are what ISO 8601 timestamps, the panes and the history show, and every date up to it
/// is exact in the ledger's doubles and in a JWS's milliseconds. Nothing moves the clock past it
/// (`advance`, `+`, `>`, a scenario line), and a ledger whose clock is off it is refused at open.
extension Clock {
    /// The first second of year 1, UTC: no clock the engine keeps is earlier.
    public static let earliest = Date(timeIntervalSince1970: -62_135_596_800)
    /// The last second of year 9999, UTC.
    public static let latest = Date(timeIntervalSince1970: 253_402_300_799)

    /// Whether `date` is on the calendar (a NaN date is not).
    public static func holds(_ date: Date) -> Bool {
        date >= earliest && date <= latest
    }

    /// What the player reads when a move would take the calendar past its end (short enough
    /// for the bottom line at 80 columns; the status bar shows where the calendar stands).
    static let endNotice = StoreNotice(.error, "The calendar ends at 9999-12-31 23:59:59 UTC; it did not move.")
}
