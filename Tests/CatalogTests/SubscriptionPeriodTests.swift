import Testing
@testable import Catalog

@Suite("Subscription periods")
struct SubscriptionPeriodTests {
    @Test(arguments: [
        ("P1D", 1, SubscriptionPeriod.Unit.day, 1),
        ("P3D", 3, .day, 3),
        ("P1W", 1, .week, 7),
        ("P2W", 2, .week, 14),
        ("P1M", 1, .month, 30),
        ("P3M", 3, .month, 90),
        ("P6M", 6, .month, 180),
        ("P12M", 12, .month, 360),
        ("P1Y", 1, .year, 365),
        ("P1000D", 1000, .day, 1000),
    ])
    func validPeriods(text: String, value: Int, unit: SubscriptionPeriod.Unit, days: Int) throws {
        let period = try #require(SubscriptionPeriod(iso8601: text))
        #expect(period == SubscriptionPeriod(value: value, unit: unit))
        #expect(period.description == text)
        #expect(period.approximateDays == days)
    }

    @Test(arguments: [
        "", "P", "P1", "PM", "1M", "M1P", "P0M", "P-1M", "P+1M", "P1Q", "p1m", "P1m", "P1.5M", "P1001D",
        "P1MT", "P 1M", "P1M ", "PT1H", "P1Y2M", "P٣M", "Q1M", "P1W1",
    ])
    func invalidPeriods(text: String) {
        #expect(SubscriptionPeriod(iso8601: text) == nil)
    }

    @Test func unitsSpellTheirLetters() {
        #expect(SubscriptionPeriod.Unit.allCases.map(\.rawValue) == ["D", "W", "M", "Y"])
    }
}
