import Foundation
import Testing
@testable import Catalog

/// Family Sharing in the catalog: `familyShareable` on a non-consumable or an auto-renewable
/// subscription, as App Store Connect allows it, refused with its JSON path anywhere else; read
/// from a `.storekit` file's `familyShareable`, and written back by the encoder.
@Suite("Family-shareable products")
struct FamilyShareableTests {
    private static let pass = #"""
        { "id": "pass", "type": "autoRenewable", "group": "g", "period": "P1M", "prices": { "USA": "4.99" }, "familyShareable": true }
        """#

    private static func catalog(_ products: String) -> String {
        smallCatalog(products: "[ \(products) ]").replacingOccurrences(
            of: "\"products\":", with: "\"subscriptionGroups\": [ { \"id\": \"g\" } ],\n  \"products\":")
    }

    @Test func aNonConsumableAndAnAutoRenewablePlanAreShareable() throws {
        let text = Self.catalog(#"{ "id": "lifetime", "type": "nonConsumable", "prices": { "USA": "9.99" }, "familyShareable": true }, "#
                                + Self.pass + #", { "id": "gems", "type": "consumable", "prices": { "USA": "0.99" } }"#)
        let catalog = try CatalogLoader.load(text: text, file: "catalog.json")
        #expect(catalog.products.map(\.familyShareable) == [true, true, false])
        // Written back as read, and read again the same.
        let again = try CatalogLoader.load(text: CatalogEncoder.encode(catalog), file: "catalog.json")
        #expect(again.products.map(\.familyShareable) == [true, true, false])
        #expect(!CatalogEncoder.encode(again).contains("\"familyShareable\": false"), "false is the default, left out")
    }

    @Test("what the App Store never shares is refused at its JSON path", arguments: [
        (#"{ "id": "gems", "type": "consumable", "prices": { "USA": "0.99" }, "familyShareable": true }"#, "consumable"),
        (#"{ "id": "season", "type": "nonRenewing", "prices": { "USA": "9.99" }, "familyShareable": true }"#, "nonRenewing"),
    ])
    func refused(product: String, type: String) throws {
        let text = Self.catalog(product)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics.map(\.path) == ["$.products[0].familyShareable"])
        #expect(error.diagnostics.map(\.message) == [
            "a \(type) product cannot be familyShareable: the App Store shares only nonConsumable and autoRenewable "
                + "products; remove \"familyShareable\"",
        ])
        // The line and column of the key's value, so an editor goes to it.
        #expect(error.diagnostics.first?.position == position(of: "true", in: text))
        #expect(error.description.contains("catalog.json:"))
    }

    @Test func falseIsAllowedOnAnyProductAndANonBooleanIsATypeError() throws {
        let allowed = Self.catalog(#"{ "id": "gems", "type": "consumable", "prices": { "USA": "0.99" }, "familyShareable": false }"#)
        #expect(try CatalogLoader.load(text: allowed, file: "catalog.json").products.first?.familyShareable == false)
        let text = Self.catalog(#"{ "id": "lifetime", "type": "nonConsumable", "prices": { "USA": "9.99" }, "familyShareable": "yes" }"#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics.map(\.path) == ["$.products[0].familyShareable"])
        #expect(error.diagnostics.first?.message.contains("expected true or false") == true)
    }

    @Test func theRepositorysCatalogSharesRemoveAdsAndTheMonthlyPass() throws {
        let catalog = try loadDefaultCatalog()
        #expect(catalog.products.filter(\.familyShareable).map(\.id)
                == ["com.example.stardust.remove_ads", "com.example.stardust.pass.monthly"])
    }

    // MARK: .storekit

    /// Xcode's checkbox, `familyShareable`, on each shelf of a file.
    @Test func aStoreKitFileSaysWhichProductsAreShared() throws {
        let text = """
        {
          "products": [
            { "productID": "gems", "type": "Consumable", "displayPrice": "0.99", "familyShareable": false },
            { "productID": "lifetime", "type": "NonConsumable", "displayPrice": "9.99", "familyShareable": true }
          ],
          "subscriptionGroups": [ { "id": "g", "name": "Plans", "subscriptions": [
            { "productID": "monthly", "recurringSubscriptionPeriod": "P1M", "displayPrice": "4.99", "familyShareable": true },
            { "productID": "yearly", "recurringSubscriptionPeriod": "P1Y", "displayPrice": "39.99" }
          ] } ]
        }
        """
        let catalog = try StoreKitImporter.load(text: text, file: "shared.storekit")
        #expect(catalog.products.filter(\.familyShareable).map(\.id) == ["lifetime", "monthly"])
        // An import written as catalog.json keeps them shared.
        let encoded = try CatalogLoader.load(text: CatalogEncoder.encode(catalog), file: "catalog.json")
        #expect(encoded.products.filter(\.familyShareable).map(\.id) == ["lifetime", "monthly"])
    }

    /// Xcode offers the checkbox only where the App Store shares; a file edited by hand that
    /// ticks it on a consumable still imports, with a warning at the key, and shares nothing.
    @Test func aConsumableMarkedSharedInAStoreKitFileIsAWarning() throws {
        let text = """
        { "products": [ { "productID": "gems", "type": "Consumable", "displayPrice": "0.99", "familyShareable": true } ] }
        """
        let outcome = StoreKitImporter.loadOutcome(text: text, file: "hand.storekit")
        #expect(outcome.catalog?.products.first?.familyShareable == false)
        #expect(outcome.diagnostics == [
            Diagnostic(.warning, path: "$.products[0].familyShareable", position: position(of: "true", in: text),
                       message: "familyShareable is ignored on a consumable product: the App Store shares only "
                           + "non-consumables and auto-renewable subscriptions"),
        ])
    }

    /// Our files of the real files' shapes, and the real ones where ../shared keeps them: how many
    /// products each ticks (counted off the files themselves).
    @Test(arguments: [
        (StoreKitShapes.formatFive, true, ["unlock.forever"]),
        (StoreKitShapes.sixGroups, true, []),
        (StoreKitFixtures.unitTests, false, ["lifetime", "com.revenuecat.monthly_4.99.1_week_intro",
                                             "com.revenuecat.annual_39.99.2_week_intro", "com.revenuecat.annual_39.99_no_trial"]),
        (StoreKitFixtures.purchaseTester, false, ["com.revenuecat.purchaseTester.lifetime.199.99",
                                                  "com.revenuecat.purchaseTester.annual_39.99.2_week_intro",
                                                  "com.revenuecat.purchaseTester.annual_plus_annual_free",
                                                  "com.revenuecat.purchaseTester.monthly_4.99.1_week_intro"]),
        (StoreKitFixtures.paywallsTester, false, []),
        (StoreKitFixtures.integration, false, ["lifetime", "com.revenuecat.monthly_4.99.1_week_intro",
                                               "com.revenuecat.annual_39.99.2_week_intro", "com.revenuecat.loadShedder.monthly"]),
        (StoreKitFixtures.foodTruck, false, []),
        (StoreKitFixtures.backyardBirds, false, ["pass.family", "pass.premium"]),
    ])
    func theFilesShareWhatTheyTick(file: String, isOurs: Bool, shared: [String]) throws {
        if !isOurs, !StoreKitFixtures.available { return }
        let catalog = try isOurs ? StoreKitShapes.load(file) : StoreKitFixtures.load(file)
        #expect(Set(catalog.products.filter(\.familyShareable).map(\.id)) == Set(shared))
    }
}
