/// The paywall a `.storekit` file gets, since Xcode's format has none: every auto-renewable
/// subscription as a plan, the longest highlighted (the higher level on a tie), everything else
/// left to the shop below it. Its strings are in the language of the file's `_locale`, so a
/// designer sees a usable paywall for any Xcode configuration. Nothing in it is specific to one
/// app: the title names the choice, not a product.
enum GeneratedPaywall {
    static let id = "storekit"

    /// Nil when there is no subscription to show as a plan: the shop alone is the store then.
    static func make(for products: [Product], locale: String) -> Paywall? {
        let plans = products.filter { $0.type == .autoRenewable }
        guard !plans.isEmpty else { return nil }
        let language = LocalizedText.language(of: locale)
        let texts = translations[language] ?? english
        let written = translations[language] == nil ? "en" : language
        let longest = plans.enumerated().max { left, right in
            rank(left.element, at: left.offset) < rank(right.element, at: right.offset)
        }?.element
        // No offer line of its own: a plan under an offer reads the language's one phrasing
        // (`OfferText`), the same words as every store's sheet says of that offer.
        let strings = PaywallStrings(title: texts.title, cta: texts.cta)
        let variant = PaywallVariant(id: "A", template: plans.count > 3 ? .list : .cards, products: plans.map(\.id),
                                     highlight: longest?.id, strings: [written: strings])
        return Paywall(id: id, placement: "store_open", defaultLocale: written, variants: [variant])
    }

    /// Longer first, then the higher level (1 is the highest), then the earlier in the file.
    private static func rank(_ product: Product, at index: Int) -> (Int, Int, Int) {
        (product.period?.approximateDays ?? 0, -(product.level ?? Int.max), -index)
    }

    private struct Texts {
        var title: String
        var cta: String
    }

    private static let english = Texts(title: "Choose your plan", cta: "Continue")

    private static let translations: [String: Texts] = [
        "en": english,
        "de": Texts(title: "Wähle deinen Plan", cta: "Weiter"),
        "fr": Texts(title: "Choisissez votre formule", cta: "Continuer"),
        "es": Texts(title: "Elige tu plan", cta: "Continuar"),
        "pt": Texts(title: "Escolha seu plano", cta: "Continuar"),
        "ja": Texts(title: "プランを選択", cta: "続ける"),
        "ko": Texts(title: "요금제 선택", cta: "계속"),
        "ar": Texts(title: "اختر خطتك", cta: "متابعة"),
    ]
}
