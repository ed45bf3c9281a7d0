import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Play Billing Lab's country on a real ledger: Google Play prices, charges and sells in the Play
/// account's country whatever storefront the app shows (in the words of that one, the phone's),
/// keeps it across launches, refuses a country the catalog lacks, and goes back to the
/// storefront on screen when it is turned off.
@Suite("Google Play: the Play account's country")
struct PlayCountryTests {
    @Test func theSheetChargesInThePlayCountryAcrossLaunches() throws {
        try withStore { harness in
            #expect(harness.store.currentReport().playCountry == nil)
            let set = try harness.sendPlay(.setCountry("deu"))
            #expect(set.notice?.text == "Google Play country: DEU, in EUR.", "\(set.notice?.text ?? "")")
            #expect(set.playCountry == "DEU")
            #expect(try harness.ledger.setting(PlayPath.countrySetting) == "DEU")
            #expect(try harness.events(.playCountry).last?.message.contains("country is DEU (EUR, de_DE)") == true)

            try harness.relaunch()
            #expect(harness.store.currentReport().playCountry == "DEU")
            // The app shows USA; Google Play sells in Germany, as an American phone writes it.
            let sheet = try harness.openPlay(SKU.gems100, in: "USA")
            #expect(sheet.formattedPrice == "€1.09" && sheet.language == "en" && sheet.productName == "Pouch of Gems")
            try harness.sendPlay(.buy)
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.storefront == "DEU" && record.currency == "EUR" && record.price == "1.09" && record.state == .purchased)
            // A German phone in Japan: yen, in German.
            try harness.sendPlay(.setCountry("JPN"))
            let german = try harness.openPlay(SKU.removeAds, in: "DEU")
            #expect(german.formattedPrice == "480\u{a0}¥" && german.language == "de" && german.productName == "Werbung entfernen",
                    "\(german.formattedPrice)")
        }
    }

    @Test func offGoesBackToTheStorefrontOnScreen() throws {
        try withStore { harness in
            try harness.sendPlay(.setCountry("JPN"))
            let off = try harness.sendPlay(.setCountry(nil))
            #expect(off.playCountry == nil && off.notice?.text.hasPrefix("Google Play country: as the storefront on screen") == true)
            #expect(try harness.openPlay(SKU.gems100, in: "USA").formattedPrice == "$0.99")
        }
    }

    /// An unknown country is an error naming the countries there are; nothing is kept or logged.
    @Test func anUnknownCountryChangesNothingAndNamesTheCatalogs() throws {
        try withStore { harness in
            try harness.sendPlay(.setCountry("GBR"))
            let refused = try harness.sendPlay(.setCountry("XYZ"))
            #expect(refused.notice?.tone == .error)
            #expect(refused.notice?.text == "Google Play: the catalog has no storefront XYZ; the Play country is one of "
                    + "USA, DEU, JPN, GBR, FRA, BRA, IND, SAU, or off for the storefront on screen.", "\(refused.notice?.text ?? "")")
            #expect(refused.playCountry == "GBR")
            #expect(try harness.ledger.setting(PlayPath.countrySetting) == "GBR")
            #expect(try harness.events(.playCountry).count == 1)
        }
    }

    /// A catalog saved without the Play country: Google Play sells in the storefront on screen,
    /// and no report names a country it no longer sells in; saved with it again, it is back.
    @Test func aCatalogWithoutTheCountryFallsBackToTheScreen() throws {
        let catalog = try defaultCatalog()
        try withStore(catalog: catalog) { harness in
            try harness.sendPlay(.setCountry("DEU"))
            var without = catalog
            without.storefronts.removeAll { $0.id == "DEU" }
            let saved = try harness.store.replaceCatalog(with: without, from: "catalog.json")
            #expect(saved.playCountry == nil)
            #expect(try harness.openPlay(SKU.gems100, in: "USA").formattedPrice == "$0.99")
            try harness.sendPlay(.cancel)
            #expect(try harness.store.replaceCatalog(with: catalog, from: "catalog.json").playCountry == "DEU")
        }
    }

    /// A product without a price in the Play country is absent from the product details and
    /// ITEM_UNAVAILABLE at launchBillingFlow, though the storefront on screen sells it.
    @Test func aProductWithoutAPriceThereIsUnavailable() throws {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.removeAds })
        catalog.products[index].prices["DEU"] = nil
        try withStore(catalog: catalog) { harness in
            try harness.sendPlay(.setCountry("DEU"))
            let details = try harness.store.requestProducts(on: .play, attempt: 1)
            guard case .answered(let response)? = details.products?.outcome else {
                Issue.record("no products answer: \(String(describing: details.products))")
                return
            }
            #expect(!response.products.contains { $0.id == SKU.removeAds } && response.products.contains { $0.id == SKU.gems100 })
            #expect(try harness.events(.playProductDetails).contains { $0.message.contains("1 absent (unknown or unavailable) in the Play country DEU") })
            let report = try harness.store.beginPurchase(of: SKU.removeAds, in: "USA", on: .play)
            #expect(report.sheet == nil)
            #expect(report.notice?.text.contains("is not sold in DEU (ITEM_UNAVAILABLE)") == true, "\(report.notice?.text ?? "")")
        }
    }
}
