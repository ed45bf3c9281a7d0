import Catalog
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Arrows and h/j/k/l move the paywall's selection; Enter asks the engine to buy it.
@Suite("Selection and Enter")
struct SelectionTests {
    @Test func selectionMovesAndStopsAtTheEnds() {
        var app = makeApp()
        let count = app.paywall.itemCount
        app.receive(.key(.up))
        #expect(app.paywall.selection == 0)
        for _ in 0..<(count + 3) { app.receive(.key(.character("j"))) }
        #expect(app.paywall.selection == count - 1)
        app.receive(.key(.left))
        #expect(app.paywall.selection == count - 2)
        app.receive(.key(.character("k")), .key(.character("h")))
        #expect(app.paywall.selection == count - 4)
        app.receive(.key(.right), .key(.character("l")))
        #expect(app.paywall.selection == count - 2)
    }

    @Test func enterBuysTheSelectedProductWithTheVariationIdForPlans() throws {
        var app = makeApp()
        let plan = try #require(app.paywall.selectedItem)
        #expect(plan.isPlan)
        let variationId = try #require(app.paywall.variationId)
        #expect(app.update(.key(.enter)) == [.engine(.beginPurchase(productId: plan.product.id, storefrontId: "USA",
                                                                     path: .paystation, variationId: variationId))])
        for _ in 0..<app.paywall.shop.plans.count { app.receive(.key(.down)) }
        let gems = try #require(app.paywall.selectedItem)
        #expect(gems.product.id == SKU.gems100)
        #expect(app.update(.key(.enter)) == [.engine(.beginPurchase(productId: SKU.gems100, storefrontId: "USA",
                                                                     path: .paystation, variationId: nil))])
    }

    /// Whether a path can sell is the engine's to say (StoreKit 2 answers that it is not built
    /// yet, see HeadlessPurchaseTests); the app asks on the storefront's own path.
    @Test func enterOnAStoreKitStorefrontAsksTheStoreKitPath() throws {
        var app = makeApp(storefront: "JPN")
        let item = try #require(app.paywall.selectedPurchase)
        #expect(app.update(.key(.enter)) == [.engine(.beginPurchase(productId: item.productId, storefrontId: "JPN",
                                                                     path: .storekit, variationId: item.variationId))])
    }

    /// Enter buys only from the paywall; in a live pane it does nothing.
    @Test func enterInAPaneBuysNothing() {
        var app = makeApp()
        app.receive(.key(.tab))
        #expect(app.update(.key(.enter)).isEmpty)
    }

    /// The engine answers the purchase: until then the app changes nothing.
    @Test func enterChangesNothingButTheEffect() {
        var app = makeApp()
        let before = app.text
        _ = app.update(.key(.enter))
        #expect(app.sheet == nil)
        #expect(app.text == before)
    }
}
