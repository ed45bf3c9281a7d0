import Foundation

/// One plan of a paywall as the player would see it: prices, the offer that applies to them,
/// the discount against the dearest plan, and the values of the text variables.
public struct PlanPresentation: Sendable, Equatable {
    public var product: Product
    public var display: ProductDisplay
    public var appliedOffer: AppliedOffer?
    /// "1 week free, then $4.99/month"; nil when no offer applies.
    public var offerLine: String?
    /// The variant's `offerDetails` for this plan when no offer applies ("Billed yearly,
    /// cancel anytime"); nil without them, or when an offer applies (then `offerLine` says it).
    public var details: String?
    /// Normalized to a month, rounded down to the currency's minor unit.
    public var pricePerMonth: Decimal?
    /// "-33%" against the plan with the highest price per month; that plan has none.
    public var discountBadge: String?
    public var isHighlighted: Bool
    public var variables: [TextTemplate.Variable: String]
    /// The call to action's words when it buys this plan, for this player now.
    public var callToAction: String
}

/// A paywall variant rendered for one storefront and one player.
public struct PaywallPresentation: Sendable, Equatable {
    public var paywall: Paywall
    public var variant: PaywallVariant
    public var strings: PaywallStrings
    /// The fixed words in the storefront's language, with this locale's catalog words over them.
    public var text: PlayerText
    /// The call to action's words when it buys no plan of the variant (a catalog without
    /// plans on sale here); a plan's own are its `callToAction`.
    public var cta: String
    public var plans: [PlanPresentation]

    public init(catalog: ProductCatalog, paywall: Paywall, variant: PaywallVariant, storefront: Storefront,
                history: SubscriberHistory = .newPlayer, override: EligibilityOverride = .auto) {
        self.paywall = paywall
        self.variant = variant
        strings = variant.strings(for: storefront.locale, defaultLocale: paywall.defaultLocale)
        // The catalog's own words count only in their language: on a storefront it has no
        // strings for, the built-in words of that language beat another language's words.
        let own = variant.localizedStrings(for: storefront.locale)
        var overrides = own?.text ?? [:]
        overrides[.cta] = own?.cta
        text = PlayerText(language: storefront.language, overrides: overrides)
        let products = variant.products.compactMap { catalog.product(id: $0) }
        let monthly = products.map { product -> Decimal? in
            guard let price = product.price(in: storefront), let period = product.period else { return nil }
            return PriceFormatter.normalize(price, from: period, to: .month, in: storefront)
        }
        let dearest = monthly.compactMap { $0 }.max()
        // A call to action written for the variant's introductory offer ("Start free trial") is
        // the words of a purchase under an offer of that kind (a free trial, a free win-back
        // month); a purchase under no such offer, a paid promotion included, reads the plain
        // word. A variant without introductory offers has a call to action for every plan.
        let introModes = Set(products.compactMap { $0.introductoryOffer?.mode })
        let ownWord = text[.cta]
        let plainWord = PlayerText(language: storefront.language)[.cta]
        func callToAction(under offer: AppliedOffer?) -> String {
            guard !introModes.isEmpty, !(offer.map { introModes.contains($0.offer.mode) } ?? false) else { return ownWord }
            return plainWord
        }
        let words = PeriodWords(storefront: storefront)
        var plans: [PlanPresentation] = []
        for (product, perMonth) in zip(products, monthly) {
            let display = ProductDisplay(product: product, storefront: storefront, showsIntroOffer: false)
            let applied = OfferSelector.offer(for: product, presenting: variant.promotionalOffer, history: history,
                                              override: override, in: storefront)
            var badge: String?
            var discountText: String?
            // A free plan gets no badge: "-100%" reads as a mistake, not a saving.
            if let perMonth, let dearest, dearest > 0, perMonth > 0, perMonth < dearest {
                var percent = (1 - perMonth / dearest) * 100
                var rounded = Decimal()
                NSDecimalRound(&rounded, &percent, 0, .plain)
                // A plan that costs something never saves all: 99.6% is "-99%", never "-100%".
                rounded = min(rounded, 99)
                if rounded > 0 {
                    // In the storefront's digits and percent sign: "61%", "61 %", "٦١٪".
                    let style = Decimal.FormatStyle.Percent(locale: Locale(identifier: storefront.locale))
                    discountText = (rounded / 100).formatted(style)
                    badge = (-rounded / 100).formatted(style)
                }
            }
            var variables: [TextTemplate.Variable: String] = [.name: display.name]
            variables[.price] = display.price
            variables[.pricePerPeriod] = display.pricePerPeriod
            if let price = product.price(in: storefront), let period = product.period {
                // At the precision of the plan's own price, as the card's per-month line.
                variables[.pricePerWeek] = PriceFormatter.formatNormalized(price, from: period, to: .week, in: storefront)
                variables[.pricePerMonth] = PriceFormatter.formatNormalized(price, from: period, to: .month, in: storefront)
                variables[.period] = words.unit(of: period)
            }
            variables[.relativeDiscount] = discountText
            var offerLine: String?
            if let applied {
                let offer = applied.offer
                variables[.offerPeriod] = OfferText.length(of: offer, in: storefront)
                // The offer's price as the line says it: "free", "at $2.49/month", "for $9.99".
                variables[.offerPrice] = OfferText.pricePhrase(offer, in: storefront)
                let regular = display.pricePerPeriod ?? ""
                // The catalog's template, in its language, for every kind and mode of offer; its
                // plain `offerDetails` when it wrote no intro form (lint warns of that), as the
                // paywall platforms fall back.
                if let template = own?.offerDetailsWithIntro ?? own?.offerDetails.flatMap(Self.nonBlank) {
                    offerLine = TextTemplate.render(template, values: variables)
                } else {
                    offerLine = OfferText.describe(offer, in: storefront, then: regular)
                }
            }
            let details = applied == nil
                ? own?.offerDetails.flatMap(Self.nonBlank).map { TextTemplate.render($0, values: variables) }.flatMap(Self.nonBlank)
                : nil
            plans.append(PlanPresentation(
                product: product, display: display, appliedOffer: applied, offerLine: offerLine, details: details, pricePerMonth: perMonth,
                discountBadge: badge, isHighlighted: product.id == variant.highlight, variables: variables,
                callToAction: callToAction(under: applied)))
        }
        self.plans = plans
        cta = callToAction(under: nil)
    }

    private static func nonBlank(_ text: String) -> String? {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }
}
