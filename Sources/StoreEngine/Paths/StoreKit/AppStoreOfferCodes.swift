import Catalog
import Foundation

/// The App Store's offer codes, as its redemption sheet (`AppStore.presentOfferCodeRedeemSheet()`)
/// judges them: a subscription's code offers and their codes. A code it takes opens the App Store
/// sheet for the code's subscription at the code's offer (`AppStoreSheet.beginPurchase`), on
/// StoreKit 2 and on the Xee SDK alike, which buy through the App Store. A subscriber may redeem
/// a code for a higher level (an upgrade, at once) where the code's eligibility admits existing
/// subscribers; a code the App Store could apply only at the renewal is refused.
enum AppStoreOfferCodes {
    static var rules: OfferCodeRules { OfferCodeRules(store: .appStore, upgradesSubscribers: true, words: words) }

    /// The sheet's words for each refusal.
    static func words(_ refusal: OfferCodeRefusal) -> String {
        switch refusal {
        case .unknown: return "This code is not valid."
        case .used: return "This code has already been redeemed."
        case .limitReached: return "This code is no longer available."
        case .expired: return "This code has expired."
        case .offerRedeemed: return "You've already redeemed this offer."
        case .notEligible: return "You're not eligible for this offer."
        case .alreadyOwned: return "You already own this item."
        case .subscribed: return "This offer cannot be redeemed with your current subscription."
        case .notSold: return "This offer isn't available in your country or region."
        case .noCodes: return "Offer codes can't be redeemed here."
        }
    }
}
