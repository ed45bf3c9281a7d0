import Foundation
import Testing
@testable import Catalog

/// The model keeps a product's prices and texts as short sorted lists, and the tree its places
/// in 32 bits: what a dictionary and a full-width place gave, they still give.
@Suite("A compact catalog model")
struct CompactModelTests {
    private func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    @Test func pricesAreEqualWhateverOrderTheyWereGivenIn() {
        let one = StorefrontPrices(["USA": decimal("0.99"), "JPN": 160, "DEU": decimal("1.09")])
        let other = StorefrontPrices(entries: [
            .init(storefront: "JPN", amount: 160), .init(storefront: "DEU", amount: decimal("1.09")),
            .init(storefront: "USA", amount: decimal("0.99")),
        ])
        #expect(one == other)
        #expect(one.keys == ["DEU", "JPN", "USA"])
        #expect(one.dictionary == ["USA": decimal("0.99"), "JPN": 160, "DEU": decimal("1.09")])
        #expect(one != StorefrontPrices(["USA": decimal("0.99"), "JPN": 160]))
    }

    @Test func ofAStorefrontGivenTwiceThePriceIsTheLast() {
        let prices = StorefrontPrices(entries: [
            .init(storefront: "USA", amount: 1), .init(storefront: "JPN", amount: 100), .init(storefront: "USA", amount: 2),
        ])
        #expect(prices["USA"] == 2)
        #expect(prices.count == 2)
    }

    @Test func settingAPriceAddsReplacesAndRemovesIt() {
        var prices: StorefrontPrices = ["USA": 1, "JPN": 100]
        prices["DEU"] = 3
        prices["USA"] = 4
        prices["JPN"] = nil
        prices["GBR"] = nil
        #expect(prices.keys == ["DEU", "USA"])
        #expect(prices["DEU"] == 3 && prices["USA"] == 4 && prices["JPN"] == nil)
        #expect(Array(prices).map(\.key) == ["DEU", "USA"])
        #expect(Array(prices).map(\.value) == [3, 4])
        prices["AAA"] = 5
        #expect(prices.keys == ["AAA", "DEU", "USA"])
    }

    @Test func pricesSharingTheirStorefrontsKeepTheirOwnAmounts() {
        let first: StorefrontPrices = ["USA": 1, "JPN": 100]
        let second = StorefrontPrices(["JPN": 200, "USA": 2]).sharingStorefronts(with: first)
        #expect(second == ["USA": 2, "JPN": 200])
        #expect(first == ["USA": 1, "JPN": 100])
        var changed = second
        changed["DEU"] = 3
        #expect(changed.keys == ["DEU", "JPN", "USA"] && second.keys == ["JPN", "USA"] && first.keys == ["JPN", "USA"])
        // Priced elsewhere: nothing to share, the prices are their own.
        let elsewhere = StorefrontPrices(["DEU": 5]).sharingStorefronts(with: first)
        #expect(elsewhere == ["DEU": 5])
    }

