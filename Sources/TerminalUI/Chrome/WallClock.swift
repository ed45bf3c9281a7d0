import Foundation

/// `09:46:40` and `2026-11-18` in one time zone: a value that crosses actors freely.
///
/// The fields are worked out from the seconds since 1970 and the zone's offset at that moment
/// rather than by `Calendar.dateComponents` and `String(format:)`: a frame that takes an engine
/// report dates every Server and Transactions row again, and on Linux those two cost more than
/// the rest of the frame. `WallClockTests` holds the arithmetic to the Gregorian calendar's.
public struct WallClock: Sendable, Equatable {
    private let timeZone: TimeZone

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    public func time(_ date: Date) -> String {
        let fields = Fields(date, in: timeZone)
        return Self.twoDigits(fields.hour) + ":" + Self.twoDigits(fields.minute) + ":" + Self.twoDigits(fields.second)
    }

    /// `01-08 09:00`: the simulated calendar in the status bar.
    public func minute(_ date: Date) -> String {
        let fields = Fields(date, in: timeZone)
        return Self.twoDigits(fields.month) + "-" + Self.twoDigits(fields.day) + " "
            + Self.twoDigits(fields.hour) + ":" + Self.twoDigits(fields.minute)
    }

    /// `01-08 09:00:20`: an expiry when periods last seconds.
    public func second(_ date: Date) -> String {
        minute(date) + ":" + Self.twoDigits(Fields(date, in: timeZone).second)
    }

    /// `11-18 09:46:40`, or `today 09:46:40` on the day of `today`: five cells of day either
    /// way, so times line up.
    public func dayAndTime(_ date: Date, today: Date) -> String {
        guard !isSameDay(date, today) else { return "today " + time(date) }
        let fields = Fields(date, in: timeZone)
        return Self.twoDigits(fields.month) + "-" + Self.twoDigits(fields.day) + " " + time(date)
    }

    public func isSameDay(_ date: Date, _ other: Date) -> Bool {
        localDay(date) == localDay(other)
    }

    /// Days since 1970-01-01 on this clock: for comparing many dates with one day, worked out once.
    func localDay(_ date: Date) -> Int {
        Fields.localDay(date, in: timeZone)
    }

    public func day(_ date: Date) -> String {
        let fields = Fields(date, in: timeZone)
        let year = String(fields.year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + Self.twoDigits(fields.month) + "-"
            + Self.twoDigits(fields.day)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }

    /// A moment's Gregorian date and time of day in a zone.
    struct Fields: Equatable {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

        /// Seconds since 1970 on the zone's wall clock (its offset at that moment, summer time
        /// included), to the whole second below, as `Calendar` rounds.
        static func localSeconds(_ date: Date, in zone: TimeZone) -> Int {
            Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        }

        /// Days since 1970-01-01 on the zone's wall clock.
        static func localDay(_ date: Date, in zone: TimeZone) -> Int {
            floorDivide(localSeconds(date, in: zone), 86_400)
        }

        init(_ date: Date, in zone: TimeZone) {
            let seconds = Self.localSeconds(date, in: zone)
            let days = Self.floorDivide(seconds, 86_400)
            let ofDay = seconds - days * 86_400
            (hour, minute, second) = (ofDay / 3_600, ofDay % 3_600 / 60, ofDay % 60)
            (year, month, day) = Self.date(daysSince1970: days)
        }

        /// The Gregorian date `days` after 1970-01-01. Counted in 400-year cycles of 146,097
        /// days from 0000-03-01, so that February, with its leap day, ends each year: a year of
        /// the cycle is then 365 days plus its leap days, and the months from March have a
        /// fixed shape (153 days every five months).
        static func date(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
            let fromMarchOfYearZero = days + 719_468  // 1970-01-01 is day 719,468 after 0000-03-01
            let cycle = floorDivide(fromMarchOfYearZero, 146_097)
            let dayOfCycle = fromMarchOfYearZero - cycle * 146_097                          // 0 ... 146,096
            // Leap days before this day in its cycle: one every 4 years, none every 100, one every 400.
            let yearOfCycle = (dayOfCycle - dayOfCycle / 1_460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
            let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)  // 0 = March 1st
            let monthFromMarch = (5 * dayOfYear + 2) / 153                                // 0 = March ... 11 = February
            let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
            let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
            let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
            return (year, month, day)
        }

        private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
            value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        }
    }
}
