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

    /// What the player is told, in a sentence.
    public var explanation: String {
        switch self {
        case .networkError: return "The App Store could not be reached"
        case .productUnavailable: return "This product is not available"
        case .notAvailableInStorefront: return "This product is not sold in this storefront"
        case .purchaseNotAllowed: return "Purchases are not allowed on this device"
        case .ineligibleForOffer: return "This account is not eligible for the offer"
        }
    }
}

/// Why a StoreKit transaction waits: `purchase()` returned `pending`, and the outcome comes
/// later on `Transaction.updates`.
public enum PendingReason: String, Sendable, Equatable, CaseIterable {
    /// Ask to Buy: a parent approves (a transaction arrives) or declines (nothing arrives).
    case askToBuy
    /// An interrupted purchase (terms to accept, a payment method to fix), pending until resolved.
    case interruptedPurchase

    /// How the ledger notes it on the deferred transaction.
    var recorded: String { rawValue }

    init?(recorded text: String?) {
        guard let text, let reason = PendingReason(rawValue: text) else { return nil }
        self = reason
    }

    public var displayName: String {
        switch self {
        case .askToBuy: return "Ask to Buy"
        case .interruptedPurchase: return "interrupted purchase"
        }
    }
}
