/// Warnings about products and subscription groups: they sell, but players see the wrong thing.
extension LintContext {
    mutating func checkProducts() {
        checkNames()
        checkSKUCase()
    }

    /// A missing name falls back to another language (`LocalizedText.resolved`), so a German
    /// player reads English: not broken, but not what the designer meant. Only available products
    /// are shown, so only they are checked.
    private mutating func checkNames() {
        for (index, product) in catalog.products.enumerated() where product.status == .available {
            if let missing = missingLanguages(in: product.name) {
                report(.missingName, at: Self.products / index / "name", missing)
            }
        }
        for (index, group) in catalog.subscriptionGroups.enumerated() {
            if let missing = missingLanguages(in: group.name) {
                report(.missingName, at: JSONPath.root / "subscriptionGroups" / index / "name", missing)
            }
        }
    }

    /// A message naming the languages without text and the storefronts that speak them, or nil.
    private func missingLanguages(in text: LocalizedText) -> String? {
        var languages: [String] = []
        var storefronts: [String: [String]] = [:]
        for storefront in catalog.storefronts
        where text.values[storefront.locale] == nil && text.values[storefront.language] == nil {
            if storefronts[storefront.language] == nil { languages.append(storefront.language) }
            storefronts[storefront.language, default: []].append(storefront.id)
        }
        guard !languages.isEmpty else { return nil }
        let list = languages.map { "\($0) (\(storefronts[$0, default: []].joined(separator: ", ")))" }
        return "no name in \(Self.list(list, joinedBy: "or")); players there see another language's name"
    }

    /// SKUs are case-sensitive. Two that differ only by case are one typo away from selling the
    /// wrong product, and Pay Station reports a case-mismatched SKU as invalid.
    private mutating func checkSKUCase() {
        var firstByFolded: [String: (index: Int, id: String)] = [:]
        for (index, product) in catalog.products.enumerated() {
            let folded = product.id.lowercased()
            if let first = firstByFolded[folded] {
                // Exact duplicates are load errors; only case differences reach here.
                guard first.id != product.id else { continue }
                report(.skuCase, at: Self.products / index / "id",
                       "SKU \"\(product.id)\" differs only by case from \"\(first.id)\" at \(Self.products / first.index / "id"); SKUs are case-sensitive, so one typo sells the other: rename one")
            } else {
                firstByFolded[folded] = (index, product.id)
            }
        }
    }
}
