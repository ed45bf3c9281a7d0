/// Warnings about products and subscription groups: they sell, but players see the wrong thing.
extension LintContext {
    mutating func checkProducts() {
        checkNames()
        checkSKUCase()
        checkWinBackCriteria()
    }

    /// App Store Connect asks every win-back offer who it is for; one written without says
    /// nothing of it, and the store applies the loosest criteria it allows
    /// (`WinBackCriteria.loosest`), so a player may be won back more often than meant.
    private mutating func checkWinBackCriteria() {
        let loosest = WinBackCriteria.loosest
        for (index, product) in catalog.products.enumerated() where product.status == .available {
            for (offerIndex, offer) in product.winBackOffers.enumerated() where offer.winBackCriteria == nil {
                report(.winBackCriteria, at: Self.products / index / "winBackOffers" / offerIndex,
                       "win-back offer \"\(offer.id ?? "")\" has no eligibilityCriteria, so the store offers it to "
                       + "anyone lapsed \(loosest.monthsSinceLapse.lowerBound) to \(loosest.monthsSinceLapse.upperBound) "
                       + "months ago after \(loosest.paidMonths) paid month, again and again; add "
                       + "paidSubscriptionDurationInMonths, timeSinceLastSubscribedInMonths and waitBetweenOffersInMonths")
            }
        }
    }

    /// A missing name falls back to another language (`LocalizedText.resolved`), so a German
    /// player reads English: not broken, but not what the designer meant. Only available products
    /// are shown, so only they are checked.
    private mutating func checkNames() {
        for (index, product) in catalog.products.enumerated() where product.status == .available {
            let path = Self.products / index / "name"
            if let missing = missingLanguages(in: product.name.values.keys, at: path) {
                report(.missingName, at: path, "no name in \(missing); players there see another language's name")
            }
        }
        for (index, group) in catalog.subscriptionGroups.enumerated() {
            let path = JSONPath.root / "subscriptionGroups" / index / "name"
            if let missing = missingLanguages(in: group.name.values.keys, at: path) {
                report(.missingName, at: path, "no name in \(missing); players there see another language's name")
            }
        }
    }

    /// The languages of the catalog's storefronts that none of `keys` (locales such as `de_DE`,
    /// or languages such as `de`) speaks, each with its storefronts (`de (DEU, AUT) or fr (FRA)`),
    /// or nil. A key written at `path` that failed to load is its own error, not a missing one.
    func missingLanguages(in keys: some Collection<String>, at path: JSONPath) -> String? {
        let keys = Set(keys)
        var languages: [String] = []
        var storefronts: [String: [String]] = [:]
        for (index, storefront) in catalog.storefronts.enumerated()
        where !keys.contains(storefront.locale) && !keys.contains(storefront.language)
            && !places.hasFailure(within: path / storefront.locale) && !places.hasFailure(within: path / storefront.language)
            // A locale that failed to load has no language to miss.
            && !places.hasFailure(within: JSONPath.root / "storefronts" / index / "locale") {
            if storefronts[storefront.language] == nil { languages.append(storefront.language) }
            storefronts[storefront.language, default: []].append(storefront.id)
        }
        guard !languages.isEmpty else { return nil }
        let list = languages.map { "\($0) (\(storefronts[$0, default: []].joined(separator: ", ")))" }
        return English.list(list, joinedBy: "or")
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
