import Catalog
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `i` and a script's `path`: the integration path in use changes, the status bar says which,
/// purchases and restores go through it, and Pay Station's products are asked for when needed.
@Suite("Integration path choice")
struct PathChoiceTests {
    @Test func iCyclesThePathsAndTheStatusBarFollows() {
        var app = makeApp()
        #expect(app.lines[0].contains("Pay Station (browser)"))
        // The guide's app on Xee asks the SDK for the paywall of its placement.
        // The path chosen is kept for the next launch first (issue 33 item 17).
        #expect(app.update(.key(.character("i"))) == [.engine(.keepPath(.xee)),
                                                      .engine(.loadXeePaywall(placement: "store_open", storefrontId: "USA"))])
        #expect(app.paywall.path == .xee)
        #expect(app.lines[0].contains("│ Xee │"))  // 80 columns: the app's name gives way
        #expect(app.notice?.text == "Integration path Xee in USA.")
        app.receive(.key(.character("i")))
        #expect(app.paywall.path == .play)
        #expect(app.lines[0].contains("Google Play"))
        app.receive(.key(.character("i")))
        #expect(app.paywall.path == .storekit)
        #expect(app.lines[0].contains("StoreKit 2"))
        // Back on Pay Station: its products were answered at launch, so nothing is asked; the
        // storefront's own path is kept as no choice.
        #expect(app.update(.key(.character("i"))) == [.engine(.keepPath(nil))])
        #expect(app.paywall.path == .paystation)
        #expect(app.lines[0].contains("Pay Station (browser)"))
    }

    @Test func choosingPayStationWhereItWasNotAskedRequestsItsProducts() {
        var app = makeApp(storefront: "JPN")
        #expect(app.update(.choosePath(.paystation)) == [.engine(.keepPath(.paystation)),
                                                         .engine(.requestProducts(path: .paystation, attempt: 1))])
        #expect(app.paywall.path == .paystation)
        #expect(app.lines[0].contains("Pay Station (browser)"))
        #expect(app.text.contains("商品を読み込み中…"), "the paywall speaks the storefront's language")
    }

    @Test func iOntoPayStationRequestsItsProducts() {
        var app = makeApp(storefront: "JPN")
        #expect(app.update(.key(.character("i"))) == [.engine(.keepPath(.paystation)),
                                                      .engine(.requestProducts(path: .paystation, attempt: 1))])
    }

    /// Issue 33 item 17: the path kept from the last launch is the one the app opens on; where
    /// it is the storefront's own it is no override.
    @Test func theKeptPathIsTheOneTheAppOpensOn() {
        let app = App(catalog: defaultCatalog, storefrontId: "USA", path: .storekit, userId: "snapshot-user", now: fixedNow,
                      timeZone: utc)
        #expect(app.paywall.path == .storekit)
        #expect(app.lines[0].contains("StoreKit 2"))
        let own = App(catalog: defaultCatalog, storefrontId: "JPN", path: .storekit, userId: "snapshot-user", now: fixedNow,
                      timeZone: utc)
        #expect(own.paywall.path == .storekit && own.paywall.pathOverride == nil)
    }

    @Test func purchasesGoThroughTheChosenPath() throws {
        var app = makeApp()
        app.receive(.choosePath(.storekit))
        let item = try #require(app.paywall.selectedPurchase)
        #expect(app.update(.key(.enter)) == [.engine(.beginPurchase(productId: item.productId, storefrontId: "USA",
                                                                     path: .storekit, variationId: item.variationId))])
    }

    /// A path other than the storefront's own sells what that path sells.
    @Test func storeKitInAPayStationStorefrontSellsEveryAvailableProduct() {
        var app = freshApp()
        app.receive(.started, report(products: .answered(ProductsResponse(products: [], invalidProductIdentifiers: []))))
        #expect(app.paywall.itemCount == 0)
        app.receive(.choosePath(.storekit))
        #expect(app.paywall.itemCount == defaultCatalog.products.filter { $0.status == .available }.count)
    }
}
