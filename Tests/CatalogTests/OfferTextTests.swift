import Foundation
import Testing
@testable import Catalog

private let nbsp = "\u{A0}"
/// Saudi riyals as Foundation writes them for ar_SA: right-to-left marks around the amount
/// in Arabic-Indic digits and the sign.
private func sar(_ amount: String) -> String { "\u{200F}\(amount)\(nbsp)ر.س.\u{200F}" }
private func eur(_ amount: String) -> String { "\(amount)\(nbsp)€" }
private func brl(_ amount: String) -> String { "R$\(nbsp)\(amount)" }

/// Issue 15 item 22: the built-in offer lines of every language with built-in words, for each
/// offer mode, with one and with several periods: counts in the storefront's digits, clauses
/// joined with its comma, words agreeing with the count.
@Suite("Built-in offer lines, by language")
struct OfferTextTests {
    /// One storefront a language, the prices its offers charge, and the six lines expected:
    /// a week free (then two), one month at the monthly offer price (then three), one month
    /// for the up-front price (then six). The regular price is the storefront's monthly one.
    struct Language: Sendable, CustomTestStringConvertible {
        var storefront: Storefront
        var regular: String
        var each: String
        var upFront: String
        var lines: [String]

        var testDescription: String { storefront.locale }
    }

    static let languages: [Language] = [
        Language(storefront: Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit),
                 regular: "4.99", each: "2.49", upFront: "9.99", lines: [
                    "1 week free, then $4.99/month",
                    "2 weeks free, then $4.99/month",
                    "1 month at $2.49/month, then $4.99/month",
                    "3 months at $2.49/month, then $4.99/month",
                    "1 month for $9.99, then $4.99/month",
                    "6 months for $9.99, then $4.99/month",
                 ]),
        Language(storefront: Storefront(id: "DEU", locale: "de_DE", currency: "EUR", path: .storekit),
                 regular: "5.49", each: "2.79", upFront: "9.99", lines: [
                    "1 Woche gratis, danach \(eur("5,49"))/Monat",
                    "2 Wochen gratis, danach \(eur("5,49"))/Monat",
                    "1 Monat für \(eur("2,79"))/Monat, danach \(eur("5,49"))/Monat",
                    "3 Monate für \(eur("2,79"))/Monat, danach \(eur("5,49"))/Monat",
                    "1 Monat für \(eur("9,99")), danach \(eur("5,49"))/Monat",
                    "6 Monate für \(eur("9,99")), danach \(eur("5,49"))/Monat",
                 ]),
        Language(storefront: Storefront(id: "FRA", locale: "fr_FR", currency: "EUR", path: .storekit),
                 regular: "5.49", each: "2.79", upFront: "9.99", lines: [
                    "1 semaine gratuite, puis \(eur("5,49"))/mois",
                    "2 semaines gratuites, puis \(eur("5,49"))/mois",
                    "1 mois à \(eur("2,79"))/mois, puis \(eur("5,49"))/mois",
                    "3 mois à \(eur("2,79"))/mois, puis \(eur("5,49"))/mois",
                    "1 mois pour \(eur("9,99")), puis \(eur("5,49"))/mois",
                    "6 mois pour \(eur("9,99")), puis \(eur("5,49"))/mois",
                 ]),
        Language(storefront: Storefront(id: "ESP", locale: "es_ES", currency: "EUR", path: .storekit),
                 regular: "5.49", each: "2.79", upFront: "9.99", lines: [
                    "1 semana gratis, luego \(eur("5,49"))/mes",
                    "2 semanas gratis, luego \(eur("5,49"))/mes",
                    "1 mes a \(eur("2,79"))/mes, luego \(eur("5,49"))/mes",
                    "3 meses a \(eur("2,79"))/mes, luego \(eur("5,49"))/mes",
                    "1 mes por \(eur("9,99")), luego \(eur("5,49"))/mes",
                    "6 meses por \(eur("9,99")), luego \(eur("5,49"))/mes",
                 ]),
        Language(storefront: Storefront(id: "BRA", locale: "pt_BR", currency: "BRL", path: .storekit),
                 regular: "24.90", each: "12.90", upFront: "49.90", lines: [
                    "1 semana grátis, depois \(brl("24,90"))/mês",
                    "2 semanas grátis, depois \(brl("24,90"))/mês",
                    "1 mês por \(brl("12,90"))/mês, depois \(brl("24,90"))/mês",
                    "3 meses por \(brl("12,90"))/mês, depois \(brl("24,90"))/mês",
                    "1 mês por \(brl("49,90")), depois \(brl("24,90"))/mês",
                    "6 meses por \(brl("49,90")), depois \(brl("24,90"))/mês",
                 ]),
        Language(storefront: Storefront(id: "JPN", locale: "ja_JP", currency: "JPY", path: .storekit),
                 regular: "800", each: "400", upFront: "2400", lines: [
                    "1週間無料、以降¥800/月",
                    "2週間無料、以降¥800/月",
                    "1か月は¥400/月、以降¥800/月",
                    "3か月は¥400/月、以降¥800/月",
                    "1か月分¥2,400、以降¥800/月",
                    "6か月分¥2,400、以降¥800/月",
                 ]),
        Language(storefront: Storefront(id: "KOR", locale: "ko_KR", currency: "KRW", path: .storekit),
                 regular: "5500", each: "2900", upFront: "9900", lines: [
                    "1주 무료, 이후 ₩5,500/월",
                    "2주 무료, 이후 ₩5,500/월",
                    "1개월 동안 ₩2,900/월, 이후 ₩5,500/월",
                    "3개월 동안 ₩2,900/월, 이후 ₩5,500/월",
                    "1개월에 ₩9,900, 이후 ₩5,500/월",
                    "6개월에 ₩9,900, 이후 ₩5,500/월",
                 ]),
        Language(storefront: Storefront(id: "SAU", locale: "ar_SA", currency: "SAR", path: .storekit),
                 regular: "18.99", each: "9.99", upFront: "39.99", lines: [
                    "أسبوع واحد مجانًا، ثم \(sar("١٨٫٩٩"))/شهر",
                    "أسبوعان مجانًا، ثم \(sar("١٨٫٩٩"))/شهر",
                    "شهر واحد بسعر \(sar("٩٫٩٩"))/شهر، ثم \(sar("١٨٫٩٩"))/شهر",
                    "٣ أشهر بسعر \(sar("٩٫٩٩"))/شهر، ثم \(sar("١٨٫٩٩"))/شهر",
                    "شهر واحد مقابل \(sar("٣٩٫٩٩"))، ثم \(sar("١٨٫٩٩"))/شهر",
                    "٦ أشهر مقابل \(sar("٣٩٫٩٩"))، ثم \(sar("١٨٫٩٩"))/شهر",
                 ]),
    ]

    private static let week = SubscriptionPeriod(value: 1, unit: .week)
    private static let month = SubscriptionPeriod(value: 1, unit: .month)

    /// The six offers, in the order of `Language.lines`.
    static func offers(for language: Language) -> [Offer] {
        let id = language.storefront.id
        let each = [id: decimal(language.each)]
        let upFront = [id: decimal(language.upFront)]
        return [
            Offer(mode: .freeTrial, period: week, periods: 1),
            Offer(mode: .freeTrial, period: week, periods: 2),
            Offer(mode: .payAsYouGo, period: month, periods: 1, prices: each),
            Offer(mode: .payAsYouGo, period: month, periods: 3, prices: each),
            Offer(mode: .payUpFront, period: month, periods: 1, prices: upFront),
            Offer(mode: .payUpFront, period: month, periods: 6, prices: upFront),
        ]
    }

    @Test("Every mode, one period and several", arguments: languages)
    func lines(language: Language) {
        let storefront = language.storefront
        let regular = PriceFormatter.format(decimal(language.regular), per: Self.month, in: storefront)
        let described = Self.offers(for: language).map { OfferText.describe($0, in: storefront, then: regular) }
        for (line, expected) in zip(described, language.lines) {
            #expect(line == expected, "\(storefront.locale): \(line.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// French "free" agrees with the length: masculine months and years, a feminine week.
    @Test(arguments: [
        (SubscriptionPeriod(value: 1, unit: .month), 1, "gratuit"),
        (SubscriptionPeriod(value: 1, unit: .month), 3, "gratuits"),
        (SubscriptionPeriod(value: 1, unit: .year), 1, "gratuit"),
        (SubscriptionPeriod(value: 1, unit: .day), 7, "gratuits"),
        (SubscriptionPeriod(value: 1, unit: .week), 1, "gratuite"),
        (SubscriptionPeriod(value: 2, unit: .week), 1, "gratuites"),
    ])
    func frenchFreeAgrees(period: SubscriptionPeriod, periods: Int, word: String) throws {
        let france = try #require(Self.languages.first { $0.storefront.id == "FRA" }).storefront
        #expect(OfferText.pricePhrase(Offer(mode: .freeTrial, period: period, periods: periods), in: france) == word)
    }

    /// Nothing built in for Saudi Arabia has a Western digit or a Latin comma, whatever the
    /// length: 1 to 24 of each unit, in every mode.
    @Test func arabicLinesUseArabicDigitsAndPunctuation() throws {
        let saudi = try #require(Self.languages.first { $0.storefront.id == "SAU" }).storefront
        let regular = PriceFormatter.format(decimal("18.99"), per: SubscriptionPeriod(value: 3, unit: .month), in: saudi)
        for unit in [SubscriptionPeriod.Unit.day, .week, .month, .year] {
            for count in 1...24 {
                for mode in [OfferMode.freeTrial, .payAsYouGo, .payUpFront] {
                    let offer = Offer(mode: mode, period: SubscriptionPeriod(value: 1, unit: unit), periods: count,
                                      prices: ["SAU": decimal("1234.5")])
                    let line = OfferText.describe(offer, in: saudi, then: regular)
                    #expect(!line.contains { $0.isASCII && $0.isNumber } && !line.contains(","), "\(line)")
                }
            }
        }
    }

    /// The price phrase (`product.offer_price`) says the price as the line does; Japanese and
    /// Korean join it with particles of the line, so the phrase is the price alone.
    @Test("The price phrases", arguments: [
        (Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit), OfferMode.payAsYouGo, "at $2.00/month"),
        (Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit), .payUpFront, "for $2.00"),
        (Storefront(id: "ESP", locale: "es_ES", currency: "EUR", path: .storekit), .payAsYouGo, "a \(eur("2,00"))/mes"),
        (Storefront(id: "JPN", locale: "ja_JP", currency: "JPY", path: .storekit), .payAsYouGo, "¥2/月"),
        (Storefront(id: "KOR", locale: "ko_KR", currency: "KRW", path: .storekit), .payUpFront, "₩2"),
        (Storefront(id: "SAU", locale: "ar_SA", currency: "SAR", path: .storekit), .payUpFront, "مقابل \(sar("٢٫٠٠"))"),
    ])
    func pricePhrases(storefront: Storefront, mode: OfferMode, phrase: String) {
        let offer = Offer(mode: mode, period: Self.month, periods: 3, prices: [storefront.id: 2])
        #expect(OfferText.pricePhrase(offer, in: storefront) == phrase)
    }
}

