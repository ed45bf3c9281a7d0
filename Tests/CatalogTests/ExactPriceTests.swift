import Foundation
import Testing
@testable import Catalog

/// A price is charged in whole minor units of its currency (ISO 4217: cents, yen, fils). One
/// with more decimals would be shown and charged rounded ($1.00 for 0.999) while the ledger
/// records what was written, so it is a load error at the price, in offers too.
@Suite("Exact prices")
struct ExactPriceTests {
    @Test(arguments: [("USD", 2), ("EUR", 2), ("JPY", 0), ("KRW", 0), ("KWD", 3), ("BHD", 3)])
    func minorUnitsComeFromFoundation(currency: String, digits: Int) {
        #expect(PriceFormatter.minorUnitDigits(ofCurrency: currency) == digits)
    }

    static let storefronts = #"""
        [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },
          { "id": "JPN", "locale": "ja_JP", "currency": "JPY", "path": "storekit" },
          { "id": "KWT", "locale": "ar_KW", "currency": "KWD", "path": "storekit" } ]
        """#

    private func catalog(usa: String = #""0.99""#, jpn: String = #""160""#, kwt: String = #""0.300""#,
                         offers: String = "") -> String {
        smallCatalog(storefronts: Self.storefronts, products: """
            [ { "id": "gems", "type": "consumable", "prices": { "USA": \(usa), "JPN": \(jpn), "KWT": \(kwt) } }\(offers) ]
            """)
    }

    @Test func pricesWithinTheirCurrencysMinorUnitsLoad() throws {
        // Trailing zeros add no precision: 0.990 is 0.99, 1600.0 is 1600.
        for text in [catalog(), catalog(usa: #""0.990""#, jpn: #""1600.0""#, kwt: #""1.234""#),
                     catalog(usa: "0.99", jpn: "160", kwt: "1.234")] {
            _ = try CatalogLoader.load(text: text, file: "catalog.json")
        }
    }

    @Test(arguments: [
        (#""0.999""#, "USA", "0.999 has more decimals than USD has (2, its ISO 4217 minor units), so it cannot be shown or charged as written; write 0.99 or 1.00"),
        ("0.999", "USA", "0.999 has more decimals than USD has (2, its ISO 4217 minor units), so it cannot be shown or charged as written; write 0.99 or 1.00"),
        (#""1600.5""#, "JPN", "1600.5 has more decimals than JPY has (0, its ISO 4217 minor units), so it cannot be shown or charged as written; write 1600 or 1601"),
        (#""1.2345""#, "KWT", "1.2345 has more decimals than KWD has (3, its ISO 4217 minor units), so it cannot be shown or charged as written; write 1.234 or 1.235"),
    ])
    func aPriceMoreExactThanItsCurrencyIsALoadError(price: String, storefront: String, message: String) throws {
        let text = switch storefront {
        case "USA": catalog(usa: price)
        case "JPN": catalog(jpn: price)
        default: catalog(kwt: price)
        }
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [Diagnostic(
            .error, path: "$.products[0].prices.\(storefront)",
            position: position(of: price, in: text), message: message)])
    }

    @Test(arguments: [
        (#""introductoryOffer": { "mode": "payUpFront", "period": "P1M", "prices": { "USA": "0.995" } }"#,
         "$.products[1].introductoryOffer.prices.USA"),
        (#""promotionalOffers": [ { "id": "p", "mode": "payAsYouGo", "period": "P1M", "prices": { "JPN": "99.9" } } ]"#,
         "$.products[1].promotionalOffers[0].prices.JPN"),
        (#""winBackOffers": [ { "id": "w", "mode": "payUpFront", "period": "P1M", "prices": { "KWT": "0.1234" } } ]"#,
         "$.products[1].winBackOffers[0].prices.KWT"),
        (#""codeOffers": [ { "id": "c", "mode": "payUpFront", "period": "P1M", "prices": { "USA": "1.001" } } ]"#,
         "$.products[1].codeOffers[0].prices.USA"),
    ])
    func offerPricesAreExactToo(offer: String, path: String) throws {
        let subscription = """
            , { "id": "pass", "type": "autoRenewable", "group": "pass", "period": "P1M",
                "prices": { "USA": "4.99", "JPN": "800", "KWT": "1.500" }, \(offer) }
            """
        let text = try replacingOnce(#""storefronts": "#, with: #""subscriptionGroups": [ { "id": "pass" } ], "storefronts": "#,
                                     in: catalog(offers: subscription))
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics.map(\.path) == [path])
        #expect(error.diagnostics.first?.message.contains("ISO 4217 minor units") == true)
        #expect(error.diagnostics.first?.position != nil)
    }

    @Test func lintReportsItAsAnErrorAtThePrice() throws {
        let text = catalog(usa: #""0.999""#)
        let report = CatalogLinter.lint(text: text, file: "catalog.json")
        let errors = report.findings.filter { $0.severity == .error && $0.rule == "schema" }
        #expect(errors.count == 1)
        #expect(errors.first.map { $0.formatted(file: "catalog.json") }?.hasPrefix("catalog.json:\(try #require(position(of: #""0.999""#, in: text))): error: $.products[0].prices.USA: 0.999 has more decimals") == true)
    }

    @Test func aStoreKitOfferPriceMoreExactThanItsCurrencyIsAnError() throws {
        let text = """
            { "settings": { "_storefront": "USA" },
              "subscriptionGroups": [ { "id": "G", "subscriptions": [ { "productID": "pass", "recurringSubscriptionPeriod": "P1M",
                "displayPrice": "4.99",
                "introductoryOffer": { "paymentMode": "payUpFront", "subscriptionPeriod": "P1M", "displayPrice": "0.995" } } ] } ] }
            """
        let error = try #require(storeKitFailure(text))
        #expect(error.diagnostics.map(\.path) == ["$.subscriptionGroups[0].subscriptions[0].introductoryOffer.displayPrice"])
        #expect(error.diagnostics.first?.message.hasSuffix("write 0.99 or 1.00") == true)
    }

    @Test func aStoreKitDisplayPriceMoreExactThanItsCurrencyIsAnError() throws {
        let text = """
            { "settings": { "_storefront": "JPN", "_locale": "ja_JP" },
              "products": [ { "productID": "gems", "type": "Consumable", "displayPrice": "160.5" } ] }
            """
        let error = try #require(storeKitFailure(text))
        #expect(error.diagnostics == [Diagnostic(
            .error, path: "$.products[0].displayPrice", position: position(of: "\"160.5\"", in: text),
            message: "160.5 has more decimals than JPY has (0, its ISO 4217 minor units), so it cannot be shown or charged as written; write 160 or 161")])
    }
}
