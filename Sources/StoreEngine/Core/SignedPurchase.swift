import Foundation

/// A purchase as a store that signs with a key of its own hands it to the app, in place of an
/// App Store JWS: Google Play's `Purchase`, whose `getOriginalJson()` is signed SHA1withRSA with
/// the app's licence key. Path-neutral: the path that keeps it reads it from its own rows, and
/// `history` exports it as the store gave it.
public struct SignedPurchase: Sendable, Equatable {
    /// The JSON exactly as signed (`getOriginalJson()`).
    public var originalJson: String
    /// Its signature, Base64 (`getSignature()`).
    public var signature: String
    /// How it is signed, by Java's name (`SHA1withRSA`).
    public var algorithm: String
    /// `getPurchaseState()`: `PURCHASED`, `PENDING` or `UNSPECIFIED_STATE`.
    public var purchaseState: String
    /// `isAcknowledged()`.
    public var isAcknowledged: Bool
    /// The store's token for the purchase, which a subscription's renewals keep.
    public var token: String
    /// Why the signature does not verify with the store's key, or nil when it does.
    public var problem: String?

    public init(originalJson: String, signature: String, algorithm: String, purchaseState: String,
                isAcknowledged: Bool, token: String, problem: String?) {
        self.originalJson = originalJson
        self.signature = signature
        self.algorithm = algorithm
        self.purchaseState = purchaseState
        self.isAcknowledged = isAcknowledged
        self.token = token
        self.problem = problem
    }
}
