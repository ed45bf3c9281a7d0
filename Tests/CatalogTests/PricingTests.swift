import Foundation
import Testing
@testable import Catalog

private let nbsp = "\u{A0}"
private let month = SubscriptionPeriod(value: 1, unit: .month)
private let year = SubscriptionPeriod(value: 1, unit: .year)
private let week = SubscriptionPeriod(value: 1, unit: .week)

@Suite("Price formatting")
struct PriceFormatterTests {
    @Test(arguments: [
        (Storefronts.usa, "4.99", "$4.99"),
        (Storefronts.deu, "5.49", "5,49\u{A0}€"),
        (Storefronts.jpn, "800", "¥800"),
        (Storefronts.usa, "0.99", "$0.99"),
        (Storefronts.usa, "5", "$5.00"),
        (Storefronts.usa, "1234.5", "$1,234.50"),
        (Storefronts.deu, "1234.5", "1.234,50\u{A0}€"),
        (Storefronts.jpn, "6000", "¥6,000"),
        (Storefronts.usa, "0", "$0.00"),
    ])
    func formatsAsTheStorefrontDoes(storefront: Storefront, amount: String, expected: String) {
        #expect(PriceFormatter.format(decimal(amount), in: storefront) == expected)
    }

    @Test func theEuroPriceHasANoBreakSpaceBeforeTheSign() {
        let text = PriceFormatter.format(decimal("5.49"), in: Storefronts.deu)
        #expect(text.unicodeScalars.map(\.value) == [0x35, 0x2C, 0x34, 0x39, 0xA0, 0x20AC])
        #expect(!text.contains(" "))
    }

    @Test(arguments: [
        (Storefronts.usa, "4.99", month, "$4.99/month"),
        (Storefronts.deu, "5.49", month, "5,49\(nbsp)€/Monat"),
        (Storefronts.jpn, "800", month, "¥800/月"),
        (Storefronts.usa, "39.99", year, "$39.99/year"),
        (Storefronts.deu, "43.99", year, "43,99\(nbsp)€/Jahr"),
        (Storefronts.jpn, "6000", year, "¥6,000/年"),
        (Storefronts.usa, "1.99", week, "$1.99/week"),
        (Storefronts.deu, "2.19", week, "2,19\(nbsp)€/Woche"),
        (Storefronts.jpn, "300", week, "¥300/週"),
        (Storefronts.usa, "14.99", SubscriptionPeriod(value: 3, unit: .month), "$14.99/3 months"),
        (Storefronts.deu, "14.99", SubscriptionPeriod(value: 3, unit: .month), "14,99\(nbsp)€/3 Monate"),
        (Storefronts.jpn, "2400", SubscriptionPeriod(value: 3, unit: .month), "¥2,400/3か月"),
        (Storefronts.usa, "0.99", SubscriptionPeriod(value: 1, unit: .day), "$0.99/day"),
        (Storefronts.usa, "2.99", SubscriptionPeriod(value: 2, unit: .week), "$2.99/2 weeks"),
    ])
    func formatsPerPeriod(storefront: Storefront, amount: String, period: SubscriptionPeriod, expected: String) {
        #expect(PriceFormatter.format(decimal(amount), per: period, in: storefront) == expected)
    }

    @Test(arguments: [
        (Storefronts.usa, 2), (Storefronts.deu, 2), (Storefronts.jpn, 0),
        (Storefront(id: "USA", locale: "en_US", currency: "JPY", path: .storekit), 0),
        (Storefront(id: "KOR", locale: "ko_KR", currency: "KRW", path: .storekit), 0),
        (Storefront(id: "KWT", locale: "ar_KW", currency: "KWD", path: .storekit), 3),
    ])
    func minorUnitDigits(storefront: Storefront, digits: Int) {
        #expect(PriceFormatter.minorUnitDigits(of: storefront) == digits)
    }