    @Test func productsOfALoadedCatalogKeepTheirOwnPrices() throws {
        let catalog = try CatalogLoader.load(text: smallCatalog(
            storefronts: """
                [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },
                  { "id": "JPN", "locale": "ja_JP", "currency": "JPY", "path": "storekit" } ]
                """,
            products: """
                [ { "id": "a", "type": "consumable", "prices": { "USA": "0.99", "JPN": "160" } },
                  { "id": "b", "type": "consumable", "prices": { "JPN": "320", "USA": "1.99" } },
                  { "id": "c", "type": "consumable", "prices": { "USA": "2.99" } },
                  { "id": "d", "type": "consumable", "prices": { "USA": "3.99", "JPN": "480" } } ]
                """),
            file: "catalog.json")
        #expect(catalog.products.map(\.prices) == [
            ["USA": decimal("0.99"), "JPN": 160], ["USA": decimal("1.99"), "JPN": 320], ["USA": decimal("2.99")],
            ["USA": decimal("3.99"), "JPN": 480],
        ])
    }

    @Test func aLoadedProductHasEveryPriceOfItsFile() throws {
        let catalog = try CatalogLoader.load(text: smallCatalog(
            storefronts: """
                [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },
                  { "id": "JPN", "locale": "ja_JP", "currency": "JPY", "path": "storekit" } ]
                """,
            products: #"[ { "id": "gems", "type": "consumable", "prices": { "USA": "0.99", "JPN": "160" } } ]"#),
            file: "catalog.json")
        let gems = try #require(catalog.product(id: "gems"))
        #expect(gems.prices == ["JPN": 160, "USA": decimal("0.99")])
        #expect(gems.price(in: try #require(catalog.storefront(id: "USA"))) == decimal("0.99"))
    }

    @Test func textsAreEqualWhateverOrderTheyWereGivenIn() {
        let one = LocalizedText(["en": "Gems", "de": "Edelsteine", "ja": "ジェム"])
        let other = LocalizedText(entries: [
            .init(key: "ja", text: "ジェム"), .init(key: "en", text: "Gems"), .init(key: "de", text: "Edelsteine"),
        ])
        #expect(one == other)
        #expect(one.keys == ["de", "en", "ja"])
        #expect(one.values == ["en": "Gems", "de": "Edelsteine", "ja": "ジェム"])
        #expect(one != LocalizedText(["en": "Gems"]))
    }

    @Test func ofALanguageGivenTwiceTheTextIsTheLast() {
        let text = LocalizedText(entries: [.init(key: "en", text: "Old"), .init(key: "de", text: "Alt"), .init(key: "en", text: "New")])
        #expect(text["en"] == "New")
        #expect(text.keys == ["de", "en"])
    }

    @Test func settingValuesReplacesTheTexts() {
        var text = LocalizedText(["en": "Gems"])
        text.values["fr"] = "Gemmes"
        #expect(text.resolved(for: "fr_FR") == "Gemmes")
        #expect(text.resolved(for: "en_US") == "Gems")
        text.values["en"] = nil
        #expect(text.keys == ["fr"])
    }

    @Test func aPlaceKeepsItsLineAndColumn() {
        var place = SourcePosition(line: 70_000, column: 3_000_000)
        #expect(place.line == 70_000 && place.column == 3_000_000)
        place.column += 1
        #expect(place.description == "70000:3000001")
        // Past what 32 bits hold, a place is kept as the largest they do, never wrapped round.
        #expect(SourcePosition(line: 1, column: Int(UInt32.max) + 10).column == Int(UInt32.max))
        #expect(SourcePosition(line: -5, column: 1).line == 0)
    }

    /// No element's path is spelt while a catalog loads cleanly; those that fail still name it
    /// in full, at every depth.
    @Test func errorsInProductsNameTheirWholePath() throws {
        let error = try #require(loadFailure(smallCatalog(products: """
            [ { "id": "gems", "type": "consumable", "prices": { "USA": "0.99" } },
              "not a product",
              { "id": "coins", "type": "consumable", "prices": { "USA": "x" }, "grants": { "currency": "c", "amount": 1, "colour": 2 } },
              { "id": "plan", "type": "autoRenewable", "group": "g", "period": "P1Q", "prices": { "USA": "1.99" },
                "introductoryOffer": { "mode": "payUpFront", "period": "P1M", "prices": { "USA": "-1" } } } ]
            """)))
        let paths = error.errors.map(\.path)
        #expect(paths.contains("$.products[1]"))
        #expect(paths.contains("$.products[2].prices.USA"))
        #expect(paths.contains("$.products[2].grants.colour"))
        #expect(paths.contains("$.products[3].period"))
        #expect(paths.contains("$.products[3].introductoryOffer.prices.USA"))
        #expect(error.errors.allSatisfy { $0.position != nil }, "\(error.errors)")
    }
}
