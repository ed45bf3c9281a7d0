import Foundation
import Testing
@testable import TerminalUI

/// The wall clock works out dates with its own arithmetic (cheaper than `Calendar` on every
/// row of a frame); here it must say what the Gregorian calendar says, in zones with summer
/// time, half- and quarter-hour offsets, across leap days and centuries.
@Suite("Wall clock")
struct WallClockTests {
    static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo", "Asia/Kathmandu",
                        "Australia/Lord_Howe", "America/St_Johns", "Pacific/Chatham"]

    /// What `Calendar` says of `date` in `zone`, in the clock's shapes.
    private static func expected(_ date: Date, in zone: TimeZone) -> (time: String, minute: String, day: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? -1) }
        return ("\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))",
                "\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))",
                String(format: "%04d", parts.year ?? -1) + "-\(two(parts.month))-\(two(parts.day))")
    }

    @Test(arguments: zones)
    func itSaysWhatTheGregorianCalendarSays(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let clock = WallClock(timeZone: zone)
        // Fixed instants at the edges, then 3,000 spread from 1970 to 2199 (a fixed generator:
        // the same instants every run).
        var instants: [Double] = [0, 951_782_400, 951_868_799, 951_868_800, 4_107_456_000, 4_107_542_400,
                                  1_710_054_000, 1_730_613_600, 1_798_761_599.5]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            instants.append(Double(state >> 16 % 7_258_118_400))
        }
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            let want = Self.expected(date, in: zone)
            #expect(clock.time(date) == want.time, "\(zoneName) \(seconds)")
            #expect(clock.minute(date) == want.minute, "\(zoneName) \(seconds)")
            #expect(clock.day(date) == want.day, "\(zoneName) \(seconds)")
        }
    }

    @Test func sameDayFollowsTheZonesMidnight() throws {
        let tokyo = WallClock(timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let utc = WallClock(timeZone: try #require(TimeZone(identifier: "UTC")))
        // 14:59:59 and 15:00:00 UTC: the same day in UTC, either side of midnight in Tokyo.
        let before = Date(timeIntervalSince1970: 1_798_729_199)
        let after = Date(timeIntervalSince1970: 1_798_729_200)
        #expect(utc.isSameDay(before, after))
        #expect(!tokyo.isSameDay(before, after))
        #expect(tokyo.dayAndTime(after, today: after) == "today 00:00:00")
        #expect(tokyo.dayAndTime(before, today: after) == "12-31 23:59:59")
    }
}
