/// The rules whose findings are errors: each describes a purchase the store would ignore
/// (`Store.beginPurchase` logs it and nothing else happens), so nobody can buy.
extension LintContext {
    mutating func checkPurchases() {
        checkEnablePayments()
        checkRedirectURL()
        checkPrices()
        checkPaywallProductStatus()
    }

    /// The SDK's default is false, and then every purchase is a silent no-op: the most common way
    /// a working integration sells nothing.
    private mutating func checkEnablePayments() {
        guard !catalog.settings.enablePayments else { return }
        let path = JSONPath.root / "settings" / "enablePayments"
        if places.exists(path) {
            report(.enablePayments, at: path,
                   "enablePayments is false, so the SDK ignores every purchase (a silent no-op); set it to true")
        } else {
            report(.enablePayments, at: path,
                   "enablePayments is missing and defaults to false, so the SDK ignores every purchase (a silent no-op); add \"enablePayments\": true")
        }
    }

    /// A redirect URL that is not `scheme://host/path` can never come back to the app, so every
    /// Pay Station payment waits until the next launch redelivers it.
    private mutating func checkRedirectURL() {
        let bundleId = catalog.app.bundleId
        let example = URLSyntax.isScheme(Substring(bundleId)) ? bundleId : "com.example.game"
        let consequence = "Pay Station cannot send the player back, so every payment waits for a relaunch"
        let settings = JSONPath.root / "settings"
        // A URL that failed to load is its own error, and then the default is not what was meant.
        guard !places.hasFailure(within: settings / "paymentsRedirectUrl"),
              !places.hasFailure(within: settings / "payments.redirectUrl") else { return }
        if let url = catalog.settings.paymentsRedirectUrl {
            guard let problem = RedirectURLShape.problem(with: url, suggesting: example) else { return }
            // The decoder reads `paymentsRedirectUrl` first, then the Xsolla guide's spelling.
            let key = places.exists(settings / "paymentsRedirectUrl") ? "paymentsRedirectUrl" : "payments.redirectUrl"
            report(.redirectURL, at: settings / key,
                   "paymentsRedirectUrl \"\(url)\" is not a scheme://host/path URL: \(problem); \(consequence). Write one such as \"\(example)://xsollaconfirm/payment\"")
        } else {
            let url = catalog.settings.redirectURL(bundleId: bundleId)
            guard let problem = RedirectURLShape.problem(with: url, suggesting: example) else { return }
            report(.redirectURL, at: JSONPath.root / "app" / "bundleId",
                   "the default paymentsRedirectUrl \"\(url)\" is not a scheme://host/path URL: \(problem); \(consequence). Set settings.paymentsRedirectUrl, or use a bundleId that is a URL scheme")
        }
    }

    /// Unavailable and draft products are never sold, so they need no prices.
    private mutating func checkPrices() {
        for (index, product) in catalog.products.enumerated() where product.status == .available {
            let prices = Self.products / index / "prices"
            // A price written but not loaded (malformed, negative) is its own error.
            let unpriced = catalog.storefronts.map(\.id).filter {
                product.prices[$0] == nil && !places.hasFailure(within: prices / $0)
            }
            guard !unpriced.isEmpty else { continue }
            let place = English.list(unpriced, joinedBy: "or")
            report(.missingPrice, at: prices,
                   "no price in \(place), so a purchase there is ignored; add \(unpriced.count == 1 ? "a price" : "prices")")
        }
    }

    /// A products request returns available products only, so such a card can never be bought.
    /// (A product missing from the catalog altogether is already a load error.)
    private mutating func checkPaywallProductStatus() {
        for (paywallIndex, paywall) in catalog.paywalls.enumerated() {
            for (variantIndex, variant) in paywall.variants.enumerated() {
                for (index, id) in variant.products.enumerated() {
                    guard let product = catalog.product(id: id), product.status != .available else { continue }
                    report(.paywallProduct, at: Self.paywalls / paywallIndex / "variants" / variantIndex / "products" / index,
                           "\"\(id)\" is \(product.status.rawValue), so a products request never returns it and this card cannot be bought; make it available or take it off the paywall")
                }
            }
        }
    }
}
