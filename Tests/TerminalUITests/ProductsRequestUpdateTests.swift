import Catalog
import Foundation
import StoreEngine
import Testing
@testable import TerminalUI

/// The Pay Station products request as the app drives it: ask at launch, retry on the
/// schedule, sell only what came back.
@Suite("Products request in the app")
struct ProductsRequestUpdateTests {
    private func freshState(storefront: String = "USA") -> AppState {
        AppState(catalog: defaultCatalog, storefrontId: storefront, userId: "snapshot-user", width: 80, height: 24,
                 now: fixedNow, timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func launchOnAPayStationStorefrontAsksOnce() {
        var state = freshState()
        #expect(state.update(.started) == [.requestProducts(attempt: 1)])
        #expect(AppView.render(state).text.contains("Loading products…"))
        #expect(state.items.isEmpty)
        #expect(state.update(.key(.character("s"))).isEmpty)  // DEU is Pay Station too: already loading
    }

    @Test func storeKitStorefrontNeedsNoRequest() {
        var state = freshState(storefront: "JPN")
        #expect(state.update(.started).isEmpty)
        #expect(!state.items.isEmpty)
    }

    @Test func failuresRetryOnTheScheduleThenGiveUpAndSIsTheWayToTryAgain() {
        var state = freshState()
        _ = state.update(.started)
        #expect(state.update(.productsFailed(attempt: 1, retryAfter: 0.5))
            == [.deliver(.retryProducts(attempt: 2), afterSeconds: 0.5)])
        #expect(AppView.render(state).text.contains("attempt 2"))
        #expect(state.update(.retryProducts(attempt: 2)) == [.requestProducts(attempt: 2)])
        #expect(state.update(.productsFailed(attempt: 4, retryAfter: nil)).isEmpty)
        #expect(state.notice?.text.contains("after 4 attempts") == true)
        #expect(AppView.render(state).text.contains("Products could not be loaded"))
        _ = state.update(.key(.character("S")))  // SAU, StoreKit: nothing to ask
        #expect(state.update(.key(.character("s"))) == [.requestProducts(attempt: 1)])
    }

    @Test func onlyReturnedProductsAreSold() {
        var state = freshState()
        _ = state.update(.started)
        let gems = defaultCatalog.product(id: "com.example.stardust.gems_100")!
        let response = ProductsResponse(products: [gems], invalidProductIdentifiers: ["com.example.stardust.GEMS_100"])
        _ = state.update(.productsAnswered(response))
        #expect(state.items.map(\.product.id) == ["com.example.stardust.gems_100"])
        #expect(state.notice?.text.contains("1 invalid identifiers") == true)
    }

    @Test func aWrongProjectSellsNothingAndSaysSo() {
        var state = freshState()
        _ = state.update(.started)
        _ = state.update(.productsAnswered(ProductsResponse(products: [], invalidProductIdentifiers: [])))
        #expect(AppView.render(state).text.contains("returned no products"))
    }
}
