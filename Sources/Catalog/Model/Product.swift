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

/// One product of the catalog. A value, as before, but its fields live in one shared, immutable
/// box (`ProductFields`): a catalog of 10,000 products is copied whole into the shop, the
/// products request's answer and every row drawn, and a copy of a dozen fields was a dozen
/// reference counts; now it is one. Setting a field replaces the
/// box (the decoder builds each product whole, once).
public struct Product: Sendable, Equatable, Identifiable {
    private var fields: ProductFields

    /// The SKU; case-sensitive.
    public var id: String {
        get { fields.id }
        set { change { $0.id = newValue } }
    }

    public var type: ProductType {
        get { fields.type }
        set { change { $0.type = newValue } }
    }

    public var itemType: ItemType {
        get { fields.itemType }
        set { change { $0.itemType = newValue } }
    }

    public var status: ProductStatus {
        get { fields.status }
        set { change { $0.status = newValue } }
    }

    public var name: LocalizedText {
        get { fields.name }
        set { change { $0.name = newValue } }
    }

    public var description: LocalizedText {
        get { fields.description }
        set { change { $0.description = newValue } }
    }

    /// Decimal prices by storefront id; never floating point.
    public var prices: StorefrontPrices {
        get { fields.prices }
        set { change { $0.prices = newValue } }
    }

    public var grants: Grant? {
        get { fields.grants }
        set { change { $0.grants = newValue } }
    }

    public var group: String? {
        get { fields.group }
        set { change { $0.group = newValue } }
    }

    /// Level within the subscription group; 1 is the highest, as in StoreKit.
    public var level: Int? {
        get { fields.level }
        set { change { $0.level = newValue } }
    }

    public var period: SubscriptionPeriod? {
        get { fields.period }
        set { change { $0.period = newValue } }
    }

    public var introductoryOffer: Offer? {
        get { fields.introductoryOffer }
        set { change { $0.introductoryOffer = newValue } }
    }

    public var promotionalOffers: [Offer] {
        get { fields.promotionalOffers }
        set { change { $0.promotionalOffers = newValue } }
    }

    public var winBackOffers: [Offer] {
        get { fields.winBackOffers }
        set { change { $0.winBackOffers = newValue } }
    }

    /// Offer codes (redeemed with a code, as in App Store Connect).
    public var codeOffers: [Offer] {
        get { fields.codeOffers }
        set { change { $0.codeOffers = newValue } }
    }

    /// Google Play's base plans and offers, where the catalog gives them (`PlayShape.swift`).
    public var play: PlaySubscription? {
        get { fields.play }
        set { change { $0.play = newValue } }
    }

    /// Whether the purchaser's family shares it (the App Store's Family Sharing): only a
    /// non-consumable or an auto-renewable subscription can be, as in App Store Connect.
    public var familyShareable: Bool {
        get { fields.familyShareable }
        set { change { $0.familyShareable = newValue } }
    }

    public init(
        id: String,
        type: ProductType,
        itemType: ItemType = .virtualItem,
        status: ProductStatus = .available,
        name: LocalizedText = LocalizedText(),
        description: LocalizedText = LocalizedText(),
        prices: StorefrontPrices,
        grants: Grant? = nil,
        group: String? = nil,
        level: Int? = nil,
        period: SubscriptionPeriod? = nil,
        introductoryOffer: Offer? = nil,
        promotionalOffers: [Offer] = [],
        winBackOffers: [Offer] = [],
        codeOffers: [Offer] = [],
        play: PlaySubscription? = nil,
        familyShareable: Bool = false
    ) {
        fields = ProductFields(
            id: id, type: type, itemType: itemType, status: status, name: name, description: description, prices: prices,
            grants: grants, group: group, level: level, period: period, introductoryOffer: introductoryOffer,
            promotionalOffers: promotionalOffers, winBackOffers: winBackOffers, codeOffers: codeOffers, play: play,
            familyShareable: familyShareable)
    }

    private mutating func change(_ body: (inout ProductFields.Values) -> Void) {
        var values = fields.values
        body(&values)
        fields = ProductFields(values)
    }

    public static func == (one: Product, other: Product) -> Bool {
        one.fields === other.fields || one.fields.values == other.fields.values
    }

    public var isSubscription: Bool { type == .autoRenewable || type == .nonRenewing }

    /// Whether a product of `type` may be family shareable: the App Store shares non-consumables
    /// and auto-renewable subscriptions, never what is used up or does not renew.
    public static func canBeFamilyShareable(_ type: ProductType) -> Bool {
        type == .nonConsumable || type == .autoRenewable
    }

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
    /// For win-back offers: which lapsed players the App Store offers it to; nil holds it to the
    /// loosest criteria App Store Connect allows (`WinBackCriteria.loosest`).
    public var winBackCriteria: WinBackCriteria?
    /// For offer codes: the codes that redeem it; with none, its `id` redeems it as a custom
    /// code (a `.storekit` file's code offers carry no codes).
    public var codes: OfferCodes

    public init(id: String? = nil, mode: OfferMode, period: SubscriptionPeriod, periods: Int = 1,
                prices: [String: Decimal] = [:], eligibility: [OfferEligibility] = [],
                winBackCriteria: WinBackCriteria? = nil, codes: OfferCodes = OfferCodes()) {
        self.id = id
        self.mode = mode
        self.period = period
        self.periods = periods
        self.prices = prices
        self.eligibility = eligibility
        self.winBackCriteria = winBackCriteria
        self.codes = codes
    }
}
