import Foundation

/// Which store's codes a typed code is looked up among: each store redeems only its own.
public enum CodeStore: String, Sendable, CaseIterable {
    /// Offer codes: a subscription's `codeOffers`, each with its `codes`.
    case appStore
    /// Promo codes: a product's `play.promotions`, each with its `codes`.
    case googlePlay
}

/// What a typed code redeems, as the catalog says it: the code, how often it may be redeemed
/// and until when, and the purchase it makes (the product, at the offer's terms).
public struct RedeemableCode: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Redeemed up to `limit` times in all (nil: no limit).
        case custom(limit: Int?)
        /// Redeemed once.
        case oneTime
    }

    /// As the catalog spells it.
    public var code: String
    public var kind: Kind
    public var expires: CodeExpiry?
    public var product: Product
    /// What the purchase charges and records: `.code` on the App Store, `.promoCode` on Google Play.
    public var offer: AppliedOffer
    /// Who may redeem it, as App Store Connect says it; empty means anyone.
    public var eligibility: [OfferEligibility]

    public init(code: String, kind: Kind, expires: CodeExpiry?, product: Product, offer: AppliedOffer,
                eligibility: [OfferEligibility] = []) {
        self.code = code
        self.kind = kind
        self.expires = expires
        self.product = product
        self.offer = offer
        self.eligibility = eligibility
    }

    /// Whether it has expired at `time`.
    public func hasExpired(at time: Date) -> Bool {
        expires.map { time >= $0.end } ?? false
    }
}

extension ProductCatalog {
    /// The code `typed` names among `store`'s codes, or nil for one the catalog does not have.
    /// An offer code with no codes of its own is redeemed by its `id`, as a custom code without
    /// limit or expiry: the way a `.storekit` file's code offers (which list none) are used.
    public func redeemableCode(_ typed: String, at store: CodeStore) -> RedeemableCode? {
        let key = OfferCodes.key(typed)
        guard !key.isEmpty else { return nil }
        for product in products {
            switch store {
            case .appStore:
                for offer in product.codeOffers {
                    let found = offer.codes.isEmpty
                        ? offer.id.flatMap { OfferCodes.key($0) == key ? ($0, RedeemableCode.Kind.custom(limit: nil), nil) : nil }
                        : offer.codes.match(typed)
                    if let (code, kind, expires) = found {
                        return RedeemableCode(code: code, kind: kind, expires: expires, product: product, offer: .code(offer),
                                              eligibility: offer.eligibility)
                    }
                }
            case .googlePlay:
                for promotion in product.play?.promotions ?? [] {
                    if let (code, kind, expires) = promotion.codes.match(typed) {
                        return RedeemableCode(code: code, kind: kind, expires: expires, product: product,
                                              offer: .promoCode(promotion.offer(on: product)))
                    }
                }
            }
        }
        return nil
    }
}
