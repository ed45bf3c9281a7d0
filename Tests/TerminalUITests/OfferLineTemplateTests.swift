import Catalog
import Foundation
import TestFixtures
import Testing

/// Issue 7 item 5: offer lines come from the catalog's `offerDetailsWithIntro` template in the
/// storefront's language for every offer (introductory, promotional, win-back) in every mode
/// (free trial, pay as you go, pay up front); `product.offer_price` says the price as the line
/// needs it; Korean counts periods its own way.
@Suite("Offer lines from the catalog's template")
struct OfferLineTemplateTests {
    enum Kind: String, CaseIterable, Sendable { case introductory, promotional, winBack }

    static let usa = Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit)
    static let template = "[{{ product.offer_period }}|{{ product.offer_price }}] then {{ product.price_per_period }}"

    /// The offer of each mode: a week free, three months at $2.49 a month, six months for $9.99.
    static func offer(_ mode: OfferMode, id: String?) -> Offer {
        switch mode {
        case .freeTrial: return Offer(id: id, mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week))
        case .payAsYouGo:
            return Offer(id: id, mode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month), periods: 3,
                         prices: ["USA": Decimal(string: "2.49")!])
        case .payUpFront:
            return Offer(id: id, mode: .payUpFront, period: SubscriptionPeriod(value: 6, unit: .month),
                         prices: ["USA": Decimal(string: "9.99")!])
        }
    }

    /// A $4.99 monthly plan carrying one offer as `kind`, its paywall presenting it, and the
    /// history that makes the player eligible for it.
    static func presentation(_ kind: Kind, _ mode: OfferMode) -> PaywallPresentation {
        var plan = Product(id: "com.example.plan", type: .autoRenewable, name: LocalizedText(["en": "Plan"]),
                           prices: ["USA": Decimal(string: "4.99")!], group: "pass", level: 1,
                           period: SubscriptionPeriod(value: 1, unit: .month))
        var history = SubscriberHistory.newPlayer
        switch kind {
        case .introductory: plan.introductoryOffer = offer(mode, id: nil)
        case .promotional:
            plan.promotionalOffers = [offer(mode, id: "promo")]
            history = SubscriberHistory(subscribedGroups: ["pass"])
        case .winBack:
            plan.winBackOffers = [offer(mode, id: "back")]
            history = SubscriberHistory(subscribedGroups: ["pass"], lapsedGroups: ["pass"])
        }
        let variant = PaywallVariant(id: "A", products: [plan.id], promotionalOffer: kind == .promotional ? "promo" : nil,
                                     strings: ["en": PaywallStrings(title: "Offers", offerDetailsWithIntro: template)])
        let catalog = ProductCatalog(app: AppInfo(name: "Offers", bundleId: "com.example.offers"), storefronts: [usa],
                              subscriptionGroups: [SubscriptionGroup(id: "pass")], products: [plan],
                              paywalls: [Paywall(id: "main", placement: "store_open", variants: [variant])])
        return PaywallPresentation(catalog: catalog, paywall: catalog.paywalls[0], variant: variant, storefront: usa,
                                   history: history)
    }

    static let expected: [OfferMode: (offerPrice: String, line: String)] = [
        .freeTrial: ("free", "[1 week|free] then $4.99/month"),
        .payAsYouGo: ("at $2.49/month", "[3 months|at $2.49/month] then $4.99/month"),
        .payUpFront: ("for $9.99", "[6 months|for $9.99] then $4.99/month"),
    ]

    @Test("Every offer kind and mode uses the template", arguments: Kind.allCases, [OfferMode.freeTrial, .payAsYouGo, .payUpFront])
    func template(kind: Kind, mode: OfferMode) throws {
        let plan = try #require(Self.presentation(kind, mode).plans.first)
        let applied = try #require(plan.appliedOffer, "the \(kind) offer applies to this player")
        #expect(applied.typeName == kind.rawValue)
        #expect(plan.variables[.offerPrice] == Self.expected[mode]?.offerPrice)
        #expect(plan.offerLine == Self.expected[mode]?.line)
    }

    /// The default catalog, German: variant C's promotional pay-as-you-go offer to a player who
    /// subscribed before reads from the German template.
    @Test func germanTemplateForAPromotionalOffer() throws {
        let catalog = defaultCatalog
        let paywall = try #require(catalog.paywalls.first)
        let variant = try #require(paywall.variants.first { $0.id == "C" })
        let deu = try #require(catalog.storefront(id: "DEU"))
        let shown = PaywallPresentation(catalog: catalog, paywall: paywall, variant: variant, storefront: deu,
                                        history: SubscriberHistory(subscribedGroups: ["stardust_pass"]))
        let monthly = try #require(shown.plans.first { $0.product.id == SKU.monthlyPass })
        #expect(monthly.variables[.offerPrice] == "für 2,79\u{A0}€/Monat")
        #expect(monthly.offerLine == "3 Monate für 2,79\u{A0}€/Monat, danach 5,49\u{A0}€/Monat")
    }

    /// Korean counts "3개월" and divides "/월"; with no Korean template the built-in sentence
    /// is Korean too.
    @Test func koreanPeriodWords() throws {
        let kor = Storefront(id: "KOR", locale: "ko_KR", currency: "KRW", path: .storekit)
        let monthly = Product(id: "m", type: .autoRenewable, prices: ["KOR": 5500], group: "g", level: 1,
                              period: SubscriptionPeriod(value: 1, unit: .month),
                              introductoryOffer: Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)))
        let quarterly = Product(id: "q", type: .autoRenewable, prices: ["KOR": 15000], group: "g", level: 2,
                                period: SubscriptionPeriod(value: 3, unit: .month))
        #expect(ProductDisplay(product: monthly, storefront: kor).pricePerPeriod == "₩5,500/월")
        #expect(ProductDisplay(product: quarterly, storefront: kor).pricePerPeriod == "₩15,000/3개월")
        #expect(ProductDisplay(product: quarterly, storefront: kor).periodName == "3개월")
        #expect(ProductDisplay(product: monthly, storefront: kor).periodName == "1개월")
        let words = PeriodWords(storefront: kor)
        #expect(words.duration(value: 1, unit: .week) == "1주")
        #expect(words.duration(value: 1, unit: .year) == "1년")
        let trial = try #require(monthly.introductoryOffer)
        #expect(OfferText.describe(trial, in: kor, then: "₩5,500/월") == "1주 무료, 이후 ₩5,500/월")
        let payAsYouGo = Offer(mode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month), periods: 3, prices: ["KOR": 2750])
        #expect(OfferText.pricePhrase(payAsYouGo, in: kor) == "₩2,750/월")
        #expect(OfferText.describe(payAsYouGo, in: kor, then: "₩5,500/월") == "3개월 동안 ₩2,750/월, 이후 ₩5,500/월")
    }

    /// The English template is English: on a Korean storefront the line is the built-in Korean
    /// sentence, not English words around Korean prices.
    @Test func anotherLanguagesTemplateIsNotUsed() throws {
        let kor = Storefront(id: "KOR", locale: "ko_KR", currency: "KRW", path: .storekit)
        let plan = Product(id: "m", type: .autoRenewable, prices: ["KOR": 5500], group: "g", level: 1,
                           period: SubscriptionPeriod(value: 1, unit: .month),
                           introductoryOffer: Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)))
        let variant = PaywallVariant(id: "A", products: ["m"],
                                     strings: ["en": PaywallStrings(title: "Offers", offerDetailsWithIntro: Self.template)])
        let catalog = ProductCatalog(app: AppInfo(name: "K", bundleId: "com.example.k"), storefronts: [kor],
                              subscriptionGroups: [SubscriptionGroup(id: "g")], products: [plan],
                              paywalls: [Paywall(id: "main", placement: "store_open", variants: [variant])])
        let shown = PaywallPresentation(catalog: catalog, paywall: catalog.paywalls[0], variant: variant, storefront: kor)
        #expect(shown.plans.first?.offerLine == "1주 무료, 이후 ₩5,500/월")
    }
}
