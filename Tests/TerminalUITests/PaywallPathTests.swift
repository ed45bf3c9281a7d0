import Catalog
import TestFixtures
import Testing
@testable import TerminalUI

/// `i` and a scenario's `path`: an integration path other than the storefront's own.
@Suite("Paywall model: integration path")
struct PaywallPathTests {
    @Test func choosingAnotherPathOverridesTheStorefrontsOwn() {
        var model = answeredModel()
        model.update(.choosePath(.xee))
        #expect(model.path == .xee)
        #expect(model.pathOverride == .xee)
        #expect(model.storefront.path == .paystation)
    }

    /// Choosing the storefront's own path is no override, so the status bar shows no change.
    @Test func choosingTheStorefrontsOwnPathClearsTheOverride() {
        var model = answeredModel()
        model.update(.choosePath(.storekit))
        model.update(.choosePath(.paystation))
        #expect(model.pathOverride == nil)
        #expect(model.path == .paystation)
        model.update(.choosePath(.xee))
        model.update(.choosePath(nil))
        #expect(model.pathOverride == nil)
    }

    /// StoreKit 2 sells every available product; Pay Station only what was returned.
    @Test func leavingPayStationSellsWithoutARequest() {
        var model = PaywallModel(catalog: defaultCatalog, storefrontId: "USA", userId: "u")
        #expect(model.itemCount == 0)
        model.update(.choosePath(.storekit))
        #expect(!model.needsProductsRequest)
        #expect(model.itemCount == defaultCatalog.products.filter { $0.status == .available }.count)
        model.update(.choosePath(.paystation))
        #expect(model.needsProductsRequest)
        #expect(model.itemCount == 0)
    }
}
