import Catalog
import Foundation
import Testing
@testable import TerminalUI

/// 10,000 products: the shop scrolls to keep the selection visible and only visible rows draw.
@Suite("A large catalog")
struct LargeCatalogTests {
    private func largeState(products count: Int) -> AppState {
        let storefront = Storefront(id: "JPN", locale: "ja_JP", currency: "JPY", path: .storekit)
        let products = (0..<count).map { index in
            Product(id: "com.example.item_\(index)", type: .consumable, name: LocalizedText(["en": "Item \(index)"]),
                    prices: ["JPN": Decimal(100 + index % 900)], grants: .currency("gems", amount: 10))
        }
        let catalog = Catalog(app: AppInfo(name: "Big", bundleId: "com.example.big"), storefronts: [storefront],
                              products: products)
        return AppState(catalog: catalog, userId: "u", width: 120, height: 40, now: fixedNow,
                        timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func theSelectionScrollsIntoViewDeepInTheList() {
        var state = largeState(products: 10_000)
        #expect(state.itemCount == 10_000)
        state.selection = 4_999
        _ = state.update(.key(.down))
        #expect(state.selectedItem?.product.id == "com.example.item_5000")
        let text = AppView.render(state).text
        #expect(text.contains("▸ Item 5000"))
        #expect(!text.contains("Item 0 "))
        // Only one screenful of rows is drawn.
        let rows = text.split(separator: "\n").filter { $0.contains("Item ") }.count
        #expect(rows > 5 && rows < 40)
    }

    @Test func theLastProductIsReachableAndTheListStopsThere() {
        var state = largeState(products: 10_000)
        state.selection = 9_998
        _ = state.update(.key(.down))
        _ = state.update(.key(.down))
        #expect(state.selection == 9_999)
        #expect(AppView.render(state).text.contains("▸ Item 9999"))
    }
}
