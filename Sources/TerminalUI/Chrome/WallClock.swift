import Foundation

/// `09:46:40` and `2026-11-18` in one time zone, from a calendar rather than a DateFormatter:
/// cheap to make once per frame, and a value that crosses actors freely.
public struct WallClock: Sendable {
    private let calendar: Calendar

    public init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    public func time(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// `01-08 09:00`: the simulated calendar in the status bar.
    public func minute(_ date: Date) -> String {
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: date)
        return String(format: "%02d-%02d %02d:%02d", parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `01-08 09:00:20`: an expiry when periods last seconds.
    public func second(_ date: Date) -> String {
        minute(date) + String(format: ":%02d", calendar.component(.second, from: date))
    }

    /// `11-18 09:46:40`, or `today 09:46:40` on the day of `today`: five cells of day either
    /// way, so times line up.
    public func dayAndTime(_ date: Date, today: Date) -> String {
        guard !isSameDay(date, today) else { return "today " + time(date) }
        let parts = calendar.dateComponents([.month, .day], from: date)
        return String(format: "%02d-%02d ", parts.month ?? 0, parts.day ?? 0) + time(date)
    }

    public func isSameDay(_ date: Date, _ other: Date) -> Bool {
        calendar.isDate(date, inSameDayAs: other)
    }

    public func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