    @Test(arguments: [
        (Storefronts.usa, "39.99", year, PriceFormatter.NormalizedUnit.month, "3.33"),
        (Storefronts.usa, "83.99", year, .month, "6.99"),
        (Storefronts.deu, "43.99", year, .month, "3.66"),
        (Storefronts.jpn, "6000", year, .month, "500"),
        (Storefronts.jpn, "1000", year, .month, "83"),
        (Storefronts.usa, "4.99", month, .month, "4.99"),
        (Storefronts.usa, "4.99", month, .year, "59.88"),
        (Storefronts.usa, "14.99", SubscriptionPeriod(value: 3, unit: .month), .year, "59.96"),
        (Storefronts.usa, "14.99", SubscriptionPeriod(value: 3, unit: .month), .month, "4.99"),
        (Storefronts.usa, "2.99", SubscriptionPeriod(value: 6, unit: .month), .month, "0.49"),
        (Storefronts.usa, "1.99", week, .week, "1.99"),
        // 365/12/7 weeks a month: 1.99 × 365 / 84 = 8.647…
        (Storefronts.usa, "1.99", week, .month, "8.64"),
        (Storefronts.usa, "4.99", month, .week, "1.14"),
        (Storefronts.usa, "39.99", year, .week, "0.76"),
        (Storefronts.usa, "3.00", SubscriptionPeriod(value: 30, unit: .day), .month, "3"),
        (Storefronts.usa, "3.65", SubscriptionPeriod(value: 365, unit: .day), .year, "3.65"),
        (Storefronts.jpn, "300", week, .month, "1303"),
    ])
    func normalizesRoundingDownToTheMinorUnit(storefront: Storefront, amount: String, period: SubscriptionPeriod,
                                              target: PriceFormatter.NormalizedUnit, expected: String) {
        #expect(PriceFormatter.normalize(decimal(amount), from: period, to: target, in: storefront) == decimal(expected))
    }

    @Test func normalizedUnitsNameTheirPeriods() {
        #expect(PriceFormatter.NormalizedUnit.week.period == week)
        #expect(PriceFormatter.NormalizedUnit.month.period == month)
        #expect(PriceFormatter.NormalizedUnit.year.period == year)
    }

    static let india = Storefront(id: "IND", locale: "en_IN", currency: "INR", path: .storekit)
    static let mexico = Storefront(id: "MEX", locale: "es_MX", currency: "MXN", path: .storekit)

    @Test(arguments: [
        (india, "99", "₹99"),
        (india, "99.5", "₹99.50"),
        (india, "149999", "₹1,49,999"),
        (mexico, "99", "$99"),
        (mexico, "99.50", "$99.50"),
        (mexico, "0.01", "$0.01"),
        (Storefronts.usa, "99", "$99.00"),
    ])
    func zeroDecimalStorefrontsDropDecimalsOnWholePricesOnly(storefront: Storefront, amount: String, expected: String) {
        #expect(PriceFormatter.format(decimal(amount), in: storefront) == expected)
    }

    @Test(arguments: [
        // Whole prices without decimals: the per-period price is whole too, rounded down.
        (india, "2999", year, PriceFormatter.NormalizedUnit.month, "₹249/month"),
        (india, "5999", year, .month, "₹499/month"),
        (india, "149", week, .month, "₹647/month"),
        (mexico, "499", SubscriptionPeriod(value: 6, unit: .month), .month, "$83/mes"),
        // A price with decimals keeps them, rounded down to the minor unit as elsewhere.
        (india, "2999.50", year, .month, "₹249.95/month"),
        (Storefronts.usa, "39.99", year, .month, "$3.33/month"),
        (Storefronts.usa, "40", year, .month, "$3.33/month"),
        (Storefronts.jpn, "6000", year, .month, "¥500/月"),
        (Storefronts.jpn, "4400", year, .month, "¥366/月"),
    ])
    func perPeriodPricesKeepThePrecisionOfThePlansPrice(storefront: Storefront, amount: String, period: SubscriptionPeriod,
                                                       target: PriceFormatter.NormalizedUnit, expected: String) {
        #expect(PriceFormatter.formatNormalized(decimal(amount), from: period, to: target, in: storefront) == expected)
    }

    @Test func theZeroDecimalRuleFollowsTheStorefrontIdNotTheCurrency() {
        let elsewhere = Storefront(id: "USA", locale: "es_MX", currency: "MXN", path: .storekit)
        #expect(PriceFormatter.format(99, in: elsewhere) == "$99.00")
        #expect(PriceFormatter.format(99, per: month, in: Self.india) == "₹99/month")
        #expect(PriceFormatter.zeroDecimalStorefronts.isSuperset(of: ["IND", "MEX", "TWN", "KAZ", "PHL", "THA"]))
    }
}

