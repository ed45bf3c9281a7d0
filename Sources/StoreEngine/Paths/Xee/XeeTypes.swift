import Catalog
import Foundation

/// A paywall as `getPaywall(placement:)` returns it: the variant this player is assigned.
public struct XeePaywall: Sendable, Equatable {
    public var placement: String
    public var paywallId: String
    public var variantId: String
    /// What every product of the variant carries, and every sale from it records.
    public var variationId: String
    /// The variant's products, in its order.
    public var vendorProductIds: [String]
}

/// One product of a paywall variant, as `getPaywallVariantProducts` returns it.
public struct XeePaywallProduct: Sendable, Equatable {
    public var vendorProductId: String
    public var variationId: String
    /// The offer StoreKit would apply: set only when the player is eligible for an
    /// introductory, promotional or win-back offer.
    public var subscriptionOffer: AppliedOffer?
    /// The regular price in the storefront, as the App Store formats it.
    public var localizedPrice: String
}

/// One access level on the player's profile, as the server last recorded it.
public struct XeeAccessLevel: Sendable, Equatable {
    public var id: String
    public var isActive: Bool
    /// Nil for a lifetime level.
    public var expiresAt: Date?
    public var willRenew: Bool
    public var source: XeeAccessSource
    public var vendorProductId: String?
    public var transactionId: String?
}

/// The player's profile on the Xee server: what `getProfile()` answers.
public struct XeeProfile: Sendable, Equatable {
    public var profileId: String
    public var accessLevels: [String: XeeAccessLevel]

    /// Whether the level is on the profile and active.
    public func isActive(_ level: String) -> Bool {
        accessLevels[level]?.isActive ?? false
    }

    /// `premium active until …, vip inactive` for the Events pane; `no access level` when empty.
    func described(withExpiry: Bool) -> String {
        let levels = accessLevels.values.sorted { $0.id < $1.id }.map { level in
            "\(level.id) \(level.isActive ? "active" : "inactive")" + (withExpiry ? Store.until(level.expiresAt) : "")
        }
        return levels.isEmpty ? "no access level" : levels.joined(separator: ", ")
    }
}

/// What `makePurchase(product:)` returns. A StoreKit error, or a transaction that does not
/// verify, throws instead: no result.
public enum XeePurchaseResult: Sendable, Equatable {
    case userCancelled
    /// Ask to Buy, or an interrupted purchase: it may complete later.
    case pending
    /// Paid; the profile as the server had it when `makePurchase` returned.
    case success(profile: XeeProfile, transactionId: String)

    public var isPurchaseSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    public var isPurchaseCancelled: Bool { self == .userCancelled }

    public var isPurchasePending: Bool { self == .pending }

    /// The profile of a successful purchase.
    public var profile: XeeProfile? {
        if case .success(let profile, _) = self { return profile }
        return nil
    }

    /// How the Events pane says it.
    var description: String {
        switch self {
        case .userCancelled: return "userCancelled (isPurchaseCancelled)"
        case .pending: return "pending (isPurchasePending)"
        case .success(let profile, _):
            return "success (isPurchaseSuccess); profile: " + profile.described(withExpiry: false)
        }
    }
}

/// The app's side of the SDK: what it is told, and what it answers. Without one, the guide's
/// app code answers: the profile is only looked at, and `shouldAddStorePayment` answers as QA
/// set it (`xee promoted show|hold`).
public protocol XeeDelegate: AnyObject {
    /// The SDK has a profile that differs from the last one it handed over.
    func didLoadLatestProfile(_ profile: XeeProfile)
    /// The App Store started a promoted purchase: true shows the sheet now, false holds the
    /// product for the app to buy later with `makePurchase`.
    func shouldAddStorePayment(for productId: String) -> Bool
}
