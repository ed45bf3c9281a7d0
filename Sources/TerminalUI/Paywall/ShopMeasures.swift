import Catalog
import Synchronization

/// What a shop's frames keep measuring the same way: each row's product as displayed (its
/// name, formatted prices and offer line), and the cards' heights at a width. Both depend only
/// on what the `Shop` is built from (the catalog, the storefront, the plans) and on what the
/// key says, never on the selection, so a move reads them instead of formatting prices and
/// wrapping every card's text again: that was half of a frame's view. Kept with the shop and
/// dropped with it, so a new catalog or storefront starts afresh.
final class ShopMeasures: Sendable {
    private struct DisplayKey: Hashable {
        var catalogIndex: Int
        var storefront: String
    }

    struct CardsKey: Hashable {
        var width: Int
        /// What each plan's card says it is (owned, the current plan), by plan.
        var owned: [String?]
        var notSold: String
    }

    private let displays = Mutex<[DisplayKey: ProductDisplay]>([:])
    private let cardHeights = Mutex<[CardsKey: [Int]?]>([:])
    /// Enough for every row a long scroll shows, and every width a resize goes through.
    private static let limit = 4_096

    /// The product at `catalogIndex` as `storefront` displays it.
    func display(ofCatalogIndex catalogIndex: Int, _ make: () -> ProductDisplay, storefront: String) -> ProductDisplay {
        let key = DisplayKey(catalogIndex: catalogIndex, storefront: storefront)
        if let known = displays.withLock({ $0[key] }) { return known }
        let display = make()
        displays.withLock { displays in
            if displays.count >= Self.limit { displays.removeAll(keepingCapacity: true) }
            displays[key] = display
        }
        return display
    }

    /// The cards' heights for `key`, worked out by `measure` the first time.
    func cardHeights(for key: CardsKey, _ measure: () -> [Int]?) -> [Int]? {
        if let known = cardHeights.withLock({ $0[key] }) { return known }
        let heights = measure()
        cardHeights.withLock { cardHeights in
            if cardHeights.count >= Self.limit { cardHeights.removeAll(keepingCapacity: true) }
            cardHeights[key] = heights
        }
        return heights
    }
}
