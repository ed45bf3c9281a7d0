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
    public var notice: StoreNotice?
    public var snapshot = StoreSnapshot()
    public var now: Date
    /// Times in the panes are shown in this zone; tests fix it to UTC.
    public var timeZone: TimeZone
    public var colorEnabled: Bool
    public internal(set) var wantsQuit = false

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

    public var variant: PaywallVariant? { paywall?.assignedVariant(forUser: userId) }

    /// What the paywall offers, in selection order: the variant's plans, then the rest of the shop.
    public var items: [ShopItem] {
        let storefront = self.storefront
        let planIds = variant?.products ?? []
        let plans = planIds.compactMap { catalog.product(id: $0) }.map {
            ShopItem(product: $0, display: ProductDisplay(product: $0, storefront: storefront), isPlan: true,
                     isHighlighted: $0.id == variant?.highlight)
        }
        let others = catalog.products.filter { $0.status == .available && !planIds.contains($0.id) }.map {
            ShopItem(product: $0, display: ProductDisplay(product: $0, storefront: storefront), isPlan: false,
                     isHighlighted: false)
        }
        return plans + others
    }

    public var selectedItem: ShopItem? {
        let items = self.items
        return items.indices.contains(selection) ? items[selection] : nil
    }

    /// The variation id that travels with purchases made from the paywall.
    public var variationId: String? {
        guard let paywall, let variant else { return nil }
        return variant.variationId(in: paywall)
    }
}

/// One product on screen with everything its row or card shows.
public struct ShopItem: Sendable, Equatable {
    public var product: Product
    public var display: ProductDisplay
    public var isPlan: Bool
    public var isHighlighted: Bool
}