@Suite("Period words in the storefront's digits and grammar")
struct PeriodWordsGrammarTests {
    @Test(arguments: [
        ("ar_SA", 1, SubscriptionPeriod.Unit.month, "شهر واحد"),
        ("ar_SA", 2, .month, "شهران"),
        ("ar_SA", 3, .month, "٣ أشهر"),
        ("ar_SA", 10, .week, "١٠ أسابيع"),
        ("ar_SA", 11, .month, "١١ شهرًا"),
        ("ar_SA", 100, .day, "١٠٠ يوم"),
        ("ar_SA", 1, .year, "سنة واحدة"),
        ("ar_SA", 2, .year, "سنتان"),
        // The United Arab Emirates write Western digits: the storefront's digits, not the language's.
        ("ar_AE", 3, .month, "3 أشهر"),
        ("fr_FR", 1, .week, "1 semaine"),
        ("fr_FR", 3, .month, "3 mois"),
        ("ko_KR", 3, .month, "3개월"),
        ("ja_JP", 1, .week, "1週間"),
    ])
    func durations(locale: String, value: Int, unit: SubscriptionPeriod.Unit, expected: String) {
        #expect(PeriodWords(locale: locale).duration(value: value, unit: unit) == expected)
    }

    @Test func arabicPricesPerSeveralMonthsCountInArabicDigits() {
        let saudi = Storefront(id: "SAU", locale: "ar_SA", currency: "SAR", path: .storekit)
        #expect(PriceFormatter.format(decimal("109.99"), per: SubscriptionPeriod(value: 6, unit: .month), in: saudi)
            == "\(sar("١٠٩٫٩٩"))/٦ أشهر")
        #expect(PriceFormatter.format(decimal("18.99"), per: SubscriptionPeriod(value: 1, unit: .month), in: saudi)
            == "\(sar("١٨٫٩٩"))/شهر")
    }
}
