import Foundation
import Testing
@testable import Catalog

/// A catalog far bigger than any game ships, written as text the way a person or a tool would.
/// Benchmarks measure its load time (`make bench`); this only checks that nothing is lost.
enum LargeCatalog {
    static let productCount = 10_000
    static let groupCount = 50
    static let storefronts: [(id: String, locale: String, currency: String, path: String, wholePrices: Bool)] = [
        ("USA", "en_US", "USD", "paystation", false), ("DEU", "de_DE", "EUR", "paystation", false),
        ("JPN", "ja_JP", "JPY", "storekit", true), ("GBR", "en_GB", "GBP", "paystation", false),
        ("FRA", "fr_FR", "EUR", "paystation", false), ("BRA", "pt_BR", "BRL", "storekit", false),
        ("IND", "en_IN", "INR", "paystation", true), ("SAU", "ar_SA", "SAR", "storekit", false),
    ]
    static let periods = ["P1W", "P1M", "P3M", "P1Y"]

    static func productId(_ index: Int) -> String { "com.example.big.item_\(index)" }

    /// Index 0, 1 mod 4: consumables and non-consumables; 2, 3 mod 4: subscriptions.
    static func isSubscription(_ index: Int) -> Bool { index % 4 >= 2 }

    static func price(_ index: Int, in storefront: Int) -> String {
        storefronts[storefront].wholePrices ? "\(100 + index % 900 + storefront)" : "\(index % 100 + storefront).\(index % 10)9"
    }

    static func text() -> String {
        var products: [String] = []
        products.reserveCapacity(productCount)
        for index in 0..<productCount {
            let prices = storefronts.indices.map { #""\#(storefronts[$0].id)": "\#(price(index, in: $0))""# }
                .joined(separator: ", ")
            let name = #""name": { "en": "Item \#(index)", "de": "Gegenstand \#(index)", "ja": "アイテム\#(index)" }"#
            var fields = [#""id": "\#(productId(index))""#, name, #""prices": { \#(prices) }"#]
            switch index % 4 {
            case 0: fields += [#""type": "consumable""#, #""grants": { "currency": "gems", "amount": \#(index + 1) }"#]
            case 1: fields += [#""type": "nonConsumable""#, #""grants": { "entitlement": "no_ads" }"#]
            default:
                fields += [#""type": "autoRenewable""#, #""group": "group_\#(index % groupCount)""#,
                           #""level": \#(index / groupCount % 100 + 1)"#, #""period": "\#(periods[index % periods.count])""#]
                if index % 3 == 0 { fields.append(#""introductoryOffer": { "mode": "freeTrial", "period": "P1W" }"#) }
                if index % 5 == 0 {
                    fields.append(#""promotionalOffers": [ { "id": "promo_\#(index)", "mode": "payAsYouGo", "period": "P1M", "periods": 2, "prices": { "USA": "0.99" } } ]"#)
                }
            }
            products.append("    { " + fields.joined(separator: ", ") + " }")
        }
        let storefrontText = storefronts.map {
            #"    { "id": "\#($0.id)", "locale": "\#($0.locale)", "currency": "\#($0.currency)", "path": "\#($0.path)" }"#
        }.joined(separator: ",\n")
        let groups = (0..<groupCount).map { #"    { "id": "group_\#($0)", "accessLevel": "premium", "name": { "en": "Group \#($0)" } }"# }
            .joined(separator: ",\n")
        let shown = [2, 3, 6, 7].map { #""\#(productId($0))""# }.joined(separator: ", ")
        return """
        {
          "schemaVersion": 1,
          "app": { "name": "Big Game", "bundleId": "com.example.big" },
          "settings": { "enablePayments": true },
          "storefronts": [
        \(storefrontText)
          ],
          "accessLevels": [ { "id": "premium" }, { "id": "no_ads" } ],
          "subscriptionGroups": [
        \(groups)
          ],
          "products": [
        \(products.joined(separator: ",\n"))
          ],
          "paywalls": [
            { "id": "main", "placement": "store_open", "variants": [
              { "id": "A", "weight": 1, "products": [\(shown)], "highlight": "\(productId(2))" } ] }
          ]
        }
        """
    }
}

@Suite("Catalog at scale")
struct CatalogScaleTests {
    @Test func tenThousandProductsLoadWithoutADiagnosticAndNoneIsLost() throws {
        let text = LargeCatalog.text()
        let outcome = CatalogLoader.loadOutcome(text: text, file: "big.json")
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics.prefix(5))")
        let catalog = try #require(outcome.catalog)

        #expect(catalog.storefronts.map(\.id) == LargeCatalog.storefronts.map(\.id))
        #expect(catalog.subscriptionGroups.count == LargeCatalog.groupCount)
        #expect(catalog.products.count == LargeCatalog.productCount)
        #expect(catalog.products.map(\.id) == (0..<LargeCatalog.productCount).map(LargeCatalog.productId))
        #expect(Set(catalog.products.map(\.id)).count == LargeCatalog.productCount)

        var types: [ProductType: Int] = [:]
        for product in catalog.products { types[product.type, default: 0] += 1 }
        #expect(types == [.consumable: 2_500, .nonConsumable: 2_500, .autoRenewable: 5_000])

        var perGroup: [String: Int] = [:]
        for product in catalog.products where product.type == .autoRenewable {
            perGroup[product.group ?? "none", default: 0] += 1
        }
        #expect(perGroup.count == LargeCatalog.groupCount)
        #expect(perGroup.values.allSatisfy { $0 == 100 })
        #expect(catalog.products.allSatisfy { $0.prices.count == LargeCatalog.storefronts.count })
    }

    @Test func everyProductKeepsItsOwnValues() throws {
        let catalog = try CatalogLoader.load(text: LargeCatalog.text(), file: "big.json")
        for index in [0, 1, 2, 3, 4_998, 5_555, 9_990, 9_999] {
            let product = try #require(catalog.product(id: LargeCatalog.productId(index)))
            #expect(product.isSubscription == LargeCatalog.isSubscription(index))
            #expect(product.name.resolved(for: "ja_JP") == "アイテム\(index)")
            for (position, storefront) in LargeCatalog.storefronts.enumerated() {
                #expect(product.prices[storefront.id] == decimal(LargeCatalog.price(index, in: position)), "\(index) \(storefront.id)")
            }
            if LargeCatalog.isSubscription(index) {
                #expect(product.group == "group_\(index % LargeCatalog.groupCount)")
                #expect(product.period?.description == LargeCatalog.periods[index % LargeCatalog.periods.count])
                #expect((product.introductoryOffer != nil) == (index % 3 == 0))
                #expect(product.promotionalOffers.map(\.id) == (index % 5 == 0 ? ["promo_\(index)"] : []))
            } else if index % 4 == 0 {
                #expect(product.grants == .currency("gems", amount: index + 1))
            } else {
                #expect(product.grants == .entitlement("no_ads"))
            }
        }
        #expect(catalog.paywall(id: "main")?.variants.first?.products.count == 4)
    }
}
