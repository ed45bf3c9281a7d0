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
        let words = PeriodWords.forLanguage(storefront.language)
        productId = product.id
        name = product.name.resolved(for: storefront.locale) ?? product.id
        description = product.description.resolved(for: storefront.locale)
        let amount = product.price(in: storefront)
        price = amount.map { PriceFormatter.format($0, in: storefront) }
        periodName = product.period.map { words.duration(value: $0.value, unit: $0.unit) }
        if let amount, let period = product.period {
            pricePerPeriod = PriceFormatter.format(amount, per: period, in: storefront)
            if period.approximateDays > 31 {
                let monthly = PriceFormatter.normalize(amount, from: period, to: .month, in: storefront)
                pricePerMonth = PriceFormatter.format(monthly, per: PriceFormatter.NormalizedUnit.month.period, in: storefront)
            }
        } else {
            pricePerPeriod = price
        }
        if showsIntroOffer, let offer = product.introductoryOffer, let pricePerPeriod {
            offerLine = OfferText.describe(offer, in: storefront, then: pricePerPeriod)
        }
    }
}

/// Plain-language offer terms: "1 week free, then $4.99/month".
public enum OfferText {
    /// The offer's price as an offer line says it: "free", "at $2.49/month" (each period),
    /// "for $9.99" (the whole offer); the `product.offer_price` variable.
    public static func pricePhrase(_ offer: Offer, in storefront: Storefront) -> String {
        let words = PeriodWords.forLanguage(storefront.language)
        switch offer.mode {
        case .freeTrial:
            return words.freeWord
        case .payAsYouGo:
            let price = offer.prices[storefront.id].map { PriceFormatter.format($0, per: offer.period, in: storefront) } ?? ""
            return words.priced("", price, upFront: false).trimmingCharacters(in: .whitespaces)
        case .payUpFront:
            let price = offer.prices[storefront.id].map { PriceFormatter.format($0, in: storefront) } ?? ""
            return words.priced("", price, upFront: true).trimmingCharacters(in: .whitespaces)
        }
    }

    public static func describe(_ offer: Offer, in storefront: Storefront, then regular: String) -> String {
        let words = PeriodWords.forLanguage(storefront.language)
        let then = words.thenWord
        switch offer.mode {
        case .freeTrial:
            let length = words.duration(value: offer.period.value * offer.periods, unit: offer.period.unit)
            return "\(length) \(words.freeWord), \(then) \(regular)"
        case .payAsYouGo:
            let length = words.duration(value: offer.period.value * offer.periods, unit: offer.period.unit)
            let price = offer.prices[storefront.id].map { PriceFormatter.format($0, per: offer.period, in: storefront) } ?? "?"
            return "\(words.priced(length, price, upFront: false)), \(then) \(regular)"
        case .payUpFront:
            let length = words.duration(value: offer.period.value * offer.periods, unit: offer.period.unit)
            let price = offer.prices[storefront.id].map { PriceFormatter.format($0, in: storefront) } ?? "?"
            return "\(words.priced(length, price, upFront: true)), \(then) \(regular)"
        }
    }
}
