import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// The Pay Station products request as the app drives it: ask at launch, retry on the
/// schedule the engine reports, give up and let `s` try again, and sell only what came back.
@Suite("Products request in the app")
struct ProductsRequestTests {
    @Test func launchOnAPayStationStorefrontAsksOnce() {
        var app = freshApp()
        #expect(app.update(.started) == [.engine(.launch), .engine(.requestProducts(path: .paystation, attempt: 1))])
        #expect(app.text.contains("Loading products…"))
        #expect(app.paywall.items.isEmpty)
        #expect(app.update(.key(.character("s"))).isEmpty)  // DEU is Pay Station too: already loading
    }

    @Test func storeKitStorefrontNeedsNoRequest() {
        var app = freshApp(storefront: "JPN")
        #expect(app.update(.started) == [.engine(.launch)])
        #expect(!app.paywall.items.isEmpty)
    }

    @Test func failuresRetryOnTheScheduleThenGiveUpAndSIsTheWayToTryAgain() {
        var app = freshApp()
        app.receive(.started)
        #expect(app.update(report(products: .failed(attempt: 1, retryAfter: 0.5)))
            == [.deliver(.retryProducts(path: .paystation, attempt: 2), afterSeconds: 0.5)])
        #expect(app.text.contains("Loading products… (2)"))
        #expect(app.update(.retryProducts(path: .paystation, attempt: 2)) == [.engine(.requestProducts(path: .paystation, attempt: 2))])
        #expect(app.update(report(products: .failed(attempt: 4, retryAfter: nil))).isEmpty)
        #expect(app.notice?.text.contains("after 4 attempts; press Enter to try again") == true)
        #expect(app.text.contains("Products are not available right now."))
        // Enter asks again, in the same storefront.
        #expect(app.update(.key(.enter)) == [.engine(.requestProducts(path: .paystation, attempt: 1))])
        #expect(app.paywall.storefront.id == "USA")
        #expect(app.text.contains("Loading products…"))
    }

    @Test func onlyReturnedProductsAreSold() throws {
        var app = freshApp()
        app.receive(.started)
        let gems = try #require(defaultCatalog.product(id: SKU.gems100))
        app.receive(report(products: .answered(ProductsResponse(products: [gems],
                                                                invalidProductIdentifiers: ["com.example.stardust.GEMS_100"]))))
        #expect(app.paywall.items.map(\.product.id) == [SKU.gems100])
        #expect(app.notice?.text == "Products request: 1 invalid identifier (see Events).")
    }

    @Test func aWrongProjectSellsNothingAndSaysSo() {
        var app = freshApp()
        app.receive(.started)
        app.receive(report(products: .answered(ProductsResponse(products: [], invalidProductIdentifiers: []))))
        #expect(app.text.contains("Products are not available right now."))  // what the player reads
        #expect(app.notice?.text.contains("returned no products for this project") == true)  // what QA learns
    }

    /// A retry that falls due after the player moved to a StoreKit storefront must still ask
    /// Pay Station: it is Pay Station's request that failed, and its answer is what the Pay
    /// Station paywall sells when the player comes back. The retry carries the path that asked.
    @Test func aRetryGoesToThePathWhoseRequestFailed() {
        var app = freshApp()
        let effects = app.update(report(products: .failed(attempt: 1, retryAfter: 0.5)))
        #expect(effects == [.deliver(.retryProducts(path: .paystation, attempt: 2), afterSeconds: 0.5)])
        app.receive(.chooseStorefront(id: "JPN"))
        #expect(app.update(.retryProducts(path: .paystation, attempt: 2)) == [.engine(.requestProducts(path: .paystation, attempt: 2))])
    }
}
