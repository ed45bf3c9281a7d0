import Foundation

/// What a `Product` holds, in one box its copies share. Immutable, so sharing it between
/// threads is safe; `Product`'s setters put a changed copy in a new box.
final class ProductFields: Sendable {
    struct Values: Sendable, Equatable {
        var id: String
        var type: ProductType
        var itemType: ItemType
        var status: ProductStatus
        var name: LocalizedText
        var description: LocalizedText
        var prices: StorefrontPrices
        var grants: Grant?
        var group: String?
        var level: Int?
        var period: SubscriptionPeriod?
        var introductoryOffer: Offer?
        var promotionalOffers: [Offer]
        var winBackOffers: [Offer]
        var codeOffers: [Offer]
        var play: PlaySubscription?
        var familyShareable: Bool
    }

    let values: Values

    init(_ values: Values) {
        self.values = values
    }

    convenience init(id: String, type: ProductType, itemType: ItemType, status: ProductStatus, name: LocalizedText,
                     description: LocalizedText, prices: StorefrontPrices, grants: Grant?, group: String?, level: Int?,
                     period: SubscriptionPeriod?, introductoryOffer: Offer?, promotionalOffers: [Offer],
                     winBackOffers: [Offer], codeOffers: [Offer], play: PlaySubscription?, familyShareable: Bool) {
        self.init(Values(id: id, type: type, itemType: itemType, status: status, name: name, description: description,
                         prices: prices, grants: grants, group: group, level: level, period: period,
                         introductoryOffer: introductoryOffer, promotionalOffers: promotionalOffers,
                         winBackOffers: winBackOffers, codeOffers: codeOffers, play: play, familyShareable: familyShareable))
    }

    var id: String { values.id }
    var type: ProductType { values.type }
    var itemType: ItemType { values.itemType }
    var status: ProductStatus { values.status }
    var name: LocalizedText { values.name }
    var description: LocalizedText { values.description }
    var prices: StorefrontPrices { values.prices }
    var grants: Grant? { values.grants }
    var group: String? { values.group }
    var level: Int? { values.level }
    var period: SubscriptionPeriod? { values.period }
    var introductoryOffer: Offer? { values.introductoryOffer }
    var promotionalOffers: [Offer] { values.promotionalOffers }
    var winBackOffers: [Offer] { values.winBackOffers }
    var codeOffers: [Offer] { values.codeOffers }
    var play: PlaySubscription? { values.play }
    var familyShareable: Bool { values.familyShareable }
}
