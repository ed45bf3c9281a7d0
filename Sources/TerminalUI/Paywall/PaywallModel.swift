import Catalog
import StoreEngine
import Synchronization

/// The paywall component's state (Bubble Tea's model, ratatui's widget state): which storefront,
/// path, variant and eligibility it shows, what the products request answered, the selection,
/// and the cached `Shop`. Changed only by `update`.
public struct PaywallModel: Sendable {
    public private(set) var catalog: ProductCatalog
    public let userId: String
    public private(set) var storefrontIndex: Int
    /// `i` or a scenario's `path`: an integration path other than the storefront's own.
    public private(set) var pathOverride: IntegrationPath?
    /// `v`: a variant previewed instead of the assigned one (an index into the paywall's variants).
    public private(set) var variantOverride: Int?
    /// `e`: intro-offer eligibility as the ledger says, or forced for a preview.
    public private(set) var eligibility: EligibilityOverride = .auto
    /// `:player NAME`, `P`: the paywall as another player would see it, whatever the ledger says.
    public private(set) var playerPreview: PlayerState?
    /// The plan the previewed player subscribes to now (`subscribed`, `billing-retry`).
    public private(set) var previewCurrentPlan: Product?
    /// The player's history as the ledger says it.
    public private(set) var history: SubscriberHistory = .newPlayer
    /// What the products request answered; nil until it has.
    public private(set) var productsResponse: ProductsResponse?
    public private(set) var productsRequest: ProductsRequestState = .idle
    /// Index into the items: plans, then the shop.
    public private(set) var selection = 0
    /// Whether the selection is still the paywall's own (the variant's `initialSelection`): no
    /// key or click has moved it. The plans can arrive later (a products request), so it is
    /// placed again each time the shop is built until the player moves it.
    private var selectionIsInitial = true
    /// The item the shop's rows began with when last laid out (`keepSelectionInView`). The
    /// rows scroll from here only as far as the selection needs, as a list does.
    public private(set) var rowScroll = 0
    /// The card `Down` left for the shop, where `Up` from the shop's first row goes back to.
    private var cardLeft: Int?
    /// Products the player owns now (non-consumables, the plan running), as the ledger says.
    public private(set) var ledgerOwned: Set<String> = []
    public private(set) var shop: Shop = .empty
    /// This state's own number: every change takes a new one, never used before by any model,
    /// so a geometry laid out for another state is never read for this one (`geometries`).
    private(set) var revision = PaywallModel.newRevision()
    /// The geometries laid out for this model's states (`PaywallView.layout`).
    let geometries = PaywallGeometryCache()

    public enum ProductsRequestState: Sendable, Equatable {
        case idle
        case loading(attempt: Int)
        case failed(attempts: Int)
        case answered
    }

    public enum Action: Sendable, Equatable {
        /// `←` `→`: the previous or next item, from card to card and on into the shop.
        case move(by: Int)
        /// `↑` `↓`: on the row of cards, down to the shop; from the shop's first row, up to
        /// the cards again; elsewhere the item above or below. `area` is where the paywall is
        /// drawn, which decides whether the plans are cards side by side.
        case moveVertically(by: Int, area: Rect)
        case select(index: Int)
        case chooseStorefront(index: Int)
        case choosePath(IntegrationPath?)
        case previewNextVariant
        case previewVariant(index: Int?)
        case cycleEligibility
        case previewEligibility(EligibilityOverride)
        /// A player state to preview, or nil for the ledger's player.
        case previewPlayer(PlayerState?)
        case historyChanged(SubscriberHistory)
        case ownershipChanged(Set<String>)
        case productsLoading(attempt: Int)
        case productsAnswered(ProductsResponse)
        case productsGaveUp(attempts: Int)
        /// Remembers where the rows are scrolled when the paywall is drawn in `area`; sent
        /// after every other action so the next one scrolls from there.
        case keepSelectionInView(area: Rect)
        /// After a click at `line` selected the row `index`: the lines under the row selected
        /// before may have closed above it, so the rows scroll back (as far as there are rows
        /// above) until it is under the pointer again, and a second click there buys it.
        case keepRow(index: Int, line: Int, area: Rect)
        /// A saved catalog file: the same storefront, variant and product stay on screen where
        /// the new catalog has them; a product gone leaves the selection on its neighbour.
        case catalogReplaced(ProductCatalog)
    }

