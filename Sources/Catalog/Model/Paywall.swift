/// A paywall shown at a placement, with A/B variants.
public struct Paywall: Sendable, Equatable, Identifiable {
    public var id: String
    public var placement: String
    public var defaultLocale: String
    public var variants: [PaywallVariant]
    /// Terms of use; a paywall that sells subscriptions must link them.
    public var termsUrl: String?
    public var privacyUrl: String?
    /// Whether the paywall shows "Restore purchases".
    public var showsRestore: Bool

    public init(id: String, placement: String, defaultLocale: String = "en", variants: [PaywallVariant],
                termsUrl: String? = nil, privacyUrl: String? = nil, showsRestore: Bool = true) {
        self.id = id
        self.placement = placement
        self.defaultLocale = defaultLocale
        self.variants = variants
        self.termsUrl = termsUrl
        self.privacyUrl = privacyUrl
        self.showsRestore = showsRestore
    }
}

public enum PaywallTemplate: String, Sendable, CaseIterable {
    case cards
    case list
    case hero
}

public struct PaywallVariant: Sendable, Equatable, Identifiable {
    public var id: String
    public var weight: Int
    public var template: PaywallTemplate
    public var products: [String]
    public var highlight: String?
    /// The plan selected when the paywall opens, when it is not the highlighted one.
    public var selected: String?
    /// A promotional offer this variant presents (by offer id) to whoever it applies to.
    public var promotionalOffer: String?
    /// Strings by language (`en`, `de`, `ja`) or full locale (`pt_BR`).
    public var strings: [String: PaywallStrings]

    public init(
        id: String,
        weight: Int = 1,
        template: PaywallTemplate = .cards,
        products: [String],
        highlight: String? = nil,
        selected: String? = nil,
        promotionalOffer: String? = nil,
        strings: [String: PaywallStrings] = [:]
    ) {
        self.id = id
        self.weight = weight
        self.template = template
        self.products = products
        self.highlight = highlight
        self.selected = selected
        self.promotionalOffer = promotionalOffer
        self.strings = strings
    }

    /// The plan selected when the paywall opens: the catalog's `selected`, else the plan marked
    /// ★, since a paywall that stars one plan and opens on another sells the other.
    public var initialSelection: String? { selected ?? highlight }

    /// The id that travels with every product and purchase made from this variant.
    public func variationId(in paywall: Paywall) -> String { "\(paywall.id).\(id)" }

    /// Strings for a locale: the exact locale, then its language, then the paywall's default.
    public func strings(for locale: String, defaultLocale: String) -> PaywallStrings {
        localizedStrings(for: locale) ?? strings[defaultLocale]
            ?? strings.keys.sorted().first.flatMap { strings[$0] } ?? PaywallStrings()
    }

    /// Strings written for this locale or its language, without falling back to another one.
    public func localizedStrings(for locale: String) -> PaywallStrings? {
        strings[locale] ?? strings[LocalizedText.language(of: locale)]
    }
}

public struct PaywallStrings: Sendable, Equatable {
    public var title: String
    public var subtitle: String?
    public var features: [String]
    /// The call to action; nil: the built-in word of the storefront's language ("Continue").
    public var cta: String?
    public var offerDetails: String?
    public var offerDetailsWithIntro: String?
    /// The catalog's own words for the paywall's fixed text (`shopTitle`, `restore`, ...), over
    /// the built-in ones.
    public var text: [PlayerText.Key: String]

    public init(
        title: String = "",
        subtitle: String? = nil,
        features: [String] = [],
        cta: String? = nil,
        offerDetails: String? = nil,
        offerDetailsWithIntro: String? = nil,
        text: [PlayerText.Key: String] = [:]
    ) {
        self.title = title
        self.subtitle = subtitle
        self.features = features
        self.cta = cta
        self.offerDetails = offerDetails
        self.offerDetailsWithIntro = offerDetailsWithIntro
        self.text = text
    }
}
