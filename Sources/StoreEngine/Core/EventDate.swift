import Foundation

/// How the engine writes a simulated moment in the words of an event or a notice:
/// `2026-01-08T09:00:00Z`, in UTC, to the second, whatever the machine's time zone. One way for
/// every message, and a format style rather than an `ISO8601DateFormatter`, which is a class
/// that cannot be shared between threads and would be built again for each message.
enum EventDate {
    private static let style = Date.ISO8601FormatStyle()

    static func string(from date: Date) -> String {
        date.formatted(style)
    }
}
