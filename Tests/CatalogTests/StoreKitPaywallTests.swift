import Foundation
import Testing
@testable import Catalog

/// A `.storekit` file has no paywall, so the import makes one: every auto-renewable subscription
/// as a plan, the longest highlighted, the rest of the products left to the shop, strings in
/// the language of the file's `_locale`. Any Xcode configuration then opens on a usable paywall.
@Suite("StoreKit: the generated paywall")
struct StoreKitPaywallTests {
    private func file(locale: String = "en_US", subscriptions: String) -> String {
        """
        {
          "settings": { "_locale": "\(locale)", "_storefront": "USA" },
          "products": [ { "productID": "gems", "type": "Consumable", "displayPrice": "0.99" } ],
          "subscriptionGroups": [ { "id": "G1", "name": "Pass", "subscriptions": [ \(subscriptions) ] } ]
        }
        """
    }

    private func subscription(_ id: String, _ period: String, level: Int = 1, intro: Bool = false) -> String {
        let offer = intro ? #", "introductoryOffer": { "paymentMode": "free", "subscriptionPeriod": "P1W" }"# : ""
        return #"{ "productID": "\#(id)", "recurringSubscriptionPeriod": "\#(period)", "groupNumber": \#(level), "displayPrice": "4.99"\#(offer) }"#
    }

    private func paywall(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Paywall {
        let catalog = try StoreKitImporter.load(text: text, file: "t.storekit")
        try #require(catalog.paywalls.count == 1, "\(catalog.paywalls)", sourceLocation: sourceLocation)
        return catalog.paywalls[0]
    }

    @Test func subscriptionsArePlansAndTheLongestIsHighlighted() throws {
        let paywall = try paywall(file(subscriptions: [
            subscription("week", "P1W"), subscription("year", "P1Y", level: 2), subscription("month", "P1M"),
        ].joined(separator: ", ")))
        #expect(paywall.id == "storekit" && paywall.placement == "store_open" && paywall.showsRestore)
        let variant = try #require(paywall.variants.first)
        #expect(paywall.variants.count == 1)
        #expect(variant.products == ["week", "year", "month"])
        #expect(variant.highlight == "year")
        #expect(variant.template == .cards)
    }

    @Test func aTieForTheLongestGoesToTheHigherLevel() throws {
        let paywall = try paywall(file(subscriptions: [
            subscription("plus", "P1M", level: 2), subscription("pro", "P1M", level: 1), subscription("lite", "P1M", level: 3),
        ].joined(separator: ", ")))
        #expect(paywall.variants.first?.highlight == "pro")
    }

    @Test func moreThanThreePlansAreListed() throws {
        let paywall = try paywall(file(subscriptions: (1...4).map { subscription("s\($0)", "P\($0)M") }.joined(separator: ", ")))
        #expect(paywall.variants.first?.template == .list)
    }

    @Test(arguments: [
        ("en_US", "en", "Choose your plan", "Continue"), ("de_DE", "de", "Wähle deinen Plan", "Weiter"),
        ("fr_FR", "fr", "Choisissez votre formule", "Continuer"), ("es_ES", "es", "Elige tu plan", "Continuar"),
        ("pt_BR", "pt", "Escolha seu plano", "Continuar"), ("ja_JP", "ja", "プランを選択", "続ける"),
        ("ko_KR", "ko", "요금제 선택", "계속"), ("ar_SA", "ar", "اختر خطتك", "متابعة"),
        ("sv_SE", "en", "Choose your plan", "Continue"),
    ])
    func stringsAreInTheLanguageOfTheFilesLocale(locale: String, language: String, title: String, cta: String) throws {
        let paywall = try paywall(file(locale: locale, subscriptions: subscription("month", "P1M")))
        #expect(paywall.defaultLocale == language)
        let strings = try #require(paywall.variants.first?.strings[language])
        #expect(paywall.variants.first?.strings.count == 1)
        #expect(strings.title == title && strings.cta == cta)
        // No offer line of its own: the language's one phrasing says the offer, as the sheets do.
        #expect(strings.offerDetails == nil && strings.offerDetailsWithIntro == nil)
    }

    @Test func aFileWithoutSubscriptionsGetsNoPaywall() throws {
        let text = #"{ "products": [ { "productID": "gems", "type": "Consumable", "displayPrice": "0.99" } ] }"#
        #expect(try StoreKitImporter.load(text: text, file: "t.storekit").paywalls == [])
    }

    /// The offer line is the language's one phrasing, the words every store's sheet says of the
    /// offer (`OfferText`): never a colon, `その後` or a space the sheet does not have.
    @Test(arguments: [
        ("en_US", "1 week free, then $4.99/month"), ("es_ES", "1 semana gratis, luego 4,99\u{A0}US$/mes"),
        ("ja_JP", "1週間無料、以降$4.99/月"), ("de_DE", "1 Woche gratis, danach 4,99\u{A0}$/Monat"),
    ])
    func theIntroOfferLineIsTheLanguagesOnePhrasing(locale: String, expected: String) throws {
        let catalog = try StoreKitImporter.load(text: file(locale: locale, subscriptions: subscription("month", "P1M", intro: true)),
                                                file: "t.storekit")
        let paywall = try #require(catalog.paywalls.first)
        let variant = try #require(paywall.variants.first)
        let storefront = try #require(catalog.storefronts.first)
        let plan = try #require(PaywallPresentation(catalog: catalog, paywall: paywall, variant: variant, storefront: storefront)
            .plans.first)
        let offer = try #require(plan.product.introductoryOffer)
        let regular = try #require(plan.display.pricePerPeriod)
        #expect(plan.offerLine == OfferText.describe(offer, in: storefront, then: regular))
        #expect(plan.offerLine == expected)
    }

    @Test(arguments: StoreKitFixtureCounts.everyFile)
    func everyFileGetsAPaywallThatLintsWithoutErrors(_ expected: StoreKitFixtureCounts) throws {
        let catalog = try expected.load()
        let paywall = try #require(catalog.paywalls.first)
        let subscriptions = catalog.products.filter { $0.type == .autoRenewable }
        #expect(paywall.variants.first?.products == subscriptions.map(\.id))
        #expect(subscriptions.count == expected.subscriptions)
        let longest = subscriptions.map { $0.period?.approximateDays ?? 0 }.max()
        let highlighted = try #require(catalog.product(id: paywall.variants.first?.highlight ?? ""))
        #expect(highlighted.period?.approximateDays == longest)
        // What `storefront import` prints loads and lints without errors, and the strings say
        // what they must: no intro-terms or unknown-variable warnings.
        let report = CatalogLinter.lint(text: CatalogEncoder.encode(catalog), file: "imported.json")
        #expect(!report.hasErrors, "\(report.textLines)")
        #expect(!report.findings.contains { $0.rule == "intro-terms" || $0.rule == "unknown-variable" }, "\(report.textLines)")
    }
}
