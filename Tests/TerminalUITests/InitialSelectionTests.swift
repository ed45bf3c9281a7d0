import Catalog
import Foundation
import TestFixtures
import Testing
import TerminalUI

/// Issue 34 item 10: a paywall opens on the plan it stars, unless its variant names another
/// (`selected`): a picture of the paywall, or a player pressing Enter at once, buys the ★ plan.
@Suite("The plan selected when the paywall opens")
struct InitialSelectionTests {
    /// A designer's Xcode configuration, plans in the order Xcode lists them: monthly, then
    /// yearly. The generated paywall stars the longest plan, the yearly.
    static let lantern = """
        {
          "identifier" : "9C1D2E3F",
          "nonRenewingSubscriptions" : [],
          "products" : [
            {
              "displayPrice" : "0.99", "familyShareable" : false, "internalID" : "9C1D2E40",
              "localizations" : [ { "description" : "A flask of oil", "displayName" : "Lamp Oil", "locale" : "en_US" } ],
              "productID" : "lantern.oil", "referenceName" : "Lamp Oil", "type" : "Consumable"
            }
          ],
          "settings" : { "_locale" : "en_US", "_storefront" : "USA" },
          "subscriptionGroups" : [
            {
              "id" : "9C1D2E41", "localizations" : [], "name" : "Lantern Plus",
              "subscriptions" : [
                {
                  "adHocOffers" : [], "codeOffers" : [], "displayPrice" : "2.99", "familyShareable" : false,
                  "groupNumber" : 1, "internalID" : "9C1D2E42",
                  "localizations" : [ { "description" : "Every night lit", "displayName" : "Lantern Monthly", "locale" : "en_US" } ],
                  "productID" : "lantern.plus.monthly", "recurringSubscriptionPeriod" : "P1M",
                  "referenceName" : "Lantern Monthly", "subscriptionGroupID" : "9C1D2E41", "type" : "RecurringSubscription"
                },
                {
                  "adHocOffers" : [], "codeOffers" : [], "displayPrice" : "19.99", "familyShareable" : false,
                  "groupNumber" : 1, "internalID" : "9C1D2E43",
                  "localizations" : [ { "description" : "A year of light", "displayName" : "Lantern Yearly", "locale" : "en_US" } ],
                  "productID" : "lantern.plus.yearly", "recurringSubscriptionPeriod" : "P1Y",
                  "referenceName" : "Lantern Yearly", "subscriptionGroupID" : "9C1D2E41", "type" : "RecurringSubscription"
                }
              ]
            }
          ],
          "version" : { "major" : 3, "minor" : 0 }
        }
        """

    @Test func lanternOpensOnItsStarredYearlyPlan() throws {
        let catalog = try CatalogFile.load(text: Self.lantern, file: "lantern.storekit")
        let model = PaywallModel(catalog: catalog, storefrontId: "USA", userId: "designer")
        #expect(model.shop.plans.map(\.product.id) == ["lantern.plus.monthly", "lantern.plus.yearly"])
        #expect(model.selectedItem?.product.id == "lantern.plus.yearly")
        #expect(model.selectedPurchase?.productId == "lantern.plus.yearly", "Enter at once buys the ★ plan")

        // On screen: the ▸ is on the yearly plan, the one under the ★.
        for (width, height) in [(80, 24), (120, 40)] {
            var frame = Frame(width: width, height: height)
            frame.render(PaywallView(model, focused: true, theme: .dark), in: frame.area)
            let marked = frame.lines.filter { $0.contains("▸") }
            #expect(marked.count == 1 && marked.allSatisfy { $0.contains("▸ Lantern Yearly") }, "\(width)x\(height):\n\(frame.text)")
        }
    }

    /// Every StoreKit configuration we test against, ours and the real ones where they are.
    @Test(arguments: StoreKitPaywallViewTests.files)
    func everyStoreKitFileOpensOnItsStar(url: URL) throws {
        let catalog = try CatalogFile.load(text: try String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
        let model = PaywallModel(catalog: catalog, storefrontId: "USA", userId: "designer")
        #expect(model.selectedItem?.isHighlighted == true, "\(url.lastPathComponent)")
    }

    /// The default catalog stars the first plan of each variant: it opens where it always did.
    @Test func theDefaultCatalogOpensOnItsFirstPlan() {
        for index in defaultCatalog.paywalls[0].variants.indices {
            var model = PaywallModel(catalog: defaultCatalog, storefrontId: "USA", userId: "designer")
            model.update(.productsAnswered(fullProductsAnswer()))
            model.update(.previewVariant(index: index))
            #expect(model.selection == 0)
            #expect(model.selectedItem?.isHighlighted == true)
        }
    }

    /// A variant that names its `selected` plan opens there, the ★ staying where it is.
    @Test func aVariantsSelectedPlanWinsOverTheStar() throws {
        var catalog = defaultCatalog
        catalog.paywalls[0].variants[0].selected = SKU.monthlyPass
        var model = PaywallModel(catalog: catalog, storefrontId: "USA", userId: "designer")
        // The plans arrive with the products request's answer, and the selection with them.
        model.update(.productsAnswered(fullProductsAnswer(catalog)))
        model.update(.previewVariant(index: 0))
        #expect(model.variant?.id == "A")
        #expect(model.selectedItem?.product.id == SKU.monthlyPass)
        #expect(model.shop.plans.first(where: \.isHighlighted)?.product.id == SKU.yearlyPass)

        // The key also reads from catalog.json, and a `selected` outside the variant is refused.
        let written = CatalogEncoder.encode(catalog)
        #expect(try CatalogFile.load(text: written, file: "catalog.json").paywalls[0].variants[0].selected == SKU.monthlyPass)
        catalog.paywalls[0].variants[0].selected = SKU.gems100
        #expect(throws: CatalogLoadError.self) { try CatalogFile.load(text: CatalogEncoder.encode(catalog), file: "catalog.json") }
    }

    /// Once the player moves, the selection is theirs: a rebuilt shop (another eligibility) keeps it.
    @Test func aMovedSelectionStaysWhenTheShopIsBuiltAgain() throws {
        let catalog = try CatalogFile.load(text: Self.lantern, file: "lantern.storekit")
        var model = PaywallModel(catalog: catalog, storefrontId: "USA", userId: "designer")
        model.update(.move(by: -1))
        #expect(model.selectedItem?.product.id == "lantern.plus.monthly")
        model.update(.cycleEligibility)
        #expect(model.selectedItem?.product.id == "lantern.plus.monthly")
        // A variant previewed opens on its own star again.
        model.update(.previewVariant(index: 0))
        #expect(model.selectedItem?.product.id == "lantern.plus.yearly")
    }
}
