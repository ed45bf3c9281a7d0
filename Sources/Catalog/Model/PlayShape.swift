import Foundation

/// Google Play's shape of a subscription, where it differs from the App Store's: base plans,
/// each with its billing period, renewal type, prices and offer tags, and offers on a base plan
/// made of pricing phases, each offered to whom its eligibility says. Named as the Play
/// Developer API's `Subscription`, `BasePlan` and `SubscriptionOffer` name them; as there, an
/// offer names the base plan it belongs to. Its promotions (promo codes) are on one-time
/// products too, which have no base plans.
public struct PlaySubscription: Sendable, Equatable {
    public var basePlans: [PlayBasePlan]
    public var offers: [PlayOffer]
    public var promotions: [PlayPromotion]

    public init(basePlans: [PlayBasePlan], offers: [PlayOffer] = [], promotions: [PlayPromotion] = []) {
        self.basePlans = basePlans
        self.offers = offers
        self.promotions = promotions
    }

    /// The offers on the base plan `id`, in the catalog's order.
    public func offers(onBasePlan id: String) -> [PlayOffer] {
        offers.filter { $0.basePlanId == id }
    }
}

/// A base plan: how long one billing period lasts, whether it renews, and what it costs.
public struct PlayBasePlan: Sendable, Equatable {
    /// Play's kinds of base plan (the API's `autoRenewingBasePlanType` and `prepaidBasePlanType`).
    public enum RenewalType: String, Sendable, CaseIterable {
        case autoRenewing
        case prepaid
    }

    /// `basePlanId`: unique within its subscription.
    public var id: String
    public var billingPeriod: SubscriptionPeriod
    public var renewalType: RenewalType
    /// Prices by storefront; empty means the product's own.
    public var prices: [String: Decimal]
    public var offerTags: [String]

    public init(id: String, billingPeriod: SubscriptionPeriod, renewalType: RenewalType = .autoRenewing,
                prices: [String: Decimal] = [:], offerTags: [String] = []) {
        self.id = id
        self.billingPeriod = billingPeriod
        self.renewalType = renewalType
        self.prices = prices
        self.offerTags = offerTags
    }

    /// The base plan's price in `storefront`: its own, else the product's it inherits.
    public func price(in storefront: Storefront, of product: Product) -> Decimal? {
        prices.isEmpty ? product.price(in: storefront) : prices[storefront.id]
    }
}

/// An offer on a base plan: its phases, then the base plan's price for good.
public struct PlayOffer: Sendable, Equatable {
    /// Who Google Play offers it to (the API's `targeting`; developer-determined has none).
    public enum Eligibility: String, Sendable, CaseIterable {
        /// A player who never had a subscription of the product's group.
        case newCustomer
        /// A player holding another subscription of the group now.
        case upgrade
        /// The app decides whether to show it (QA switches it on or off).
        case developerDetermined
    }

    /// `offerId`: unique within its base plan.
    public var id: String
    /// The base plan it is an offer on.
    public var basePlanId: String
    public var phases: [PlayPricingPhase]
    public var offerTags: [String]
    /// Nil when the catalog gives none: such an offer is never offered (lint says so).
    public var eligibility: Eligibility?

    public init(id: String, basePlanId: String, phases: [PlayPricingPhase], offerTags: [String] = [],
                eligibility: Eligibility?) {
        self.id = id
        self.basePlanId = basePlanId
        self.phases = phases
        self.offerTags = offerTags
        self.eligibility = eligibility
    }
}

/// A promotion of the Play Console, redeemed with its promo codes: a one-time product for
/// nothing, or a subscription (its first base plan, as the paywall sells it) with a free trial
/// of `freeTrial` first.
public struct PlayPromotion: Sendable, Equatable {
    /// Unique among the product's promotions; what a purchase records.
    public var id: String
    /// A subscription's free trial; nil for a one-time product.
    public var freeTrial: SubscriptionPeriod?
    public var codes: OfferCodes

