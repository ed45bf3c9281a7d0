import Foundation

/// The errors StoreKit 2's `purchase()` throws that QA can choose in the sheet's QA row (and a
/// scenario's `storekit fail NAME`): none of them makes a transaction StoreKit would deliver,
/// and none charges.
public enum StoreKitFailure: String, Sendable, Equatable, CaseIterable {
    case networkError
    case productUnavailable
    case notAvailableInStorefront
    case purchaseNotAllowed
    case ineligibleForOffer

    /// The error as the guide's code sees it: `StoreKitError.networkError(_:)`,
    /// `Product.PurchaseError.productUnavailable`, ...
    public var qualifiedName: String {
        switch self {
        case .networkError, .notAvailableInStorefront: return "StoreKitError.\(rawValue)"
        case .productUnavailable, .purchaseNotAllowed, .ineligibleForOffer: return "Product.PurchaseError.\(rawValue)"
        }
    }

    /// What the player is told: the error by its name, in one line of an 80-column screen.
    var notice: StoreNotice {
        StoreNotice(.error, "purchase() threw \(qualifiedName). Nothing was charged.")
    }
}

extension FailureReason {
    /// StoreKit's `purchase()` threw `failure`: recorded, and read back, by its qualified name
    /// (`StoreKitError.networkError`), so the engine keeps it as any path's error in its words.
    public static func storeKit(_ failure: StoreKitFailure) -> FailureReason {
        .other(failure.qualifiedName)
    }

    /// The StoreKit error this failure is, if it is one.
    public var storeKitFailure: StoreKitFailure? {
        StoreKitFailure.allCases.first { FailureReason.storeKit($0) == self }
    }
}
