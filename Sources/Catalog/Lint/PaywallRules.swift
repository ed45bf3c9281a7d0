import Foundation

/// Warnings about what a paywall says: the disclosures App Review looks for, and the text
/// variables that would render empty.
extension LintContext {
    mutating func checkPaywalls() {
        for (paywallIndex, paywall) in catalog.paywalls.enumerated() {
            let paywallPath = Self.paywalls / paywallIndex
            checkLegalLinks(paywall, at: paywallPath)
            checkLinks(paywall, at: paywallPath)
            for (variantIndex, variant) in paywall.variants.enumerated() {
                let variantPath = paywallPath / "variants" / variantIndex
                checkIntroTerms(variant, at: variantPath)
                checkVariables(variant, at: variantPath)
                checkLanguages(variant, of: paywall, at: variantPath)
            }
        }
    }

    /// The products a paywall shows, once each, in the order its variants list them.
    private func products(of paywall: Paywall) -> [Product] {
        var seen: Set<String> = []
        return paywall.variants.flatMap(\.products).filter { seen.insert($0).inserted }.compactMap(catalog.product(id:))
    }

    /// A subscription paywall must link its terms of use and privacy policy, and anything a
    /// player can restore on a new device (subscriptions, non-consumables) needs the restore
    /// button; App Review rejects paywalls without them.
    private mutating func checkLegalLinks(_ paywall: Paywall, at path: JSONPath) {
        let shown = products(of: paywall)
        let subscriptions = shown.filter(\.isSubscription).map(\.id)
        if !subscriptions.isEmpty {
            let sells = "paywall \"\(paywall.id)\" sells subscriptions (\(Self.quotedList(subscriptions)))"
            if isBlank(paywall.termsUrl) {
                report(.legalLinks, at: path / "termsUrl", "\(sells) but links no terms of use; add \"termsUrl\"")
            }
            if isBlank(paywall.privacyUrl) {
                report(.legalLinks, at: path / "privacyUrl", "\(sells) but links no privacy policy; add \"privacyUrl\"")
            }
        }
        let restorable = shown.filter { $0.isSubscription || $0.type == .nonConsumable }.map(\.id)
        if !paywall.showsRestore, !restorable.isEmpty {
            report(.restore, at: path / "showsRestore",
                   "showsRestore is false, but players need \"Restore purchases\" to get \(Self.quotedList(restorable)) back on a new device; set it to true (the default)")
        }
    }

    private func isBlank(_ text: String?) -> Bool {
        text?.trimmingCharacters(in: .whitespaces).isEmpty ?? true
    }

    /// Whoever sees a trial must see what it turns into. The built-in offer lines say it
    /// (`1 week free, then $4.99/month`); strings that give an offer line of their own
    /// (`offerDetails`) for a variant that shows an introductory offer need its intro form too:
    /// `offerDetailsWithIntro`, or some text that names the offer's period or price.
    private mutating func checkIntroTerms(_ variant: PaywallVariant, at path: JSONPath) {
        var seen: Set<String> = []
        let withIntro = variant.products.filter { seen.insert($0).inserted }
            .filter { catalog.product(id: $0)?.introductoryOffer != nil }
        guard !withIntro.isEmpty else { return }
        let offers = withIntro.count == 1 ? "has an introductory offer" : "have introductory offers"
        let shows = "\(Self.quotedList(withIntro)) \(offers)"
        let needed = "no offerDetailsWithIntro and no text using {{ \(TextTemplate.Variable.offerPeriod.rawValue) }} or {{ \(TextTemplate.Variable.offerPrice.rawValue) }}"
        for locale in variant.strings.keys.sorted() {
            // Strings that did not all load may hold the terms; their error comes first. Without
            // an offer line of their own, the built-in one discloses the terms.
            guard let strings = variant.strings[locale], !isBlank(strings.offerDetails), !disclosesIntroTerms(strings),
                  !places.hasFailure(within: path / "strings" / locale) else { continue }
            report(.introTerms, at: path / "strings" / locale,
                   "intro terms not disclosed: \(shows), but the \"\(locale)\" strings give an offer line (offerDetails) "
                   + "with \(needed)")
        }
    }

