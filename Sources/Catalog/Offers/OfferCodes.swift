import Foundation

/// The codes that redeem an offer, as the stores make them: custom codes (a name anyone may
/// type, such as `SPRING50`, up to a number of redemptions in all) and one-time codes (each
/// redeemed once), each until the end of its expiry date. App Store Connect makes both for an
/// offer code (`codeOffers[].codes`); the Play Console makes both for a promotion
/// (`play.promotions[].codes`), calling a custom code a vanity code.
public struct OfferCodes: Sendable, Equatable {
    public var custom: [CustomCode]
    public var oneTime: [OneTimeCodes]

    public init(custom: [CustomCode] = [], oneTime: [OneTimeCodes] = []) {
        self.custom = custom
        self.oneTime = oneTime
    }

    public var isEmpty: Bool { custom.isEmpty && oneTime.isEmpty }

    /// Every code as the catalog spells it, custom ones first.
    public var allCodes: [String] { custom.map(\.code) + oneTime.flatMap(\.codes) }

    /// The code `typed` names, as the catalog spells it, with how it may be redeemed; nil when
    /// it names none of these. Codes are matched without regard to case or the spaces around them.
    public func match(_ typed: String) -> (code: String, kind: RedeemableCode.Kind, expires: CodeExpiry?)? {
        let key = Self.key(typed)
        if let custom = custom.first(where: { Self.key($0.code) == key }) {
            return (custom.code, .custom(limit: custom.limit), custom.expires)
        }
        for batch in oneTime {
            if let code = batch.codes.first(where: { Self.key($0) == key }) { return (code, .oneTime, batch.expires) }
        }
        return nil
    }

    /// How a code is compared: a store takes `spring50` for `SPRING50`.
    public static func key(_ code: String) -> String {
        code.trimmingCharacters(in: .whitespaces).uppercased()
    }
}

/// A code anyone may type, `limit` redemptions in all (nil: no limit), until its expiry.
public struct CustomCode: Sendable, Equatable {
    public var code: String
    public var limit: Int?
    public var expires: CodeExpiry?

    public init(code: String, limit: Int? = nil, expires: CodeExpiry? = nil) {
        self.code = code
        self.limit = limit
        self.expires = expires
    }
}

/// A batch of one-time codes: each redeems its offer once, until the batch's expiry.
public struct OneTimeCodes: Sendable, Equatable {
    public var codes: [String]
    public var expires: CodeExpiry?

    public init(codes: [String], expires: CodeExpiry? = nil) {
        self.codes = codes
        self.expires = expires
    }
}

/// The last day a code may be redeemed, as the consoles set it: a calendar date, through its
/// end in UTC.
public struct CodeExpiry: Sendable, Equatable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// `YYYY-MM-DD`, a day the calendar has; nil otherwise.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let start = Self.calendar.date(from: DateComponents(year: year, month: month, day: day)),
              Self.calendar.dateComponents([.year, .month, .day], from: start) == DateComponents(year: year, month: month, day: day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The moment it expires: the start of the next day, UTC.
    public var end: Date {
        let start = Self.calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? .distantFuture
        return Self.calendar.date(byAdding: .day, value: 1, to: start) ?? .distantFuture
    }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}
