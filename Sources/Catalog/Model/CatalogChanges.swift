/// What a saved catalog changed against the one it replaces, in the words a designer reads on
/// the bottom line and in the Events pane after a reload: products added, removed and edited,
/// storefronts added and removed, and whether the paywalls or the settings changed.
public struct CatalogChanges: Sendable, Equatable {
    public var addedProducts: [String] = []
    public var removedProducts: [String] = []
    public var changedProducts: [String] = []
    public var addedStorefronts: [String] = []
    public var removedStorefronts: [String] = []
    public var paywallsChanged = false
    /// The app, settings, access levels or subscription groups.
    public var restChanged = false

    public init(from old: ProductCatalog, to new: ProductCatalog) {
        for product in new.products {
            if let before = old.product(id: product.id) {
                if before != product { changedProducts.append(product.shortId) }
            } else {
                addedProducts.append(product.shortId)
            }
        }
        removedProducts = old.products.filter { new.product(id: $0.id) == nil }.map(\.shortId)
        addedStorefronts = new.storefronts.filter { old.storefront(id: $0.id) == nil }.map(\.id)
        removedStorefronts = old.storefronts.filter { new.storefront(id: $0.id) == nil }.map(\.id)
        paywallsChanged = old.paywalls != new.paywalls
        // Storefronts edited in place (a locale, a path) count here too: nothing above names them.
        restChanged = old.app != new.app || old.settings != new.settings || old.accessLevels != new.accessLevels
            || old.subscriptionGroups != new.subscriptionGroups || old.schemaVersion != new.schemaVersion
            || old.origin != new.origin
            || zip(old.storefronts, new.storefronts).contains { $0.id == $1.id && $0 != $1 }
    }

    public var isEmpty: Bool {
        addedProducts.isEmpty && removedProducts.isEmpty && changedProducts.isEmpty && addedStorefronts.isEmpty
            && removedStorefronts.isEmpty && !paywallsChanged && !restChanged
    }

    /// `1 product changed (gems_100); 1 removed (pass.weekly); the paywalls changed`, or
    /// `nothing changed`. Names are listed while there are few; past three, only the count.
    public var summary: String {
        guard !isEmpty else { return "nothing changed" }
        var parts: [String] = []
        func named(_ ids: [String]) -> String {
            ids.count <= 3 ? " (\(ids.joined(separator: ", ")))" : ""
        }
        var productParts: [String] = []
        if !changedProducts.isEmpty { productParts.append("\(changedProducts.count) changed\(named(changedProducts))") }
        if !addedProducts.isEmpty { productParts.append("\(addedProducts.count) added\(named(addedProducts))") }
        if !removedProducts.isEmpty { productParts.append("\(removedProducts.count) removed\(named(removedProducts))") }
        if !productParts.isEmpty {
            let total = changedProducts.count + addedProducts.count + removedProducts.count
            parts.append((total == 1 ? "product " : "products ") + productParts.joined(separator: ", "))
        }
        if !addedStorefronts.isEmpty { parts.append("storefronts added (\(addedStorefronts.joined(separator: ", ")))") }
        if !removedStorefronts.isEmpty { parts.append("storefronts removed (\(removedStorefronts.joined(separator: ", ")))") }
        if paywallsChanged { parts.append("the paywall changed") }
        if restChanged { parts.append("settings changed") }
        return parts.joined(separator: "; ")
    }
}