    public init(id: String, freeTrial: SubscriptionPeriod? = nil, codes: OfferCodes) {
        self.id = id
        self.freeTrial = freeTrial
        self.codes = codes
    }

    /// What the promotion charges as the catalog's offer terms: nothing now, for the free trial
    /// (a day stands for a one-time product's, which has no period).
    public func offer(on product: Product) -> Offer {
        Offer(id: id, mode: .freeTrial, period: freeTrial ?? SubscriptionPeriod(value: 1, unit: .day))
    }
}

/// One pricing phase of an offer, as the Play Console makes them.
public struct PlayPricingPhase: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Nothing to pay for `recurrenceCount` × `duration`.
        case freeTrial
        /// One payment for the whole `duration`.
        case singlePayment
        /// A lower price each `duration`, `recurrenceCount` times.
        case discountedRecurring
    }

    public var kind: Kind
    /// One billing period of the phase.
    public var duration: SubscriptionPeriod
    /// How many times the period recurs (1 for a single payment).
    public var recurrenceCount: Int
    /// Prices by storefront; a free trial has none.
    public var prices: [String: Decimal]

    public init(kind: Kind, duration: SubscriptionPeriod, recurrenceCount: Int = 1, prices: [String: Decimal] = [:]) {
        self.kind = kind
        self.duration = duration
        self.recurrenceCount = recurrenceCount
        self.prices = prices
    }

    /// The phase as the catalog's offer terms, which price and describe it as on the other
    /// paths: a trial, pay up front for a single payment, pay as you go for recurring ones.
    public var asOffer: Offer {
        switch kind {
        case .freeTrial: return Offer(mode: .freeTrial, period: duration, periods: recurrenceCount)
        case .singlePayment: return Offer(mode: .payUpFront, period: duration, periods: 1, prices: prices)
        case .discountedRecurring:
            return Offer(mode: .payAsYouGo, period: duration, periods: recurrenceCount, prices: prices)
        }
    }
}

extension Product {
    /// What Google Play sells this subscription as: the catalog's `play` base plans and
    /// offers (and promotions), else one base plan made of the product itself (its period and prices) with its
    /// introductory offer, if any, as its one offer, for new customers. Nil for what is not an
    /// auto-renewable subscription.
    public var playSubscription: PlaySubscription? {
        guard type == .autoRenewable else { return nil }
        if let play, !play.basePlans.isEmpty { return play }
        guard let period else { return nil }
        let plan = PlayBasePlan(id: Self.playId(shortId), billingPeriod: period)
        let offers = introductoryOffer.map {
            [PlayOffer(id: Self.introductoryOfferId, basePlanId: plan.id, phases: [$0.playPhase], eligibility: .newCustomer)]
        }
        return PlaySubscription(basePlans: [plan], offers: offers ?? [], promotions: play?.promotions ?? [])
    }

    /// Whether the catalog gives the subscription's Google Play base plans (a `play` object
    /// with promotions alone gives none).
    public var hasPlayBasePlans: Bool {
        !(play?.basePlans.isEmpty ?? true)
    }

    /// The offer id a catalog without Play data gives its introductory offer.
    public static let introductoryOfferId = "introductory"

    /// Play's ids are lower-case letters, digits and hyphens: the SKU's last part so written.
    static func playId(_ text: String) -> String {
        String(text.lowercased().map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? $0 : "-" })
    }
}

extension Offer {
    /// An App Store offer as one Play pricing phase.
    var playPhase: PlayPricingPhase {
        switch mode {
        case .freeTrial: return PlayPricingPhase(kind: .freeTrial, duration: period, recurrenceCount: periods)
        case .payUpFront:
            return PlayPricingPhase(kind: .singlePayment, duration: SubscriptionPeriod(value: period.value * periods, unit: period.unit),
                                    prices: prices)
        case .payAsYouGo:
            return PlayPricingPhase(kind: .discountedRecurring, duration: period, recurrenceCount: periods, prices: prices)
        }
    }
}
