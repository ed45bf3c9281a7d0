import Catalog
import Foundation
import Program
import StoreEngine
import TestFixtures

// Catalogs made up by a test, for what the default one does not have: many products, a
// Korean storefront, a paywall without terms. Built as values, not JSON, so a test says only
// what it changes.

enum Generated {
    static let usa = Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit)
    static let kor = Storefront(id: "KOR", locale: "ko_KR", currency: "KRW", path: .storekit)

    static func planId(_ index: Int) -> String { "com.example.gen.plan_\(index)" }
    static func itemId(_ index: Int) -> String { "com.example.gen.item_\(index)" }
    /// Names of equal width, so none is a part of another ("Plan 01" is not in "Plan 010").
    static func planName(_ index: Int) -> String { String(format: "Plan %02d", index) }
    static func itemName(_ index: Int) -> String { String(format: "Item %03d", index) }

    /// `plans` subscriptions of one group, offered by three variants (cards, list, hero) with
    /// the second plan highlighted but the first on screen selected (the walks and clicks start
    /// there: the hero template puts the highlighted first), and
    /// `items` consumables in the rest of the shop. Sold on a
    /// StoreKit storefront, so no products request stands between launch and the paywall.
    static func catalog(plans: Int, items: Int, storefront: Storefront = usa) -> ProductCatalog {
        let periods = ["P1W", "P1M", "P3M", "P6M", "P1Y"].compactMap { SubscriptionPeriod(iso8601: $0) }
        let planProducts = (1...max(1, plans)).prefix(plans).map { index in
            Product(id: planId(index), type: .autoRenewable, name: LocalizedText(["en": planName(index)]),
                    prices: [storefront.id: Decimal(index) + Decimal(string: "0.99")!], grants: .entitlement("premium"),
                    group: "gen_pass", level: index, period: periods[(index - 1) % periods.count],
                    introductoryOffer: index % 2 == 1 ? Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)) : nil)
        }
        let shopProducts = (1...max(1, items)).prefix(items).map { index in
            Product(id: itemId(index), type: .consumable, name: LocalizedText(["en": itemName(index)]),
                    description: LocalizedText(["en": "\(index * 10) gems"]),
                    prices: [storefront.id: Decimal(index)], grants: .currency("gems", amount: index * 10))
        }
        let ids = planProducts.map(\.id)
        let strings = ["en": PaywallStrings(title: "Generated paywall", features: ["More", "Better"])]
        let variants = [PaywallTemplate.cards, .list, .hero].enumerated().map { index, template in
            PaywallVariant(id: ["A", "B", "C"][index], weight: index == 0 ? 1 : 0, template: template, products: ids,
                           highlight: ids.count > 1 ? ids[1] : ids.first,
                           selected: template == .hero ? nil : ids.first, strings: strings)
        }
        return ProductCatalog(app: AppInfo(name: "Generated", bundleId: "com.example.gen"), storefronts: [storefront],
                       accessLevels: [AccessLevel(id: "premium")],
                       subscriptionGroups: [SubscriptionGroup(id: "gen_pass", accessLevel: "premium")],
                       products: planProducts + shopProducts,
                       paywalls: [Paywall(id: "main", placement: "store_open", variants: variants,
                                          termsUrl: "https://example.com/terms", privacyUrl: "https://example.com/privacy")])
    }
}

/// The app a moment after launch on any catalog, as `makeApp` is on the default one: the
/// launch answered with `snapshot`, and a Pay Station products request with every product.
func launchedApp(catalog: ProductCatalog, storefront: String? = nil, width: Int = 80, height: Int = 24,
                 snapshot: StoreSnapshot = StoreSnapshot()) -> App {
    var app = freshApp(width: width, height: height, storefront: storefront ?? catalog.storefronts[0].id, catalog: catalog)
    for effect in app.update(.started) {
        switch effect {
        case .engine(.requestProducts):
            let answer = ProductsAnswer.answer(requesting: catalog.products.map(\.id), projectId: catalog.settings.projectId,
                                               catalog: catalog)
            app.receive(report(snapshot, products: .answered(answer)))
        case .engine(.launch):
            app.receive(report(snapshot))
        default:
            break
        }
    }
    return app
}
