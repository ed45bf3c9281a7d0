/// An ISO 8601 duration of whole days, weeks, months or years, as StoreKit uses (`P1W`, `P3M`).
public struct SubscriptionPeriod: Sendable, Equatable, Hashable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable {
        case day = "D"
        case week = "W"
        case month = "M"
        case year = "Y"
    }

    public var value: Int
    public var unit: Unit

    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Parses `P1W`, `P3M`, `P1Y`, `P3D`; nil for anything else.
    public init?(iso8601 text: String) {
        guard text.count >= 3, text.first == "P", let last = text.last,
              let unit = Unit(rawValue: String(last)),
              text.dropFirst().dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(text.dropFirst().dropLast()), value > 0, value <= 1000
        else { return nil }
        self.init(value: value, unit: unit)
    }

    public var description: String { "P\(value)\(unit.rawValue)" }

    /// Length in days, by the usual conventions: 7 days a week, 30 a month, 365 a year.
    public var approximateDays: Int {
        switch unit {
        case .day: return value
        case .week: return value * 7
        case .month: return value * 30
        case .year: return value * 365
        }
    }
}
