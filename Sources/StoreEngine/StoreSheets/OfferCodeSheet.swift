import Catalog
import Foundation

/// The store's own sheet where a code is typed (the App Store's
/// `presentOfferCodeRedeemSheet()`, Google Play's promo code field): what the player has typed
/// so far, and why the store refused the last code, if it did.
public struct OfferCodeSheet: Sendable, Equatable {
    public var marketplace: Marketplace
    public var language: String
    /// Where a code redeemed is sold: the paywall's storefront, through its path.
    public var storefrontId: String
    public var path: IntegrationPath
    public var typed = ""
    public var refusal: OfferCodeRefusal?

    /// A code is at most 64 letters and digits, as the catalog's are.
    static let longest = 64

    public init(marketplace: Marketplace, language: String, storefrontId: String, path: IntegrationPath) {
        self.marketplace = marketplace
        self.language = language
        self.storefrontId = storefrontId
        self.path = path
    }

    /// What the player typed added, letters and digits only, up to the longest code; a new
    /// attempt clears the last refusal.
    mutating func take(_ text: String) {
        let kept = text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard !kept.isEmpty else { return }
        typed = String((typed + kept).prefix(Self.longest))
        refusal = nil
    }

    mutating func erase() {
        if !typed.isEmpty { typed.removeLast() }
        refusal = nil
    }
}
