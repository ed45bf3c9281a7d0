import Catalog
import StoreEngine

/// What the paywall sells to this player right now: its presentation (plans with their offers
/// and discounts) and the rest of the shop as indices into the catalog. Derived, and costly for
/// a large catalog, so `PaywallModel` keeps one and builds it again only when an input changes:
/// the catalog, storefront, path, products answer, variant, eligibility or previewed player,
/// never a keypress.
public struct Shop: Sendable, Equatable {
    public let presentation: PaywallPresentation?
    /// The plans of the variant sold here, in selection order (the hero template's boxed plan first).
    public let plans: [PlanPresentation]
    /// The rest of the shop, as indices into `catalog.products`: cheap to keep for 10,000
    /// products; only the rows on screen become `ShopItem`s.
    public let shopIndices: [Int]
    /// What its frames measure once (`ShopMeasures`); not part of what the shop is.
    let measures = ShopMeasures()

    public static let empty = Shop(presentation: nil, plans: [], shopIndices: [])

    init(presentation: PaywallPresentation?, plans: [PlanPresentation], shopIndices: [Int]) {
        self.presentation = presentation
        self.plans = plans
        self.shopIndices = shopIndices
    }

    /// - Parameter sold: the products the path sells here (a products request's answer), or
    ///   nil when it sells every available product.
    init(catalog: ProductCatalog, paywall: Paywall?, variant: PaywallVariant?, storefront: Storefront, sold: Set<String>?,
         history: SubscriberHistory, eligibility: EligibilityOverride) {
        let presentation = paywall.flatMap { paywall in
            variant.map { PaywallPresentation(catalog: catalog, paywall: paywall, variant: $0, storefront: storefront,
                                              history: history, override: eligibility) }
        }
        var plans = (presentation?.plans ?? []).filter { sold?.contains($0.product.id) ?? true }
        // The hero template boxes one plan, the highlighted one, and lists the others after it:
        // every plan of the variant stays on sale.
        if variant?.template == .hero, let hero = plans.firstIndex(where: \.isHighlighted) {
            plans.insert(plans.remove(at: hero), at: 0)
        }
        let planIds = Set(variant?.products ?? [])
        let shopIndices = catalog.products.indices.filter { index in
            let product = catalog.products[index]
            return product.status == .available && !planIds.contains(product.id) && (sold?.contains(product.id) ?? true)
        }
        self.init(presentation: presentation, plans: plans, shopIndices: shopIndices)
    }

    /// Plans first, then the shop, in selection order.
    public var itemCount: Int { plans.count + shopIndices.count }

    public static func == (one: Shop, other: Shop) -> Bool {
        one.presentation == other.presentation && one.plans == other.plans && one.shopIndices == other.shopIndices
    }
}

/// One product on screen. Prices are formatted when a row is drawn, not when the list is
/// built, so a catalog of 10,000 products formats only the rows that show.
public struct ShopItem: Sendable, Equatable {
    public let product: Product
    public let storefront: Storefront
    public var isHighlighted: Bool
    /// For plans: offers, discount and text variables.
    public let plan: PlanPresentation?

    /// Its name and prices as shown: the plan's, else the product's, formatted once a shop
    /// (`ShopMeasures`).
    public let display: ProductDisplay

    public var isPlan: Bool { plan != nil }

    init(product: Product, storefront: Storefront, isHighlighted: Bool, plan: PlanPresentation?, display: ProductDisplay? = nil) {
        self.product = product
        self.storefront = storefront
        self.isHighlighted = isHighlighted
        self.plan = plan
        self.display = plan?.display ?? display ?? ProductDisplay(product: product, storefront: storefront)
    }
}
