import Catalog
import Foundation
@testable import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 35 item 5: the paywall's work with the engine is its own update; a request in, the
/// model, the effects and the bottom line's words out, the selection kept in view after each
/// change.
@Suite("The paywall's own requests")
struct PaywallRequestTests {
    /// A Pay Station storefront: it sells only what a products request returns.
    private func model() -> PaywallModel {
        PaywallModel(catalog: defaultCatalog, storefrontId: "USA", userId: "u")
    }

    private let area = Rect(x: 0, y: 1, width: 80, height: 14)

    @Test func productsAreAskedForOnceAndTheRowsKeptInView() {
        var model = model()
        var laidOut = 0
        let outcome = model.update(.productsIfNeeded) { _ in
            laidOut += 1
            return area
        }
        #expect(outcome.effects == [.engine(.requestProducts(path: .paystation, attempt: 1))])
        #expect(model.productsRequest == .loading(attempt: 1))
        #expect(laidOut == 1)
        #expect(model.update(.productsIfNeeded) { _ in area }.effects.isEmpty)
    }

    @Test func aFailedRequestIsRetriedThenGivesUpWithALineUnlessTheCallFailed() {
        var model = model()
        _ = model.update(.productsIfNeeded) { _ in area }
        let retried = model.update(.productsReplied(ProductsReply(path: .paystation, outcome: .failed(attempt: 1, retryAfter: 2)),
                                                    callFailed: false)) { _ in area }
        #expect(retried.effects == [.deliver(.retryProducts(path: .paystation, attempt: 2), afterSeconds: 2)])
        let gaveUp = ProductsReply(path: .paystation, outcome: .failed(attempt: 3, retryAfter: nil))
        var quiet = model
        #expect(quiet.update(.productsReplied(gaveUp, callFailed: true)) { _ in area } == .init())
        let said = model.update(.productsReplied(gaveUp, callFailed: false)) { _ in area }
        #expect(said.notices.map(\.tone) == [.error])
        #expect(said.effects.isEmpty)
    }

    @Test func aPreviewSaysWhatItWouldCostInsteadOfBuying() {
        var model = model()
        let preview = StoreNotice(.info, "Preview, not bought")
        // Nothing selected to buy yet (no products answered): nothing happens either way.
        #expect(model.update(.buy(preview: preview)) { _ in area } == .init())
    }

    @Test func choosingAPathKeepsItAndSaysSo() {
        var model = model()
        let outcome = model.update(.choosePath(.storekit)) { _ in area }
        #expect(outcome.effects.first == .engine(.keepPath(.storekit)))
        #expect(outcome.notices.map(\.text) == ["Integration path \(IntegrationPath.storekit.displayName) in USA."])
        #expect(model.path == .storekit)
    }
}
