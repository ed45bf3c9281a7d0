import Catalog
import Foundation
import Ledger

/// Google Play's promo codes, as its "Redeem code" step of the purchase flow judges them: a
/// product's promotions and their codes. A code it takes opens Google Play's sheet for the
/// product: a one-time product for nothing, a subscription's base plan with the promotion's
/// free trial first. A player holding a plan of the subscription's group is refused (a promo
/// code starts a subscription; it does not change one).
enum PlayPromoCodes {
    static var rules: OfferCodeRules { OfferCodeRules(store: .googlePlay, upgradesSubscribers: false, words: words) }

    /// The sheet's words for each refusal.
    static func words(_ refusal: OfferCodeRefusal) -> String {
        switch refusal {
        case .unknown: return "This code isn't valid."
        case .used: return "This code has already been used."
        case .limitReached: return "This code can't be redeemed anymore."
        case .expired: return "This promotion has ended."
        case .offerRedeemed: return "You've already redeemed this promotion."
        case .notEligible: return "You're not eligible for this promotion."
        case .alreadyOwned: return "You already own this item."
        case .subscribed: return "You're already subscribed to this item."
        case .notSold: return "This item isn't available in your country."
        case .noCodes: return "Promo codes can't be redeemed here."
        }
    }

    /// The sheet's line for a promo code's purchase: a subscription's free trial, then its
    /// price; nothing for a one-time product, whose price line says it is free.
    static func line(of code: RedeemableCode, in storefront: Storefront) -> String? {
        guard code.product.type == .autoRenewable else { return nil }
        let regular = ProductDisplay(product: code.product, storefront: storefront, showsIntroOffer: false).pricePerPeriod
            ?? code.product.price(in: storefront).map { PriceFormatter.format($0, in: storefront) } ?? ""
        return OfferText.describe(code.offer.offer, in: storefront, then: regular)
    }

    /// The promotion a transaction was bought under, when a promo code redeemed it.
    static func promotion(of transaction: TransactionRecord) -> String? {
        transaction.offerType == AppliedOffer.promoCodeTypeName ? transaction.offerId : nil
    }
}
