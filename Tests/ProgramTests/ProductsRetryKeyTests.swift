import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 7 item 10: after a products request gives up, Enter asks again on the same storefront
/// and the same path, never on the storefront `s` would move to.
@Suite("Products request: Enter retries here")
struct ProductsRetryKeyTests {
    @Test("Enter asks again on the storefront that gave up", arguments: ["USA", "DEU", "GBR"])
    func sameStorefront(storefront: String) {
        var app = freshApp(storefront: storefront)
        app.receive(.started, report(products: .failed(attempt: 4, retryAfter: nil)))
        #expect(app.paywall.productsRequest == .failed(attempts: 4))
        #expect(app.update(.key(.enter)) == [.engine(.requestProducts(path: .paystation, attempt: 1))])
        #expect(app.paywall.storefront.id == storefront)
        #expect(app.paywall.path == .paystation)
        #expect(app.paywall.productsRequest == .loading(attempt: 1))
    }

    /// A StoreKit storefront switched to Pay Station with `i`: the retry stays on both.
    @Test func samePathOverride() {
        var app = freshApp(storefront: "JPN")
        app.receive(.started)
        #expect(app.update(.key(.character("i"))) == [.engine(.keepPath(.paystation)),
                                                      .engine(.requestProducts(path: .paystation, attempt: 1))])
        app.receive(report(products: .failed(attempt: 4, retryAfter: nil)))
        #expect(app.update(.key(.enter)) == [.engine(.requestProducts(path: .paystation, attempt: 1))])
        #expect(app.paywall.storefront.id == "JPN")
        #expect(app.paywall.path == .paystation)
    }

    /// Enter retries only a request that gave up: while one is loading it buys nothing and
    /// asks nothing.
    @Test func nothingWhileLoading() {
        var app = freshApp()
        app.receive(.started)
        #expect(app.update(.key(.enter)).isEmpty)
    }

    /// With the real engine on a network that always fails: the request gives up after four
    /// attempts on DEU, Enter asks again there (a fifth failure, logged), and the screen is
    /// still DEU's.
    @Test func withTheEngine() throws {
        let harness = try HeadlessHarness(storefront: "DEU", network: .flaky, generator: NetworkAlwaysDown())
        harness.program.send(.started)
        harness.program.advance(by: 60)
        let failures = { harness.app.snapshot.events.filter { $0.kind == .productsFailed }.count }
        #expect(failures() == 4)
        #expect(harness.app.paywall.productsRequest == .failed(attempts: 4))
        harness.press(.enter)
        #expect(failures() == 5)
        #expect(harness.app.paywall.storefront.id == "DEU")
        #expect(harness.app.paywall.productsRequest == .loading(attempt: 2))
        #expect(harness.screen.contains("Produkte werden geladen… (2)"))
    }
}