    public init(catalog: ProductCatalog, storefrontId: String? = nil, userId: String) {
        self.catalog = catalog
        self.userId = userId
        storefrontIndex = storefrontId.flatMap { id in catalog.storefronts.firstIndex { $0.id == id } } ?? 0
        rebuildShop()
    }

    /// Every change of the model comes through here, and takes a new `revision`.
    public mutating func update(_ action: Action) {
        // What changes nothing keeps the state, and the geometries laid out for it: each engine
        // report says the history and what is owned, mostly as they were, and every update keeps
        // the selection in view, mostly where it is.
        switch action {
        case .historyChanged(let reported) where reported == history: return
        case .ownershipChanged(let reported) where reported == ledgerOwned: return
        case .keepSelectionInView(let area) where PaywallView.layout(self, area: area).firstRowItem == rowScroll: return
        default: break
        }
        perform(action)
        revise()
    }

    private static let revisions = Atomic<UInt64>(0)

    private static func newRevision() -> UInt64 {
        revisions.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Marks the state changed: a geometry laid out before it is not this state's.
    private mutating func revise() {
        revision = Self.newRevision()
    }

    private mutating func perform(_ action: Action) {
        switch action {
        case .move(let step):
            guard shop.itemCount > 0 else { return }
            selectionIsInitial = false
            selection = min(max(0, selection + step), shop.itemCount - 1)
        case .moveVertically(let step, let area):
            selectionIsInitial = false
            moveVertically(by: step, area: area)
        case .select(let index):
            guard shop.itemCount > 0 else { return }
            selectionIsInitial = false
            selection = min(max(0, index), shop.itemCount - 1)
        case .chooseStorefront(let index):
            guard catalog.storefronts.indices.contains(index) else { return }
            storefrontIndex = index
            // The same product stays selected, so a designer compares it across storefronts.
            rebuildShop()
        case .choosePath(let path):
            pathOverride = path == catalog.storefronts[storefrontIndex].path ? nil : path
            rebuildShop()
        case .previewNextVariant:
            guard let paywall, !paywall.variants.isEmpty else { return }
            let current = variantOverride ?? paywall.variants.firstIndex { $0.id == variant?.id } ?? 0
            let next = (current + 1) % paywall.variants.count
            // Round to the assigned variant again: that is no preview any more.
            let assigned = paywall.variants.firstIndex { $0.id == paywall.assignedVariant(forUser: userId)?.id }
            variantOverride = next == assigned ? nil : next
            selectionIsInitial = true
            rowScroll = 0
            rebuildShop()
        case .previewVariant(let index):
            variantOverride = index
            selectionIsInitial = true
            rowScroll = 0
            rebuildShop()
        case .cycleEligibility:
            eligibility = eligibility.next
            rebuildShop()
        case .previewEligibility(let forced):
            eligibility = forced
            rebuildShop()
        case .previewPlayer(let state):
            playerPreview = state
            rebuildShop()
        case .historyChanged(let newHistory):
            history = newHistory
            rebuildShop()
        case .ownershipChanged(let products):
            // Drawn, not derived: no rebuild of the shop.
            ledgerOwned = products
        case .productsLoading(let attempt):
            productsRequest = .loading(attempt: attempt)
        case .productsAnswered(let response):
            productsResponse = response
            productsRequest = .answered
            rebuildShop()
        case .productsGaveUp(let attempts):
            productsRequest = .failed(attempts: attempts)
        case .keepSelectionInView(let area):
            rowScroll = PaywallView.layout(self, area: area).firstRowItem
        case .keepRow(let index, let line, let area):
            let before = rowScroll
            var layout = PaywallView.layout(self, area: area)
            while !layout.shows(item: index, onLine: line), layout.hiddenAbove > 0 {
                rowScroll = layout.firstRowItem - 1
                revise()
                let next = PaywallView.layout(self, area: area)
                guard next.firstRowItem < layout.firstRowItem else { break }
                layout = next
            }
            if !layout.shows(item: index, onLine: line) { rowScroll = before }
        case .catalogReplaced(let newCatalog):
            replaceCatalog(with: newCatalog)
        }
    }

    private mutating func replaceCatalog(with newCatalog: ProductCatalog) {
        let selectedId = selectedItem?.product.id
        let storefrontId = storefront.id
        let previewedId = variantOverride == nil ? nil : variant?.id
        catalog = newCatalog
        storefrontIndex = newCatalog.storefronts.firstIndex { $0.id == storefrontId }
            ?? min(storefrontIndex, max(0, newCatalog.storefronts.count - 1))
        variantOverride = previewedId.flatMap { id in paywall?.variants.firstIndex { $0.id == id } }
        if pathOverride == storefront.path { pathOverride = nil }
        // What a products request answered was about the old catalog: the app asks again, and
        // shows the old answer's products meanwhile rather than "Loading".
        if productsRequest == .answered { productsRequest = .idle }
        cardLeft = nil
        let before = selection
        rebuildShop()
        // The item that takes a removed one's place, or the one before it when it was last.
        selection = selectedId.flatMap(index(ofProduct:)) ?? min(before, max(0, shop.itemCount - 1))
    }

    private mutating func moveVertically(by step: Int, area: Rect) {
        guard shop.itemCount > 0 else { return }
        let layout = PaywallView.layout(self, area: area)
        // Cards side by side: ↓ leaves the row for the shop. Stacked (a phone), they step like a list.
        let cards = layout.boxTemplate == .cards && !layout.cardsStacked ? layout.boxes.count : 0
        switch (step > 0, selection < cards) {
        case (true, true):
            // Down from any card: the shop's first row, when there is a shop below.
            guard cards < shop.itemCount else { return }
            cardLeft = selection
            selection = cards
        case (false, true):
            return  // nothing is above the cards
        case (false, false) where selection == cards && cards > 0:
            let highlighted = shop.plans.prefix(cards).firstIndex(where: \.isHighlighted) ?? 0
            selection = cardLeft.flatMap { $0 < cards ? $0 : nil } ?? highlighted
        default:
            selection = min(max(0, selection + step), shop.itemCount - 1)
        }
    }

    /// The only place the cached shop is built.
    private mutating func rebuildShop() {
        let sold = soldIdentifiers
        previewCurrentPlan = playerPreview?.currentPlan(among: (variant?.products ?? []).compactMap { id in
            catalog.product(id: id).flatMap { $0.price(in: storefront) != nil && sold?.contains(id) ?? true ? $0 : nil }
        })
        shop = Shop(catalog: catalog, paywall: paywall, variant: variant, storefront: storefront, sold: sold,
                    history: shownHistory, eligibility: eligibility)
        if selectionIsInitial {
            selection = variant?.initialSelection.flatMap { id in shop.plans.firstIndex { $0.product.id == id } } ?? 0
        }
        selection = min(selection, max(0, shop.itemCount - 1))
    }

    // MARK: Reading

    /// The history offers are chosen by: the previewed player's, else the ledger's.
    public var shownHistory: SubscriberHistory {
        playerPreview.map { $0.history(in: catalog, current: previewCurrentPlan) } ?? history
    }

    /// Products shown as the player's (`Owned`, `Current plan`): the previewed player owns only
    /// the plan they subscribe to; the ledger's player what the ledger says.
    public var owned: Set<String> {
        guard playerPreview != nil else { return ledgerOwned }
        return Set([previewCurrentPlan?.id].compactMap { $0 })
    }

    /// Whether the paywall shows another player than the ledger's (a player state, or a forced
    /// eligibility): then nothing is bought, and Enter says what the store would do instead.
    public var isPreviewingAnotherPlayer: Bool { playerPreview != nil || eligibility != .auto }

    /// What the store would do if the previewed player bought the selected product; nil when
    /// nothing is previewed or selected.
    public var previewPurchase: (product: Product, outcome: PreviewPurchase)? {
        guard isPreviewingAnotherPlayer, let item = selectedItem else { return nil }
        let product = item.product
        // The ledger's player under a forced eligibility keeps the plan the ledger says runs.
        let current = playerPreview != nil ? previewCurrentPlan : ledgerOwned.lazy.compactMap { self.catalog.product(id: $0) }
            .first { $0.type == .autoRenewable && $0.group != nil && $0.group == product.group }
        let outcome = PreviewPurchase(buying: product, in: storefront,
                                      presenting: item.isPlan ? variant?.promotionalOffer : nil, history: shownHistory,
                                      override: eligibility, currentPlan: current, owned: owned.contains(product.id))
        return (product, outcome)
    }

    public var storefront: Storefront { catalog.storefronts[storefrontIndex] }

    /// The path purchases go through here: the override, else the storefront's.
    public var path: IntegrationPath { pathOverride ?? storefront.path }

    /// Whether the path sells only what a products request returned, and has not asked yet.
    public var needsProductsRequest: Bool {
        guard path.sellsOnlyRequestedProducts else { return false }
        switch productsRequest {
        case .idle, .failed: return true
        case .loading, .answered: return false
        }
    }

    public var paywall: Paywall? { catalog.paywalls.first }

    /// The terms of use and privacy policy addresses, when the catalog has them.
    public var termsURL: String? { paywall?.termsUrl.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }
    public var privacyURL: String? {
        paywall?.privacyUrl.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }

    /// What the call to action buys: what Enter buys, the selected item, whether a plan or a
    /// row of the shop below the plans, so the button and the key never disagree.
    public var callToActionItem: Int? {
        itemCount > 0 ? min(selection, itemCount - 1) : nil
    }

    /// The variant on screen: the previewed one, else the one this user is assigned.
    public var variant: PaywallVariant? {
        guard let paywall else { return nil }
        if let variantOverride, paywall.variants.indices.contains(variantOverride) { return paywall.variants[variantOverride] }
        return paywall.assignedVariant(forUser: userId)
    }

    /// The variation id that travels with purchases made from the paywall.
    public var variationId: String? {
        guard let paywall, let variant else { return nil }
        return variant.variationId(in: paywall)
    }

    private var soldIdentifiers: Set<String>? {
        path.sellsOnlyRequestedProducts ? Set(productsResponse?.products.map(\.id) ?? []) : nil
    }

    public var itemCount: Int { shop.itemCount }

    public func shopItem(atCatalogIndex index: Int) -> ShopItem {
        let product = catalog.products[index]
        let storefront = storefront
        let display = shop.measures.display(ofCatalogIndex: index, { ProductDisplay(product: product, storefront: storefront) },
                                            storefront: storefront.id)
        return ShopItem(product: product, storefront: storefront, isHighlighted: false, plan: nil, display: display)
    }

    public func planItem(_ plan: PlanPresentation) -> ShopItem {
        ShopItem(product: plan.product, storefront: storefront, isHighlighted: plan.isHighlighted, plan: plan)
    }

    /// The item at a selection index, plans first.
    public func item(at index: Int) -> ShopItem? {
        if shop.plans.indices.contains(index) { return planItem(shop.plans[index]) }
        let row = index - shop.plans.count
        return shop.shopIndices.indices.contains(row) ? shopItem(atCatalogIndex: shop.shopIndices[row]) : nil
    }

    public var selectedItem: ShopItem? { item(at: selection) }

    /// Every item, plans then shop. Builds them all: for views of a few rows use `shop`.
    public var items: [ShopItem] {
        (0..<itemCount).compactMap(item(at:))
    }

    /// The selection index of a product, if it is on sale here.
    public func index(ofProduct id: String) -> Int? {
        if let plan = shop.plans.firstIndex(where: { $0.product.id == id }) { return plan }
        return shop.shopIndices.firstIndex { catalog.products[$0].id == id }.map { shop.plans.count + $0 }
    }

    /// What Enter buys: the selected product, with the variation id when it is a plan.
    public var selectedPurchase: (productId: String, variationId: String?)? {
        selectedItem.map { ($0.product.id, $0.isPlan ? variationId : nil) }
    }
}
