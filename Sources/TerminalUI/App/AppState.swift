import Catalog
import Foundation
import StoreEngine

/// All of the app's state, as one value (Bubble Tea's model). Only `update` changes it;
/// views read it.
public struct AppState: Sendable {
    public var catalog: Catalog
    public var storefrontIndex: Int
    public var themes: [Theme]
    public var themeIndex: Int
    public var userId: String
    public var width: Int
    public var height: Int
    public var focus: Pane = .paywall
    /// Index into `items`.
    public var selection = 0
    /// Rows scrolled past, per live pane.
    public var scroll: [Pane: Int] = [:]
    public var payStation: PayStationSession?
    /// The redirect Pay Station will send, and when.
    public var pendingRedirect: PendingRedirect?
    public var showsHelp = false
    /// `v`: a variant previewed instead of the assigned one (an index into the paywall's variants).
    public var variantOverride: Int?
    /// `e`: intro-offer eligibility as the ledger says, or forced for a preview.
    public var eligibilityOverride: EligibilityOverride = .auto
    /// What the Pay Station products request answered; nil until it has.
    public var productsResponse: ProductsResponse?
    public var productsRequest: ProductsRequestState = .idle
    public var notice: StoreNotice?
    public var snapshot = StoreSnapshot()
    public var now: Date
    /// Times in the panes are shown in this zone; tests fix it to UTC.
    public var timeZone: TimeZone
    public var colorEnabled: Bool
    public internal(set) var wantsQuit = false

    public enum ProductsRequestState: Sendable, Equatable {
        case idle
        case loading(attempt: Int)
        case failed(attempts: Int)
        case answered
    }

    public struct PendingRedirect: Sendable, Equatable {
        public var url: String
        public var due: Date
        public var transactionId: String
    }

    public init(catalog: Catalog, storefrontId: String? = nil, themes: [Theme] = [.dark, .light], themeName: String? = nil,
                userId: String, width: Int = 80, height: Int = 24, now: Date = Date(),
                timeZone: TimeZone = .current, colorEnabled: Bool = true) {
        self.catalog = catalog
        storefrontIndex = storefrontId.flatMap { id in catalog.storefronts.firstIndex { $0.id == id } } ?? 0
        let available = themes.isEmpty ? [Theme.dark] : themes
        self.themes = available
        themeIndex = themeName.flatMap { name in available.firstIndex { $0.name == name } } ?? 0
        self.userId = userId
        self.width = width
        self.height = height
        self.now = now
        self.timeZone = timeZone
        self.colorEnabled = colorEnabled
    }

    public var storefront: Storefront { catalog.storefronts[storefrontIndex] }

    public var theme: Theme {
        let theme = themes[themeIndex]
        return colorEnabled ? theme : theme.monochrome
    }

    public var paywall: Paywall? { catalog.paywalls.first }

    /// The variant on screen: the previewed one, else the one this user is assigned.
    public var variant: PaywallVariant? {
        guard let paywall else { return nil }
        if let variantOverride, paywall.variants.indices.contains(variantOverride) { return paywall.variants[variantOverride] }
        return paywall.assignedVariant(forUser: userId)
    }

    /// The paywall as this player sees it in this storefront: plans, offers, discounts.
    public var presentation: PaywallPresentation? {
        guard let paywall, let variant else { return nil }
        return PaywallPresentation(catalog: catalog, paywall: paywall, variant: variant, storefront: storefront,
                                   history: snapshot.history, override: eligibilityOverride)
    }

    /// What can be sold here: on the Pay Station path only what the products request returned;
    /// nil means everything.
    private var soldIdentifiers: Set<String>? {
        storefront.path == .paystation ? Set(productsResponse?.products.map(\.id) ?? []) : nil
    }

    /// The paywall's plans as this player sees them (the hero template shows one).
    public var plans: [PlanPresentation] { plans(of: presentation) }

    /// The plans of a presentation the caller already built, so a frame builds it once.
    public func plans(of presentation: PaywallPresentation?) -> [PlanPresentation] {
        let sold = soldIdentifiers
        let plans = (presentation?.plans ?? []).filter { sold?.contains($0.product.id) ?? true }
        guard variant?.template == .hero else { return plans }
        return Array(plans.filter(\.isHighlighted).prefix(1)).nonEmpty ?? Array(plans.prefix(1))
    }

    /// The rest of the shop, as indices into `catalog.products`: cheap to build for 10,000
    /// products, and only the rows on screen become `ShopItem`s.
    public var shopIndices: [Int] {
        let sold = soldIdentifiers
        let planIds = Set(variant?.products ?? [])
        return catalog.products.indices.filter { index in
            let product = catalog.products[index]
            return product.status == .available && !planIds.contains(product.id) && (sold?.contains(product.id) ?? true)
        }
    }

    /// Plans first, then the shop, in selection order.
    public var itemCount: Int { plans.count + shopIndices.count }

    public func shopItem(atCatalogIndex index: Int) -> ShopItem {
        ShopItem(product: catalog.products[index], storefront: storefront, isHighlighted: false, plan: nil)
    }

    public func planItem(_ plan: PlanPresentation) -> ShopItem {
        ShopItem(product: plan.product, storefront: storefront, isHighlighted: plan.isHighlighted, plan: plan)
    }

    /// Every item, plans then shop. Builds them all: for views of a few rows use `plans` and
    /// `shopIndices`.
    public var items: [ShopItem] {
        plans.map(planItem) + shopIndices.map(shopItem(atCatalogIndex:))
    }

    public var selectedItem: ShopItem? {
        let plans = self.plans
        if plans.indices.contains(selection) { return planItem(plans[selection]) }
        let shop = shopIndices
        let row = selection - plans.count
        return shop.indices.contains(row) ? shopItem(atCatalogIndex: shop[row]) : nil
    }

    /// The variation id that travels with purchases made from the paywall.
    public var variationId: String? {
        guard let paywall, let variant else { return nil }
        return variant.variationId(in: paywall)
    }
}

/// One product on screen. Prices are formatted when a row is drawn, not when the list is
/// built, so a catalog of 10,000 products formats only the rows that show.
public struct ShopItem: Sendable, Equatable {
    public var product: Product
    public var storefront: Storefront
    public var isHighlighted: Bool
    /// For plans: offers, discount and text variables.
    public var plan: PlanPresentation?

    public var isPlan: Bool { plan != nil }

    public var display: ProductDisplay {
        plan?.display ?? ProductDisplay(product: product, storefront: storefront)
    }
}

extension Array {
    fileprivate var nonEmpty: Self? { isEmpty ? nil : self }
}
