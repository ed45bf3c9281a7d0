import Foundation

public enum ProductType: String, Sendable, CaseIterable {
    case consumable
    case nonConsumable
    case autoRenewable
    case nonRenewing
}

/// What Pay Station calls the item; only `virtualItem` is returned by a products request.
public enum ItemType: String, Sendable, CaseIterable {
    case virtualItem
    case virtualCurrencyPackage
    case bundle
}

public enum ProductStatus: String, Sendable, CaseIterable {
    case available
    case unavailable
    case draft
}

/// What a finished purchase gives the player.
public enum Grant: Sendable, Equatable {
    /// A consumable: an amount of a virtual currency.
    case currency(String, amount: Int)
    /// A non-consumable or a subscription: access to a level, or ownership of the product.
    case entitlement(String)
}

public struct Product: Sendable, Equatable, Identifiable {
    /// The SKU; case-sensitive.
    public var id: String
    public var type: ProductType
    public var itemType: ItemType
    public var status: ProductStatus
    public var name: LocalizedText
    public var description: LocalizedText
    /// Decimal prices by storefront id; never floating point.
    public var prices: [String: Decimal]
    public var grants: Grant?
    public var group: String?
    /// Level within the subscription group; 1 is the highest, as in StoreKit.
    public var level: Int?
    public var period: SubscriptionPeriod?
    public var introductoryOffer: Offer?
    public var promotionalOffers: [Offer]
    public var winBackOffers: [Offer]
    /// Offer codes (redeemed with a code, as in App Store Connect).
    public var codeOffers: [Offer]
    /// Google Play's base plans and offers, where the catalog gives them (`PlayShape.swift`).
    public var play: PlaySubscription? = nil

    public init(
        id: String,
        type: ProductType,
        itemType: ItemType = .virtualItem,
        status: ProductStatus = .available,
        name: LocalizedText = LocalizedText(),
        description: LocalizedText = LocalizedText(),
        prices: [String: Decimal],
        grants: Grant? = nil,
        group: String? = nil,
        level: Int? = nil,
        period: SubscriptionPeriod? = nil,
        introductoryOffer: Offer? = nil,
        promotionalOffers: [Offer] = [],
        winBackOffers: [Offer] = [],
        codeOffers: [Offer] = []
    ) {
        self.id = id
        self.type = type
        self.itemType = itemType
        self.status = status
        self.name = name
        self.description = description
        self.prices = prices
        self.grants = grants
        self.group = group
        self.level = level
        self.period = period
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
        self.winBackOffers = winBackOffers
        self.codeOffers = codeOffers
    }

    public var isSubscription: Bool { type == .autoRenewable || type == .nonRenewing }

    public func price(in storefront: Storefront) -> Decimal? {
        prices[storefront.id]
    }

    /// The last part of a reverse-DNS SKU (`gems_100` for `com.example.stardust.gems_100`), for
    /// narrow panes.
    public var shortId: String {
        String(id.split(separator: ".").last ?? Substring(id))
    }
}

public enum OfferMode: String, Sendable, CaseIterable {
    case freeTrial
    case payAsYouGo
    case payUpFront
}

/// Who an offer code may be redeemed by, as App Store Connect says it.
public enum OfferEligibility: String, Sendable, CaseIterable {
    case new
    case existing
    case expired
}

/// An introductory, promotional, win-back or code offer on a subscription.
public struct Offer: Sendable, Equatable {
    /// Promotional, win-back and code offers have ids; an introductory offer has none.
    public var id: String?
    public var mode: OfferMode
    public var period: SubscriptionPeriod
    public var periods: Int
    /// Offer prices by storefront; a free trial has none.
    public var prices: [String: Decimal]
    /// For offer codes: who may redeem them; empty means anyone.
    public var eligibility: [OfferEligibility]

    public init(id: String? = nil, mode: OfferMode, period: SubscriptionPeriod, periods: Int = 1,
                prices: [String: Decimal] = [:], eligibility: [OfferEligibility] = []) {
        self.id = id
        self.mode = mode
        self.period = period
        self.periods = periods
        self.prices = prices
        self.eligibility = eligibility
    }
}
