import Catalog
import StoreEngine
import TestFixtures
import Testing
@testable import TerminalUI

/// The Pay Station path sells only what its products request returned; the other paths sell
/// every available product. The model keeps the request's state so the view can say why the
/// shop is empty.
@Suite("Paywall model: products request")
struct PaywallProductsTests {
    @Test func payStationNeedsARequestUntilOneIsUnderway() {
        var model = PaywallModel(catalog: defaultCatalog, storefrontId: "USA", userId: "u")
        #expect(model.path == .paystation)
        #expect(model.needsProductsRequest)
        model.update(.productsLoading(attempt: 1))
        #expect(!model.needsProductsRequest)
        model.update(.productsGaveUp(attempts: 4))
        #expect(model.productsRequest == .failed(attempts: 4))
        #expect(model.needsProductsRequest)  // s tries again after a give-up
        model.update(.productsAnswered(fullProductsAnswer()))
        #expect(model.productsRequest == .answered)
        #expect(!model.needsProductsRequest)
    }

    @Test func storeKitNeedsNoRequestAndSellsEveryAvailableProduct() {
        let model = PaywallModel(catalog: defaultCatalog, storefrontId: "JPN", userId: "u")
        #expect(model.path == .storekit)
        #expect(!model.needsProductsRequest)
        let available = defaultCatalog.products.filter { $0.status == .available }.count
        #expect(model.itemCount == available)
    }

    @Test func onlyReturnedProductsAreSold() throws {
        var model = PaywallModel(catalog: defaultCatalog, storefrontId: "USA", userId: "u")
        let gems = try #require(defaultCatalog.product(id: SKU.gems100))
        model.update(.productsAnswered(ProductsResponse(products: [gems],
                                                        invalidProductIdentifiers: ["com.example.stardust.GEMS_100"])))
        #expect(model.items.map(\.product.id) == [SKU.gems100])
        #expect(model.shop.plans.isEmpty)  // the passes were not returned, so no plan is offered
    }

    @Test func aWrongProjectSellsNothing() {
        var model = PaywallModel(catalog: defaultCatalog, storefrontId: "USA", userId: "u")
        model.update(.productsAnswered(ProductsResponse(products: [], invalidProductIdentifiers: [])))
        #expect(model.itemCount == 0)
        #expect(model.productsRequest == .answered)
    }

    /// Fewer products than the selection: the selection comes back onto the list.
    @Test func aSmallerAnswerPullsTheSelectionBack() throws {
        var model = answeredModel()
        model.update(.select(index: model.itemCount - 1))
        let gems = try #require(defaultCatalog.product(id: SKU.gems100))
        model.update(.productsAnswered(ProductsResponse(products: [gems], invalidProductIdentifiers: [])))
        #expect(model.selection == 0)
        #expect(model.selectedItem?.product.id == SKU.gems100)
    }
}
