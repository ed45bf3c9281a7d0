import Foundation
import Testing
@testable import Catalog

/// `PriceText` reads a price's digits itself instead of asking Foundation for every price of a
/// catalog: these hold each value it gives to the one `Decimal(string:locale:)` gives for the
/// same text, representation and all, and its refusals to what the loader refused before.
@Suite("Price text")
struct PriceTextTests {
    private static let posix = Locale(identifier: "en_US_POSIX")

    @Test(arguments: [
        "0", "0.0", "00", "007", "00.10", "4.99", "1.50", "1.00", "10", "100", "1000", "0.001", "12.3456",
        "99999", "18446744073709551615", "18446744073709551616", "9999999999999999999",
        "99999999999999999999", "1234567890.1234567890", "123456789012345678901234567890",
        "0.000000000000000000000000001", "-0", "-4.99", "-00.5", "5.10000",
    ])
    func agreesWithFoundation(text: String) throws {
        let expected = try #require(Decimal(string: text, locale: Self.posix))
        let parsed = try #require(PriceText.parse(text))
        #expect(parsed == expected)
        #expect(parsed.description == expected.description)
        // The same representation, not only the same value: the same significand and exponent.
        #expect(parsed.exponent == expected.exponent)
        #expect(parsed.significand.description == expected.significand.description)
        #expect(parsed.sign == expected.sign)
    }

    @Test(arguments: ["", "-", ".5", "5.", "1.2.3", "1e5", "1,00", "+1", " 1", "1 ", "٣", "1.5e2", "--1",
                      "1234567890123456789012345678901"])
    func refusesWhatIsNotAPlainDecimal(text: String) {
        #expect(PriceText.parse(text) == nil)
    }

    @Test func everyPriceOfAGeneratedRangeAgrees() throws {
        for whole in [0, 1, 9, 10, 99, 4_294_967_295, 4_294_967_296] {
            for fraction in ["", ".0", ".05", ".10", ".5", ".99", ".999"] {
                let text = "\(whole)\(fraction)"
                let parsed = try #require(PriceText.parse(text))
                #expect(parsed == Decimal(string: text, locale: Self.posix), "\(text)")
                #expect(parsed.description == Decimal(string: text, locale: Self.posix)?.description, "\(text)")
            }
        }
    }
}
