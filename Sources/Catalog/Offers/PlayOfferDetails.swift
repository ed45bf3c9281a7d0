import Foundation

/// What Google Play knows of a player when it answers `queryProductDetailsAsync`: enough to
/// decide each offer's eligibility.
public struct PlayOfferContext: Sendable, Equatable {
    /// The player has had a subscription of the product's group (a new customer has not).
    public var subscribedBefore: Bool
    /// The player holds another subscription of the group now (an upgrade offer's condition).
    public var holdsAnotherPlanOfGroup: Bool
    /// Whether the app shows its developer-determined offers (QA's switch).
    public var developerOffers: Bool

    public init(subscribedBefore: Bool = false, holdsAnotherPlanOfGroup: Bool = false, developerOffers: Bool = true) {
        self.subscribedBefore = subscribedBefore
        self.holdsAnotherPlanOfGroup = holdsAnotherPlanOfGroup
        self.developerOffers = developerOffers
    }

    /// Whether an offer with `eligibility` is offered to this player.
    public func allows(_ eligibility: PlayOffer.Eligibility?) -> Bool {
        switch eligibility {
        case .newCustomer?: return !subscribedBefore
        case .upgrade?: return holdsAnotherPlanOfGroup
        case .developerDetermined?: return developerOffers
        case nil: return false
        }
    }
}

/// One entry of a subscription's `subscriptionOfferDetails`: a base plan alone, or an offer on
/// it, with the pricing phases the app shows and the `offerToken` the purchase needs.
public struct PlayOfferDetails: Sendable, Equatable {
    public let productId: String
    public let basePlan: PlayBasePlan
    /// Nil for the base plan alone.
    public let offer: PlayOffer?
    /// The offer's phases, then the base plan's own, which lasts for good (or, prepaid, once).
    public let pricingPhases: [PlayPricingPhase]
    /// The base plan's price per billing period.
    public let basePlanPrice: Decimal

    /// The base plan's tags, then the offer's, as `getOfferTags()` lists them.
    public var offerTags: [String] {
        basePlan.offerTags + (offer?.offerTags ?? []).filter { !basePlan.offerTags.contains($0) }
    }

    /// The base plan and offer ids the purchase records: `monthly/free-week`, or `monthly` alone.
    public var reference: String {
        offer.map { "\(basePlan.id)/\($0.id)" } ?? basePlan.id
    }

    /// An opaque token, the same for the same product, base plan and offer on every run.
    public var offerToken: String {
        Self.token(productId: productId, reference: reference)
    }

    /// The token of a product's base plan and offer (`monthly/free-week`): a hash of the two.
    public static func token(productId: String, reference: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(productId)|\(reference)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "AUj/" + String(hash, radix: 16)
    }

    /// What the first phase charges in `storefront` (the base plan's price for the plan alone).
    public func firstPrice(in storefront: Storefront) -> Decimal? {
        guard let first = offer?.phases.first else { return basePlanPrice }
        return first.kind == .freeTrial ? 0 : first.prices[storefront.id]
    }

    /// The offer's first phase as the catalog's offer terms: what the store charges now.
    public var appliedOffer: AppliedOffer? {
        guard let offer, let first = offer.phases.first else { return nil }
        return .play(reference: reference, first.asOffer)
    }

    /// The phases in words, in the storefront's language: "1 week free, then $4.99/month";
    /// each phase after the one before, ending in the base plan's price per period.
    public func phasesLine(in storefront: Storefront) -> String {
        let regular = PriceFormatter.format(basePlanPrice, per: basePlan.billingPeriod, in: storefront)
        return (offer?.phases ?? []).reversed().reduce(regular) { then, phase in
            OfferText.describe(phase.asOffer, in: storefront, then: then)
        }
    }

    /// The Play Billing Library's `PricingPhase.recurrenceMode` of each phase, by name.
    public static func recurrenceMode(of phase: PlayPricingPhase, last: Bool, renewal: PlayBasePlan.RenewalType) -> String {
        if last { return renewal == .prepaid ? "NON_RECURRING" : "INFINITE_RECURRING" }
        return phase.kind == .singlePayment ? "NON_RECURRING" : "FINITE_RECURRING"
    }
}

/// Which base plans and offers Google Play lists for a player, and the one a Play app buys.
public enum PlayOfferList {
    /// Each base plan sold in `storefront`: each offer on it the player is eligible for and
    /// whose phases are priced there, then the base plan alone; in the catalog's order.
    public static func details(of product: Product, in storefront: Storefront,
                               for player: PlayOfferContext) -> [PlayOfferDetails] {
        guard let subscription = product.playSubscription else { return [] }
        var list: [PlayOfferDetails] = []
        for plan in subscription.basePlans {
            guard let price = plan.price(in: storefront, of: product) else { continue }
            let own = PlayPricingPhase(kind: .discountedRecurring, duration: plan.billingPeriod, prices: [storefront.id: price])
            for offer in subscription.offers(onBasePlan: plan.id) where player.allows(offer.eligibility)
                && !offer.phases.isEmpty
                && offer.phases.allSatisfy({ $0.kind == .freeTrial || $0.prices[storefront.id] != nil }) {
                list.append(PlayOfferDetails(productId: product.id, basePlan: plan, offer: offer,
                                             pricingPhases: offer.phases + [own], basePlanPrice: price))
            }
            list.append(PlayOfferDetails(productId: product.id, basePlan: plan, offer: nil, pricingPhases: [own],
                                         basePlanPrice: price))
        }
        return list
    }

    /// What the paywall's Buy can charge: the product's first base plan (its price and period
    /// are the product's; lint says so when they differ), with its offers the player gets.
    public static func purchasable(_ product: Product, in storefront: Storefront,
                                   for player: PlayOfferContext) -> [PlayOfferDetails] {
        let all = details(of: product, in: storefront, for: player)
        guard let first = product.playSubscription?.basePlans.first else { return [] }
        return all.filter { $0.basePlan.id == first.id }
    }

    /// The choice a Play app makes, as the library's guide suggests: the eligible offer with
    /// the lowest first price (the first of equals), else the base plan alone.
    public static func chosen(among choices: [PlayOfferDetails], in storefront: Storefront) -> PlayOfferDetails? {
        // Offers come before their base plan alone, and `min` keeps the first of equals.
        choices.min { ($0.firstPrice(in: storefront) ?? .greatestFiniteMagnitude) < ($1.firstPrice(in: storefront) ?? .greatestFiniteMagnitude) }
    }
}