@Suite("Product display")
struct ProductDisplayTests {
    @Test func gemsInJapan() throws {
        let gems = try #require(loadDefaultCatalog().product(id: "com.example.stardust.gems_100"))
        let display = ProductDisplay(product: gems, storefront: Storefronts.jpn)
        #expect(display == ProductDisplay.expected(
            productId: "com.example.stardust.gems_100", name: "ジェムの袋", description: "ジェム100個", price: "¥160",
            pricePerPeriod: "¥160"))
    }

    @Test(arguments: [
        (Storefronts.usa, "Chest of Gems", "550 gems", "$4.99"),
        (Storefronts.deu, "Edelsteintruhe", "550 Edelsteine", "5,49\u{A0}€"),
        (Storefronts.jpn, "ジェムの宝箱", "ジェム550個", "¥800"),
    ])
    func consumablesShowTheirLocalizedNameAndPlainPrice(storefront: Storefront, name: String, description: String,
                                                        price: String) throws {
        let gems = try #require(loadDefaultCatalog().product(id: "com.example.stardust.gems_550"))
        let display = ProductDisplay(product: gems, storefront: storefront)
        #expect(display.name == name)
        #expect(display.description == description)
        #expect(display.price == price)
        #expect(display.pricePerPeriod == price)
        #expect(display.pricePerMonth == nil)
        #expect(display.offerLine == nil)
        #expect(display.periodName == nil)
    }

    @Test func theMonthlyPassInTheUnitedStates() throws {
        let monthly = try #require(loadDefaultCatalog().product(id: "com.example.stardust.pass.monthly"))
        #expect(ProductDisplay(product: monthly, storefront: Storefronts.usa) == ProductDisplay.expected(
            productId: "com.example.stardust.pass.monthly", name: "Monthly Pass", price: "$4.99",
            pricePerPeriod: "$4.99/month", offerLine: "1 week free, then $4.99/month", periodName: "1 month"))
        let withoutOffer = ProductDisplay(product: monthly, storefront: Storefronts.usa, showsIntroOffer: false)
        #expect(withoutOffer.offerLine == nil)
    }

    @Test func theYearlyPassShowsItsMonthlyPrice() throws {
        let yearly = try #require(loadDefaultCatalog().product(id: "com.example.stardust.pass.yearly"))
        #expect(ProductDisplay(product: yearly, storefront: Storefronts.usa) == ProductDisplay.expected(
            productId: "com.example.stardust.pass.yearly", name: "Yearly Pass", price: "$39.99",
            pricePerPeriod: "$39.99/year", pricePerMonth: "$3.33/month", offerLine: "1 week free, then $39.99/year",
            periodName: "1 year"))
        let german = ProductDisplay(product: yearly, storefront: Storefronts.deu)
        #expect(german.pricePerMonth == "3,66\(nbsp)€/Monat")
        #expect(german.periodName == "1 Jahr")
        #expect(german.offerLine == "1 Woche gratis, danach 43,99\(nbsp)€/Jahr")
        let japanese = ProductDisplay(product: yearly, storefront: Storefronts.jpn)
        #expect(japanese.name == "年間パス")
        #expect(japanese.pricePerMonth == "¥500/月")
    }

    @Test func aWeeklyPassHasNoMonthlyPrice() throws {
        let weekly = try #require(loadDefaultCatalog().product(id: "com.example.stardust.pass.weekly"))
        let display = ProductDisplay(product: weekly, storefront: Storefronts.deu)
        #expect(display.pricePerPeriod == "2,19\(nbsp)€/Woche")
        #expect(display.pricePerMonth == nil)
        #expect(display.offerLine == nil)
        #expect(display.periodName == "1 Woche")
    }

    @Test func aProductWithoutAPriceOrNameInTheStorefront() {
        let product = Product(id: "com.example.extra", type: .autoRenewable, prices: ["USA": 1],
                              period: year, introductoryOffer: Offer(mode: .freeTrial, period: week))
        let display = ProductDisplay(product: product, storefront: Storefronts.jpn)
        #expect(display.name == "com.example.extra")
        #expect(display.price == nil)
        #expect(display.pricePerPeriod == nil)
        #expect(display.pricePerMonth == nil)
        #expect(display.offerLine == nil)
        #expect(display.periodName == "1年")
    }

    @Test func offerLinesForEveryMode() throws {
        let monthly = try #require(loadDefaultCatalog().product(id: "com.example.stardust.pass.monthly"))
        let promotion = try #require(monthly.promotionalOffers.first)
        #expect(OfferText.describe(promotion, in: Storefronts.usa, then: "$4.99/month")
            == "3 months at $2.49/month, then $4.99/month")
        let upFront = Offer(mode: .payUpFront, period: month, periods: 3, prices: ["USA": decimal("9.99")])
        #expect(OfferText.describe(upFront, in: Storefronts.usa, then: "$4.99/month")
            == "3 months for $9.99, then $4.99/month")
        let trial = Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 3, unit: .day))
        #expect(OfferText.describe(trial, in: Storefronts.deu, then: "5,49\(nbsp)€/Monat")
            == "3 Tage gratis, danach 5,49\(nbsp)€/Monat")
        let twoWeeks = Offer(mode: .freeTrial, period: week, periods: 2)
        #expect(OfferText.describe(twoWeeks, in: Storefronts.usa, then: "$4.99/month") == "2 weeks free, then $4.99/month")
    }
}

