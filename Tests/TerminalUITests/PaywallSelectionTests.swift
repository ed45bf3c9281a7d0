import Catalog
import TestFixtures
import Testing
@testable import TerminalUI

/// The paywall's selection: plans first, then the shop; moves stop at the ends, and what Enter
/// buys carries the variant's variation id only for plans.
@Suite("Paywall model: selection")
struct PaywallSelectionTests {
    @Test func movesStopAtBothEnds() {
        var model = answeredModel()
        let count = model.itemCount
        #expect(count > 2)
        model.update(.move(by: -1))
        #expect(model.selection == 0)
        for _ in 0..<(count + 3) { model.update(.move(by: 1)) }
        #expect(model.selection == count - 1)
        model.update(.move(by: -1))
        #expect(model.selection == count - 2)
    }

    @Test func selectClampsToTheItems() {
        var model = answeredModel()
        model.update(.select(index: 3))
        #expect(model.selection == 3)
        model.update(.select(index: 10_000))
        #expect(model.selection == model.itemCount - 1)
        model.update(.select(index: -5))
        #expect(model.selection == 0)
    }

    /// Before the Pay Station products request answers nothing is on sale, so there is
    /// nothing to select and a move must not leave the selection past an empty list.
    @Test func nothingToSelectBeforeTheProductsAnswer() {
        var model = PaywallModel(catalog: defaultCatalog, storefrontId: "USA", userId: "snapshot-user")
        #expect(model.itemCount == 0)
        model.update(.move(by: 1))
        model.update(.select(index: 4))
        #expect(model.selection == 0)
        #expect(model.selectedItem == nil)
        #expect(model.selectedPurchase == nil)
    }

    @Test func aPlanIsBoughtWithTheVariationIdAndAShopItemWithout() throws {
        var model = answeredModel()
        let plan = try #require(model.selectedPurchase)
        #expect(model.selectedItem?.isPlan == true)
        #expect(plan.variationId != nil)
        #expect(plan.variationId == model.variationId)
        let gems = try #require(model.index(ofProduct: SKU.gems100))
        #expect(gems == model.shop.plans.count)  // the shop starts right after the plans
        model.update(.select(index: gems))
        let item = try #require(model.selectedPurchase)
        #expect(item.productId == SKU.gems100)
        #expect(item.variationId == nil)
    }

    @Test func itemsAreThePlansThenTheShop() {
        let model = answeredModel()
        let ids = model.items.map(\.product.id)
        #expect(ids.count == model.itemCount)
        #expect(Array(ids.prefix(model.shop.plans.count)) == model.shop.plans.map(\.product.id))
        #expect(ids.contains(SKU.gems100) && ids.contains(SKU.removeAds))
        #expect(model.index(ofProduct: "com.example.not_sold") == nil)
    }

    /// A designer compares the same product across storefronts, so the selection stays put.
    @Test func changingTheStorefrontKeepsTheSelection() {
        var model = answeredModel()
        model.update(.select(index: 3))
        let selected = model.selectedItem?.product.id
        model.update(.chooseStorefront(index: 1))
        #expect(model.storefront.id == "DEU")
        #expect(model.selection == 3)
        #expect(model.selectedItem?.product.id == selected)
    }

    @Test func anUnknownStorefrontIndexChangesNothing() {
        var model = answeredModel()
        model.update(.chooseStorefront(index: 99))
        #expect(model.storefront.id == "USA")
    }
}
