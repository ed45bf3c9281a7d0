import Catalog
import Synchronization
import Testing
@testable import TerminalUI

/// What a shop measures once (`ShopMeasures`): a row's display is what formatting the product
/// afresh gives, in the storefront on screen; the cards' heights are measured once per key.
@Suite("Paywall model: what a shop measures once")
struct ShopMeasuresTests {
    private func freshDisplays(_ model: PaywallModel) -> [ProductDisplay] {
        model.shop.shopIndices.map { ProductDisplay(product: model.catalog.products[$0], storefront: model.storefront) }
    }

    private func shownDisplays(_ model: PaywallModel) -> [ProductDisplay] {
        (model.shop.plans.count..<model.itemCount).compactMap { model.item(at: $0)?.display }
    }

    @Test func aRowsDisplayIsTheProductFormattedAfresh() {
        var model = answeredModel()
        #expect(!model.shop.shopIndices.isEmpty)
        // Twice: the first reading measures, the second reads what was kept.
        #expect(shownDisplays(model) == freshDisplays(model))
        #expect(shownDisplays(model) == freshDisplays(model))
        model.update(.chooseStorefront(index: 1))
        #expect(model.storefront.id != "USA")
        #expect(shownDisplays(model) == freshDisplays(model))
        #expect(shownDisplays(model).contains { $0.price?.contains("€") ?? false })
    }

    @Test func cardHeightsAreMeasuredOncePerKey() {
        let measures = ShopMeasures()
        let calls = Mutex(0)
        func heights(_ key: ShopMeasures.CardsKey, _ answer: [Int]?) -> [Int]? {
            measures.cardHeights(for: key) {
                calls.withLock { $0 += 1 }
                return answer
            }
        }
        let narrow = ShopMeasures.CardsKey(width: 20, owned: [nil, nil], notSold: "—")
        let owned = ShopMeasures.CardsKey(width: 20, owned: ["Owned", nil], notSold: "—")
        #expect(heights(narrow, [5, 6]) == [5, 6])
        #expect(heights(narrow, [1]) == [5, 6])
        #expect(heights(owned, nil) == nil)
        #expect(heights(owned, [1]) == nil)
        #expect(calls.withLock { $0 } == 2)
    }
}
