import Foundation

/// Checks what types alone cannot: unique ids, references between parts of the catalog, known
/// currencies and locales, prices for every storefront, prices each currency can charge.
struct CatalogValidator {
    let catalog: Catalog
    let root: JSONNode
    let diagnostics: DiagnosticList

    func validate() {
        validateStorefronts()
        validateGroups()
        validateProducts()
        validatePriceDigits()
        validatePaywalls()
    }

    /// The JSON element of `arrayKey` whose "id" is `id`, with its path, for positions.
    private func locate(_ arrayKey: String, id: String, in node: JSONNode? = nil, basePath: String = "$")
        -> (node: JSONNode, path: String)?
    {
        guard case .array(let elements)? = (node ?? root)[arrayKey]?.value else { return nil }
        for (index, element) in elements.enumerated() {
            if case .string(let elementId)? = element["id"]?.value, elementId == id {
                return (element, "\(basePath).\(arrayKey)[\(index)]")
            }
        }
        return nil
    }

    private func error(_ message: String, in arrayKey: String, id: String, key: String? = nil) {
        let located = locate(arrayKey, id: id)
        var path = located?.path ?? "$.\(arrayKey)"
        var position = located?.node.position
        if let key, let located {
            path = ObjectReader.path(path, key: key)
            position = located.node[key]?.position ?? position
        }
        diagnostics.error(message, path: path, at: position)
    }

    private func reportDuplicates(_ ids: [String], in arrayKey: String, kind: String) {
        guard case .array(let elements)? = root[arrayKey]?.value else { return }
        var seen: Set<String> = []
        for (index, element) in elements.enumerated() {
            guard case .string(let id)? = element["id"]?.value else { continue }
            if !seen.insert(id).inserted {
                diagnostics.error("duplicate \(kind) id \"\(id)\"", path: "$.\(arrayKey)[\(index)].id",
                                  at: element["id"]?.position)
            }
        }
    }

    private func validateStorefronts() {
        reportDuplicates(catalog.storefronts.map(\.id), in: "storefronts", kind: "storefront")
        if catalog.storefronts.isEmpty {
            diagnostics.error("a catalog needs at least one storefront", path: "$.storefronts", at: root["storefronts"]?.position)
        }
        let currencies = Set(Locale.commonISOCurrencyCodes)
        let locales = Set(Locale.availableIdentifiers)
        for storefront in catalog.storefronts {
            let isAlpha3 = storefront.id.count == 3 && storefront.id.allSatisfy { $0.isASCII && $0.isUppercase }
            if !isAlpha3 {
                error("storefront id \"\(storefront.id)\" is not an ISO 3166 alpha-3 code such as USA or DEU",
                      in: "storefronts", id: storefront.id, key: "id")
            }
            if !currencies.contains(storefront.currency) {
                error("unknown currency \"\(storefront.currency)\"; use an ISO 4217 code such as USD or EUR",
                      in: "storefronts", id: storefront.id, key: "currency")
            }
            if !locales.contains(storefront.locale) {
                error("unknown locale \"\(storefront.locale)\"; use an identifier such as en_US or de_DE",
                      in: "storefronts", id: storefront.id, key: "locale")
            }
        }
    }

    private func validateGroups() {
        reportDuplicates(catalog.subscriptionGroups.map(\.id), in: "subscriptionGroups", kind: "subscription group")
        let levels = Set(catalog.accessLevels.map(\.id))
        for group in catalog.subscriptionGroups {
            if let level = group.accessLevel, !levels.contains(level) {
                error("unknown access level \"\(level)\"; declare it in accessLevels", in: "subscriptionGroups",
                      id: group.id, key: "accessLevel")
            }
        }
    }

    private func validateProducts() {
        reportDuplicates(catalog.products.map(\.id), in: "products", kind: "product")
        let storefrontIds = Set(catalog.storefronts.map(\.id))
        let groupIds = Set(catalog.subscriptionGroups.map(\.id))
        for product in catalog.products {
            for storefront in product.prices.keys.sorted() where !storefrontIds.contains(storefront) {
                error("price for unknown storefront \"\(storefront)\"", in: "products", id: product.id, key: "prices")
            }
            switch product.type {
            case .autoRenewable:
                if product.period == nil {
                    error("an autoRenewable product needs a \"period\" such as P1M", in: "products", id: product.id)
                }
                if let group = product.group {
                    if !groupIds.contains(group) {
                        error("unknown subscription group \"\(group)\"", in: "products", id: product.id, key: "group")
                    }
                } else {
                    error("an autoRenewable product needs a \"group\"", in: "products", id: product.id)
                }
            case .consumable:
                if case .entitlement? = product.grants {
                    error("a consumable grants a currency amount, not an entitlement", in: "products", id: product.id,
                          key: "grants")
                }
            case .nonConsumable, .nonRenewing:
                break
            }
            if product.type != .autoRenewable, product.introductoryOffer != nil || !product.promotionalOffers.isEmpty {
                error("only autoRenewable products have offers", in: "products", id: product.id)
            }
        }
    }

    private func validatePaywalls() {
        reportDuplicates(catalog.paywalls.map(\.id), in: "paywalls", kind: "paywall")
        let productIds = Set(catalog.products.map(\.id))
        for paywall in catalog.paywalls {
            guard let located = locate("paywalls", id: paywall.id) else { continue }
            if paywall.variants.isEmpty {
                diagnostics.error("a paywall needs at least one variant", path: "\(located.path).variants",
                                  at: located.node.position)
            }
            for variant in paywall.variants {
                let variantPlace = locate("variants", id: variant.id, in: located.node, basePath: located.path)
                let variantPath = variantPlace?.path ?? "\(located.path).variants"
                var productNodes: [JSONNode] = []
                if case .array(let elements)? = variantPlace?.node["products"]?.value { productNodes = elements }
                for (index, id) in variant.products.enumerated() where !productIds.contains(id) {
                    var message = "unknown product \"\(id)\""
                    if let guess = Spelling.closest(to: id, among: productIds) { message += "; did you mean \"\(guess)\"?" }
                    let position = index < productNodes.count ? productNodes[index].position : variantPlace?.node.position
                    diagnostics.error(message, path: "\(variantPath).products[\(index)]", at: position)
                }
                if let highlight = variant.highlight, !variant.products.contains(highlight) {
                    diagnostics.error("highlight \"\(highlight)\" is not one of this variant's products",
                                      path: "\(variantPath).highlight", at: variantPlace?.node["highlight"]?.position)
                }
            }
        }
    }
}
