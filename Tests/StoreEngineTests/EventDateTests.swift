import Foundation
import Testing
@testable import StoreEngine

/// Events write a simulated moment one way, as they always have: ISO 8601 in UTC, to the second.
@Suite("Event dates")
struct EventDateTests {
    @Test(arguments: [0, 1_700_000_000.75, 1_800_000_000, -86_400.5, Clock.latest.timeIntervalSince1970])
    func aMomentReadsAsISO8601InUTC(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(EventDate.string(from: date) == ISO8601DateFormatter().string(from: date))
    }

    @Test func theCalendarsLastSecond() {
        #expect(EventDate.string(from: Clock.latest) == "9999-12-31T23:59:59Z")
        #expect(Store.until(Date(timeIntervalSince1970: 0)) == " until 1970-01-01T00:00:00Z")
        #expect(Store.until(nil) == "")
    }
}
