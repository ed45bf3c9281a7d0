import Foundation

/// Checks what types alone cannot: unique ids, references between parts of the catalog, known
/// currencies and locales, prices for every storefront, prices each currency can charge.
///
/// It walks the model, which on a file with load errors holds only what decoded, and names each
/// place through `SourcePlaces`: by the file's index, never by looking an id up (an id can be
/// written twice), and not at all for a value that already failed to load.
struct CatalogValidator {
    let catalog: ProductCatalog
    let places: SourcePlaces
    let diagnostics: DiagnosticList

    var root: JSONNode { places.root }

    func validate() {
        validateStorefronts()
        validateGroups()
        validateProducts()
        validatePriceDigits()
        validatePaywalls()
        validateOfferCodes()
    }

    /// An error about the value at the model's `path`, at its place in the file (the object that
    /// should hold it when it is missing); nothing when that value already failed to load.
    func error(_ message: String, at path: JSONPath) {
        let source = places.source(of: path)
        guard !source.failed else { return }
        let place = places.location(of: path)
        diagnostics.error(message, path: place.path.description, at: place.position, subject: source.path.description)
    }

    /// The ids the file gives the elements of `arrayKey`, decoded or not: a reference to an element
    /// that failed to decode is not a reference to nothing.
    private func idsInFile(_ arrayKey: String) -> Set<String> {
        guard case .array(let elements)? = root[arrayKey]?.value else { return [] }
        return Set(elements.compactMap { element in
            if case .string(let id)? = element["id"]?.value { return id }
            return nil
        })
    }

    /// Whether the file's `key` is an empty array (rather than missing, broken, or holding
    /// elements that failed to decode, which their own errors cover).
    private func isEmptyArray(_ node: JSONNode?) -> Bool {
        if case .array(let elements)? = node?.value { return elements.isEmpty }
        return false
    }

    private func reportDuplicates(in arrayKey: String, kind: String) {
        guard case .array(let elements)? = root[arrayKey]?.value else { return }
        var seen: Set<String> = []
        seen.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let id)? = element["id"]?.value else { continue }
            if !seen.insert(id).inserted {
                diagnostics.error("duplicate \(kind) id \"\(id)\"", path: "$.\(arrayKey)[\(index)].id",
                                  at: element["id"]?.position)
            }
        }
    }

    private static let storefronts = JSONPath.root / "storefronts"
    static let products = JSONPath.root / "products"

    private func validateStorefronts() {
        reportDuplicates(in: "storefronts", kind: "storefront")
        if isEmptyArray(root["storefronts"]) {
            error("a catalog needs at least one storefront", at: Self.storefronts)
        }
        let currencies = Set(Locale.commonISOCurrencyCodes)
        let locales = Set(Locale.availableIdentifiers)
        for (index, storefront) in catalog.storefronts.enumerated() {
            let path = Self.storefronts / index
            let isAlpha3 = storefront.id.count == 3 && storefront.id.allSatisfy { $0.isASCII && $0.isUppercase }
            if !isAlpha3 {
                error("storefront id \"\(storefront.id)\" is not an ISO 3166 alpha-3 code such as USA or DEU", at: path / "id")
            }
            if !currencies.contains(storefront.currency) {
                error("unknown currency \"\(storefront.currency)\"; use an ISO 4217 code such as USD or EUR",
                      at: path / "currency")
            }
            if !locales.contains(storefront.locale) {
                error("unknown locale \"\(storefront.locale)\"; use an identifier such as en_US or de_DE", at: path / "locale")
            }
        }
    }

    private func validateGroups() {
        reportDuplicates(in: "subscriptionGroups", kind: "subscription group")
        let levels = idsInFile("accessLevels")
        for (index, group) in catalog.subscriptionGroups.enumerated() {
            if let level = group.accessLevel, !levels.contains(level) {
                error("unknown access level \"\(level)\"; declare it in accessLevels",
                      at: JSONPath.root / "subscriptionGroups" / index / "accessLevel")
            }
        }
    }

    private func validateProducts() {
        reportDuplicates(in: "products", kind: "product")
        // With no storefronts to be had (none, or the key missing or broken) every price would be
        // "unknown": that is the storefronts' error.
        let storefrontIds = idsInFile("storefronts")
        let storefrontsLoaded = !places.source(of: Self.storefronts).failed && !storefrontIds.isEmpty
        var storefrontNames = SpellingSuggestions(among: storefrontIds)
        let groupIds = idsInFile("subscriptionGroups")
        for (index, product) in catalog.products.enumerated() {
            // Built only for a message or on a file with load errors: this runs for every product.
            var path: JSONPath { Self.products / index }
            let unknown = storefrontsLoaded ? product.prices.keys.filter { !storefrontIds.contains($0) } : []
            for storefront in unknown.sorted() {
                var message = "price for unknown storefront \"\(storefront)\""
                if let guess = storefrontNames.closest(to: storefront) { message += "; did you mean \"\(guess)\"?" }
                error(message, at: path / "prices" / storefront)
            }
            // A type that failed to load says nothing about what the product needs.
            guard places.loadedCleanly || !places.source(of: path / "type").failed else { continue }
            switch product.type {
            case .autoRenewable:
                if product.period == nil {
                    error("an autoRenewable product needs a \"period\" such as P1M", at: path / "period")
                }
                if let group = product.group {
                    if !groupIds.contains(group) {
                        error("unknown subscription group \"\(group)\"", at: path / "group")
                    }
                } else {
                    error("an autoRenewable product needs a \"group\"", at: path / "group")
                }
            case .consumable:
                if case .entitlement? = product.grants {
                    error("a consumable grants a currency amount, not an entitlement", at: path / "grants")
                }
            case .nonConsumable, .nonRenewing:
                break
            }
            if product.familyShareable, !Product.canBeFamilyShareable(product.type) {
                error("a \(product.type.rawValue) product cannot be familyShareable: the App Store shares only "
                      + "nonConsumable and autoRenewable products; remove \"familyShareable\"", at: path / "familyShareable")
            }
            if product.type != .autoRenewable, product.introductoryOffer != nil || !product.promotionalOffers.isEmpty {
                error("only autoRenewable products have offers", at: path)
            }
        }
    }

    private func validatePaywalls() {
        reportDuplicates(in: "paywalls", kind: "paywall")
        let productIds = idsInFile("products")
        var productNames = SpellingSuggestions(among: productIds)
        for (paywallIndex, paywall) in catalog.paywalls.enumerated() {
            let paywallPath = JSONPath.root / "paywalls" / paywallIndex
            if paywall.variants.isEmpty, isEmptyArray(root.node(at: places.source(of: paywallPath / "variants").path)) {
                error("a paywall needs at least one variant", at: paywallPath / "variants")
            }
            for (variantIndex, variant) in paywall.variants.enumerated() {
                let variantPath = paywallPath / "variants" / variantIndex
                for (index, id) in variant.products.enumerated() where !productIds.contains(id) {
                    var message = "unknown product \"\(id)\""
                    if let guess = productNames.closest(to: id) { message += "; did you mean \"\(guess)\"?" }
                    error(message, at: variantPath / "products" / index)
                }
                if let highlight = variant.highlight, !variant.products.contains(highlight) {
                    error("highlight \"\(highlight)\" is not one of this variant's products", at: variantPath / "highlight")
                }
                if let selected = variant.selected, !variant.products.contains(selected) {
                    error("selected \"\(selected)\" is not one of this variant's products", at: variantPath / "selected")
                }
            }
        }
    }
}
