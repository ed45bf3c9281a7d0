import Foundation

/// Everything a view shows of one product in one storefront, already localized and formatted.
public struct ProductDisplay: Sendable, Equatable {
    public var productId: String
    public var name: String
    /// The localized description (`100 gems`), when the catalog has one.
    public var description: String?
    /// `$4.99`; nil when the product has no price in the storefront.
    public var price: String?
    /// `$4.99/month` for subscriptions, the plain price otherwise.
    public var pricePerPeriod: String?
    /// `$3.33/month` for plans longer than a month.
    public var pricePerMonth: String?
    /// `1 week free, then $4.99/month`, when an introductory offer applies.
    public var offerLine: String?
    public var periodName: String?

    public init(product: Product, storefront: Storefront, showsIntroOffer: Bool = true) {
        let words = PeriodWords(storefront: storefront)
        productId = product.id
        name = product.name.resolved(for: storefront.locale) ?? product.id
        description = product.description.resolved(for: storefront.locale)
        let amount = product.price(in: storefront)
        price = amount.map { PriceFormatter.format($0, in: storefront) }
        periodName = product.period.map { words.duration(value: $0.value, unit: $0.unit) }
        if let amount, let period = product.period {
            pricePerPeriod = PriceFormatter.format(amount, per: period, in: storefront)
            if period.approximateDays > 31 {
                pricePerMonth = PriceFormatter.formatNormalized(amount, from: period, to: .month, in: storefront)
            }
        } else {
            pricePerPeriod = price
        }
        if showsIntroOffer, let offer = product.introductoryOffer, let pricePerPeriod {
            offerLine = OfferText.describe(offer, in: storefront, then: pricePerPeriod)
        }
    }
}
