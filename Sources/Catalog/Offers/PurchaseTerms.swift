import Foundation

/// What a purchase costs now and what that pays for (issue 7: "offers are charged as
/// advertised"): a free trial charges nothing now and lasts its whole duration; pay as you go
/// charges the offer price for each offer period, so now one period; pay up front charges the
/// offer price once for the whole offer. Without an offer: the regular price for one period.
/// The same terms the paywall shows, so the store charges what the screen promised.
public struct PurchaseTerms: Sendable, Equatable {
    /// A length of time: `count` × `period`.
    public struct Span: Sendable, Equatable {
        public var period: SubscriptionPeriod
        public var count: Int

        public init(period: SubscriptionPeriod, count: Int) {
            self.period = period
            self.count = count
        }
    }

    public let regularPrice: Decimal
    public let offer: AppliedOffer?
    /// What the player pays now.
    public private(set) var chargeNow: Decimal
    /// How long what is paid now lasts; nil for what never expires (consumables, non-consumables).
    public let paidSpan: Span?

    /// Nil when the product has no price in the storefront.
    public init?(product: Product, storefront: Storefront, offer: AppliedOffer?) {
        guard let regular = product.price(in: storefront) else { return nil }
        regularPrice = regular
        let regularSpan = product.period.map { Span(period: $0, count: 1) }
        guard let offer, let charge = Self.charge(of: offer.offer, in: storefront) else {
            self.offer = nil
            chargeNow = regular
            paidSpan = product.type == .autoRenewable || product.type == .nonRenewing
                ? regularSpan ?? Span(period: SubscriptionPeriod(value: 1, unit: .month), count: 1) : nil
            return
        }
        self.offer = offer
        chargeNow = charge
        let terms = offer.offer
        switch terms.mode {
        case .payAsYouGo: paidSpan = Span(period: terms.period, count: 1)
        case .freeTrial, .payUpFront: paidSpan = Span(period: terms.period, count: terms.periods)
        }
    }

    /// The same terms, charging `amount` now instead: a plan change that prorates what is paid now.
    public func charging(_ amount: Decimal) -> PurchaseTerms {
        var terms = self
        terms.chargeNow = amount
        return terms
    }

    /// What buying `product` costs a player with `history`: the offer `OfferSelector` picks for
    /// them (the variant's promotional offer when the purchase comes from it), at its charge. The
    /// one rule behind both the engine's charge and the paywall's preview of another player.
    public init?(product: Product, storefront: Storefront, presenting promotionalOfferId: String?,
                 history: SubscriberHistory, override: EligibilityOverride = .auto) {
        let offer = OfferSelector.offer(for: product, presenting: promotionalOfferId, history: history,
                                        override: override, in: storefront)
        self.init(product: product, storefront: storefront, offer: offer)
    }

    /// What an offer charges now in a storefront; nil when it has no price there (then it is not
    /// offered there at all).
    public static func charge(of offer: Offer, in storefront: Storefront) -> Decimal? {
        switch offer.mode {
        case .freeTrial: return 0
        case .payAsYouGo, .payUpFront: return offer.prices[storefront.id]
        }
    }
}