    private func disclosesIntroTerms(_ strings: PaywallStrings) -> Bool {
        if !isBlank(strings.offerDetailsWithIntro) { return true }
        let terms: Set<TextTemplate.Variable> = [.offerPeriod, .offerPrice]
        return texts(of: strings, at: .root).contains { text in
            TextTemplate.placeholders(in: text.value).contains { $0.variable.map(terms.contains) ?? false }
        }
    }

    /// A storefront whose language the variant has no strings for shows another language's title
    /// and features beside the built-in words of its own (an English title over `[ Weiter ]`).
    /// A variant without any strings is the intro-terms rule's concern, and shows no text to mix.
    private mutating func checkLanguages(_ variant: PaywallVariant, of paywall: Paywall, at path: JSONPath) {
        guard !variant.strings.isEmpty else { return }
        let strings = path / "strings"
        guard let missing = missingLanguages(in: variant.strings.keys, at: strings) else { return }
        let shown = variant.strings[paywall.defaultLocale] != nil ? paywall.defaultLocale : variant.strings.keys.sorted()[0]
        let builtIn = catalog.storefronts.map(\.language).filter {
            variant.localizedStrings(for: $0) == nil && PlayerText.languages.contains($0) && $0 != LocalizedText.language(of: shown)
        }
        var seen: Set<String> = []
        let buttons = builtIn.filter { seen.insert($0).inserted }.map { "[ \(PlayerText(language: $0)[.cta]) ]" }
        let beside = buttons.isEmpty ? "" : " beside built-in words of their own (\(English.list(buttons, joinedBy: "and")))"
        report(.missingStrings, at: strings,
               "variant \"\(variant.id)\" has no strings in \(missing); players there read its \"\(shown)\" title and features\(beside): add strings for \(missing.contains(" or ") ? "them" : "it")")
    }

    /// An unknown variable renders as nothing, which reads as a bug on the paywall.
    private mutating func checkVariables(_ variant: PaywallVariant, at path: JSONPath) {
        for locale in variant.strings.keys.sorted() {
            guard let strings = variant.strings[locale] else { continue }
            for text in texts(of: strings, at: path / "strings" / locale) {
                let unknown = TextTemplate.unknownVariables(in: text.value)
                guard !unknown.isEmpty else { continue }
                report(.unknownVariable, at: text.path, describeUnknown(unknown))
            }
        }
    }

    private func describeUnknown(_ names: [String]) -> String {
        let known = Set(TextTemplate.Variable.allCases.map(\.rawValue))
        var guessed = false
        let described = names.map { name -> String in
            guard let guess = Spelling.closest(to: name, among: known) else { return "{{ \(name) }}" }
            guessed = true
            return "{{ \(name) }} (did you mean {{ \(guess) }}?)"
        }
        let noun = names.count == 1 ? "unknown variable \(described[0]) renders" : "unknown variables \(English.list(described, joinedBy: "and")) render"
        var message = "\(noun) empty"
        if !guessed {
            message += "; the variables are \(TextTemplate.Variable.allCases.map(\.rawValue).joined(separator: ", "))"
        }
        return message
    }

    /// Every text of one locale's strings with its path, in the order the schema lists the keys.
    /// An unwritten `cta` is the built-in word, which has no variables, so it never reports.
    private func texts(of strings: PaywallStrings, at path: JSONPath) -> [(path: JSONPath, value: String)] {
        var texts: [(path: JSONPath, value: String)] = [(path / "title", strings.title)]
        if let subtitle = strings.subtitle { texts.append((path / "subtitle", subtitle)) }
        texts += strings.features.enumerated().map { (path / "features" / $0.offset, $0.element) }
        if let cta = strings.cta { texts.append((path / "cta", cta)) }
        if let details = strings.offerDetails { texts.append((path / "offerDetails", details)) }
        if let details = strings.offerDetailsWithIntro { texts.append((path / "offerDetailsWithIntro", details)) }
        return texts
    }
}
