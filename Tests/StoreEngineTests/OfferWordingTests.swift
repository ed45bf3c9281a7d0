import Catalog
import Foundation
import Testing
import StoreEngine

/// One phrasing of an offer per language, whichever place says it: the paywall's plan line (the
/// repository's catalog.json, which exports draw too), the App Store sheet (StoreKit and Xee),
/// Pay Station's page, Google Play's sheet and a preview's line, for every language the app ships
/// and every way an offer charges.
@Suite("Offer wording: one phrasing in every place")
struct OfferWordingTests {
    /// The storefront each shipped language is read in: catalog.json's, and two made here for
    /// the languages it has none for.
    static let storefronts: [String: String] = [
        "en": "USA", "de": "DEU", "fr": "FRA", "es": "ESP", "pt": "BRA", "ja": "JPN", "ko": "KOR", "ar": "SAU",
    ]

    struct Mode: Sendable, CustomTestStringConvertible {
        var offer: Offer
        var testDescription: String { offer.mode.rawValue }
    }

    private static let month = SubscriptionPeriod(value: 1, unit: .month)

    static let modes: [Mode] = [
        Mode(offer: Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week))),
        Mode(offer: Offer(mode: .payAsYouGo, period: month, periods: 3, prices: offerPrices("2.49", whole: "400"))),
        Mode(offer: Offer(mode: .payUpFront, period: month, periods: 6, prices: offerPrices("9.99", whole: "2400"))),
    ]

    /// A price in every storefront of the test catalog: `whole` yen where the currency has no
    /// cents, and ten times as many won.
    private static func offerPrices(_ amount: String, whole: String) -> [String: Decimal] {
        var prices: [String: Decimal] = [:]
        for id in ["USA", "DEU", "FRA", "ESP", "BRA", "GBR", "SAU", "IND"] { prices[id] = Decimal(string: amount) }
        prices["JPN"] = Decimal(string: whole)
        prices["KOR"] = Decimal(string: whole).map { $0 * 10 }
        return prices
    }

    /// catalog.json with a Spanish and a Korean storefront, the Monthly Pass's introductory
    /// offer being `offer`.
    private static func catalog(introducing offer: Offer) throws -> ProductCatalog {
        var catalog = try defaultCatalog()
        catalog.storefronts += [Storefront(id: "ESP", locale: "es_ES", currency: "EUR", path: .storekit),
                                Storefront(id: "KOR", locale: "ko_KR", currency: "KRW", path: .storekit)]
        for index in catalog.products.indices {
            if let deu = catalog.products[index].prices["DEU"] { catalog.products[index].prices["ESP"] = deu }
            if let jpn = catalog.products[index].prices["JPN"] { catalog.products[index].prices["KOR"] = jpn * 10 }
        }
        let monthly = try #require(catalog.products.firstIndex { $0.id == SKU.monthlyPass })
        catalog.products[monthly].introductoryOffer = offer
        return catalog
    }

    @Test func theLanguagesAreTheAppsOwn() {
        #expect(Set(Self.storefronts.keys) == Set(PlayerText.languages))
    }

    @Test(arguments: modes)
    func everyPlaceSaysTheSameWords(_ mode: Mode) throws {
        let catalog = try Self.catalog(introducing: mode.offer)
        try withStore(catalog: catalog) { harness in
            let monthly = try #require(catalog.product(id: SKU.monthlyPass))
            let paywall = try #require(catalog.paywalls.first)
            for language in PlayerText.languages {
                let storefront = try #require(catalog.storefront(id: Self.storefronts[language] ?? ""))
                var places: [(String, String?)] = []
                for variant in paywall.variants where variant.products.contains(SKU.monthlyPass) {
                    let plan = PaywallPresentation(catalog: catalog, paywall: paywall, variant: variant, storefront: storefront)
                        .plans.first { $0.product.id == SKU.monthlyPass }
                    places.append(("paywall \(variant.id)", plan?.offerLine))
                }
                for path in [IntegrationPath.storekit, .xee, .paystation, .play] {
                    let report = try harness.store.beginPurchase(of: SKU.monthlyPass, in: storefront.id, on: path)
                    switch report.sheet {
                    case .storeKit(let session)?:
                        places.append(("\(path.rawValue) sheet", session.offerLine))
                        _ = try harness.store.send(.storeKit(.cancel))
                    case .payStation(let page)?:
                        places.append(("Pay Station page", page.session.laterTerms))
                        _ = try harness.store.send(.payStation(.close))
                    case .play(let session)?:
                        places.append(("Google Play sheet", session.offerLine))
                        _ = try harness.store.send(.play(.cancel))
                    case .described?, nil:
                        Issue.record("\(path.rawValue) opened no sheet in \(storefront.id): \(report.notice?.text ?? "")")
                    }
                }
                let line = try #require(places.first?.1, "no offer line on the paywall in \(language)")
                for (place, words) in places {
                    #expect(words == line, "\(language), \(place)")
                }
                let preview = PreviewPurchase(buying: monthly, in: storefront, presenting: nil, history: .newPlayer,
                                              currentPlan: nil, owned: false)
                #expect(preview.sentence(for: "a new player", buying: monthly, in: storefront).contains("(\(line), intro)"),
                        "\(language), preview")
            }
            // Nothing was bought: every sheet was cancelled, the player is still new.
            #expect(harness.store.currentReport().snapshot.history == .newPlayer)
        }
    }

    /// The words a native reader expects, pinned for the languages that join words without
    /// spaces: no space inside `1週間無料`, none before the price.
    @Test func japaneseAndKoreanReadNaturally() throws {
        let catalog = try Self.catalog(introducing: Self.modes[0].offer)
        let japan = try #require(catalog.storefront(id: "JPN"))
        let korea = try #require(catalog.storefront(id: "KOR"))
        func line(_ storefront: Storefront, _ mode: Mode) throws -> String? {
            let catalog = try Self.catalog(introducing: mode.offer)
            let paywall = try #require(catalog.paywalls.first)
            let variant = try #require(paywall.variants.first)
            return PaywallPresentation(catalog: catalog, paywall: paywall, variant: variant, storefront: storefront)
                .plans.first { $0.product.id == SKU.monthlyPass }?.offerLine
        }
        #expect(try line(japan, Self.modes[0]) == "1週間無料、以降¥800/月")
        #expect(try line(japan, Self.modes[1]) == "3か月は¥400/月、以降¥800/月")
        #expect(try line(japan, Self.modes[2]) == "6か月分¥2,400、以降¥800/月")
        #expect(try line(korea, Self.modes[0]) == "1주 무료, 이후 ₩8,000/월")
    }
}
