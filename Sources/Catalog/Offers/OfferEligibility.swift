import Foundation

/// What the ledger knows of a player's subscriptions, reduced to what offer eligibility needs.
public struct SubscriberHistory: Sendable, Equatable {
    /// Groups the player has ever subscribed in.
    public var subscribedGroups: Set<String>
    /// Groups whose subscription has lapsed (expired, not renewed), with what win-back
    /// eligibility reads of the player there.
    public var lapses: [String: WinBackStanding]

    /// Groups whose subscription has lapsed.
    public var lapsedGroups: Set<String> { Set(lapses.keys) }

    public init(subscribedGroups: Set<String> = [], lapses: [String: WinBackStanding] = [:]) {
        self.subscribedGroups = subscribedGroups
        self.lapses = lapses
    }

    /// Lapsed in each of `lapsedGroups` as a long-time subscriber who lapsed a month ago and was
    /// never won back (`WinBackStanding.previewed`): a player the loosest criteria admit.
    public init(subscribedGroups: Set<String> = [], lapsedGroups: Set<String>) {
        let standing = WinBackStanding.previewed(for: [])
        self.init(subscribedGroups: subscribedGroups,
                  lapses: Dictionary(uniqueKeysWithValues: lapsedGroups.map { ($0, standing) }))
    }

    public static let newPlayer = SubscriberHistory()
}

/// `e` in the app: preview a paywall as an eligible or an ineligible player, whatever the
/// ledger says.
public enum EligibilityOverride: String, Sendable, CaseIterable {
    case auto
    case eligible
    case notEligible = "not eligible"

    public var next: EligibilityOverride {
        let all = EligibilityOverride.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }
}

/// The offer a plan shows, and why.
public enum AppliedOffer: Sendable, Equatable {
    case introductory(Offer)
    case promotional(Offer)
    case winBack(Offer)
    /// A Google Play offer, by its base plan and offer ids (`monthly/free-week`): its first
    /// pricing phase is what the purchase charges (`PlayOfferDetails`).
    case play(reference: String, Offer)
    /// An App Store offer code redeemed with one of its codes (`codeOffers`).
    case code(Offer)
    /// A Google Play promotion redeemed with one of its promo codes (`play.promotions`), by its
    /// id: a subscription's free trial, or a one-time product for nothing.
    case promoCode(Offer)

    public var offer: Offer {
        switch self {
        case .introductory(let offer), .promotional(let offer), .winBack(let offer), .play(_, let offer),
             .code(let offer), .promoCode(let offer):
            return offer
        }
    }

    /// Whether a code redeemed it (an offer code, a promo code).
    public var isRedeemedWithACode: Bool {
        switch self {
        case .code, .promoCode: return true
        case .introductory, .promotional, .winBack, .play: return false
        }
    }

    /// The id a transaction records: a Play offer's base plan and offer ids, else the offer's own.
    public var recordedId: String? {
        if case .play(let reference, _) = self { return reference }
        return offer.id
    }

    public var kindName: String {
        switch self {
        case .introductory: return "intro"
        case .promotional: return "promo"
        case .winBack: return "win-back"
        case .play: return "play offer"
        case .code: return "offer code"
        case .promoCode: return "promo code"
        }
    }

    /// StoreKit's `offerType` names: what a transaction records.
    public var typeName: String {
        switch self {
        case .introductory: return "introductory"
        case .promotional: return "promotional"
        case .winBack: return "winBack"
        case .play: return "play"
        case .code: return Self.codeTypeName
        case .promoCode: return Self.promoCodeTypeName
        }
    }

    /// What a transaction records for an App Store offer code (StoreKit's `.code`), and for a
    /// Google Play promo code.
    public static let codeTypeName = "code"
    public static let promoCodeTypeName = "promoCode"

    /// How a subscription's period paid by an offer of the recorded `typeName` is named where
    /// the offer's kind alone does not say it: a store's phased offer or promotion (Google Play's)
    /// is a trial when its first phase charged nothing, else an introductory price; nil for the
    /// App Store's kinds, which name themselves.
    public static func periodType(ofRecordedType typeName: String, charged: Decimal) -> String? {
        guard typeName == "play" || typeName == Self.promoCodeTypeName else { return nil }
        return charged == 0 ? "trial" : "intro"
    }

    /// The offer of `product` a transaction recorded by `typeName` and id.
    public init?(typeName: String, id: String?, of product: Product) {
        switch typeName {
        case "introductory":
            guard let offer = product.introductoryOffer else { return nil }
            self = .introductory(offer)
        case "promotional":
            guard let offer = product.promotionalOffers.first(where: { $0.id == id }) else { return nil }
            self = .promotional(offer)
        case "winBack":
            guard let offer = product.winBackOffers.first(where: { $0.id == id }) else { return nil }
            self = .winBack(offer)
        case "play":
            guard let id, let offer = Self.playOffer(id, of: product) else { return nil }
            self = offer
        case Self.codeTypeName:
            guard let offer = product.codeOffers.first(where: { $0.id == id }) else { return nil }
            self = .code(offer)
        case Self.promoCodeTypeName:
            guard let offer = product.play?.promotions.first(where: { $0.id == id })?.offer(on: product) else { return nil }
            self = .promoCode(offer)
        default:
            return nil
        }
    }
}

extension AppliedOffer {
    /// The Play offer `reference` (`basePlanId/offerId`) names on `product`, by its first phase.
    static func playOffer(_ reference: String, of product: Product) -> AppliedOffer? {
        let parts = reference.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, let subscription = product.playSubscription,
              let offer = subscription.offers.first(where: { $0.basePlanId == parts[0] && $0.id == parts[1] }),
              let first = offer.phases.first else { return nil }
        return .play(reference: reference, first.asOffer)
    }
}

/// Which offer applies to a product, by StoreKit's rules: an introductory offer only for a
/// player with no earlier subscription in the group; a win-back offer only after one lapsed, to
/// a player its criteria admit (`WinBackCriteria`);
/// a promotional offer (the one the paywall variant presents) to players who subscribed
/// before. A promotional offer beats a win-back offer, which beats an introductory one.
public enum OfferSelector {
    /// - Parameter storefront: when given, an offer with no price there is not offered there.
    public static func offer(for product: Product, presenting promotionalOfferId: String? = nil,
                             history: SubscriberHistory, override: EligibilityOverride = .auto,
                             in storefront: Storefront? = nil) -> AppliedOffer? {
        guard product.type == .autoRenewable, let group = product.group else { return nil }
        func sold(_ offer: Offer) -> Bool {
            storefront.map { PurchaseTerms.charge(of: offer, in: $0) != nil } ?? true
        }
        let subscribedBefore = history.subscribedGroups.contains(group)
        let lapse = history.lapses[group]
        let introEligible: Bool
        switch override {
        case .auto: introEligible = !subscribedBefore
        case .eligible: introEligible = true
        case .notEligible: introEligible = false
        }
        if override != .notEligible, subscribedBefore || override == .eligible, let id = promotionalOfferId,
           let promotional = product.promotionalOffers.first(where: { $0.id == id }), sold(promotional) {
            return .promotional(promotional)
        }
        if override != .notEligible, let lapse,
           let winBack = product.winBackOffers.first(where: { sold($0) && $0.admits(lapse) }) {
            return .winBack(winBack)
        }
        if introEligible, let intro = product.introductoryOffer, sold(intro) {
            return .introductory(intro)
        }
        return nil
    }
}
