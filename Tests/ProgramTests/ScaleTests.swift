import Catalog
import Foundation
import Program
import TerminalUI
import TestFixtures
import Testing

/// 10,000 products: the shop scrolls to keep the selection visible and only visible rows draw.
@Suite("A large catalog")
struct LargeCatalogTests {
    private func largeApp(products count: Int) -> App {
        let storefront = Storefront(id: "JPN", locale: "ja_JP", currency: "JPY", path: .storekit)
        let products = (0..<count).map { index in
            Product(id: "com.example.item_\(index)", type: .consumable, name: LocalizedText(["en": "Item \(index)"]),
                    prices: ["JPN": Decimal(100 + index % 900)], grants: .currency("gems", amount: 10))
        }
        let catalog = ProductCatalog(app: AppInfo(name: "Big", bundleId: "com.example.big"), storefronts: [storefront],
                              products: products)
        var app = App(catalog: catalog, userId: "u", width: 120, height: 40, now: fixedNow, timeZone: utc)
        #expect(app.update(.started) == [.engine(.launch)])  // StoreKit: no products request
        return app
    }

    @Test func theSelectionScrollsIntoViewDeepInTheList() {
        var app = largeApp(products: 10_000)
        #expect(app.paywall.itemCount == 10_000)
        app.receive(.selectItem(index: 4_999), .key(.down))
        #expect(app.paywall.selectedItem?.product.id == "com.example.item_5000")
        let text = app.text
        #expect(text.contains("▸ Item 5000"))
        #expect(!text.contains("Item 0 "))
        // Only one screenful of rows is drawn.
        let rows = text.split(separator: "\n").filter { $0.contains("Item ") }.count
        #expect(rows > 5 && rows < 40)
    }

    @Test func theLastProductIsReachableAndTheListStopsThere() {
        var app = largeApp(products: 10_000)
        app.receive(.selectItem(index: 9_998), .key(.down), .key(.down))
        #expect(app.paywall.selection == 9_999)
        #expect(app.text.contains("▸ Item 9999"))
    }

    @Test func enterBuysTheProductDeepInTheList() {
        var app = largeApp(products: 10_000)
        app.receive(.selectItem(index: 7_777))
        #expect(app.update(.key(.enter)) == [.engine(.beginPurchase(productId: "com.example.item_7777", storefrontId: "JPN",
                                                                     path: .storekit, variationId: nil))])
    }
}