extension ProductDisplay {
    /// A display value built field by field, to compare a whole display at once.
    static func expected(productId: String, name: String, description: String? = nil, price: String?, pricePerPeriod: String?,
                         pricePerMonth: String? = nil, offerLine: String? = nil, periodName: String? = nil) -> ProductDisplay {
        var display = ProductDisplay(product: Product(id: productId, type: .consumable, prices: [:]), storefront: Storefronts.usa)
        display.name = name
        display.description = description
        display.price = price
        display.pricePerPeriod = pricePerPeriod
        display.pricePerMonth = pricePerMonth
        display.offerLine = offerLine
        display.periodName = periodName
        return display
    }
}

@Suite("Period words")
struct PeriodWordsTests {
    @Test(arguments: [
        ("en", 1, SubscriptionPeriod.Unit.week, "1 week"),
        ("en", 3, .month, "3 months"),
        ("en", 1, .year, "1 year"),
        ("en", 7, .day, "7 days"),
        ("de", 1, .month, "1 Monat"),
        ("de", 2, .year, "2 Jahre"),
        ("ja", 1, .month, "1か月"),
        ("ja", 1, .week, "1週間"),
        ("ja", 1, .year, "1年"),
        ("ja", 3, .month, "3か月"),
        ("ja", 2, .week, "2週間"),
        ("fr", 6, .month, "6 mois"),
        ("pt", 2, .month, "2 meses"),
        ("es", 1, .day, "1 día"),
        ("xx", 2, .week, "2 weeks"),
    ])
    func durations(language: String, value: Int, unit: SubscriptionPeriod.Unit, expected: String) {
        #expect(PeriodWords(locale: language).duration(value: value, unit: unit) == expected)
    }

    @Test func unitWords() {
        let german = PeriodWords(locale: "de_DE")
        #expect(german.unit(of: month) == "Monat")
        #expect(german.unit(of: SubscriptionPeriod(value: 3, unit: .month)) == "3 Monate")
        #expect(PeriodWords(locale: "ja_JP").unit(of: month) == "月")
        #expect(PeriodWords(locale: "ar_SA").unit(of: SubscriptionPeriod(value: 2, unit: .week)) == "أسبوعان")
    }

    /// Counts are written once per locale and kept: the same count in another locale is
    /// written in that locale's digits, whichever asked first, again and again.
    @Test func aCountKeptForOneLocaleIsNotAnothersDigits() {
        let saudi = PeriodWords(locale: "ar_SA")
        let american = PeriodWords(locale: "en_US")
        for _ in 1...2 {
            #expect(saudi.number(37) == "٣٧")
            #expect(american.number(37) == "37")
        }
        #expect(american.number(1_234) == "1,234")
        #expect(PeriodWords(locale: "de_DE").number(1_234) == "1.234")
    }
}
