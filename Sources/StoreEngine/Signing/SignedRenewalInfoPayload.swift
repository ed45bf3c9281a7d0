import Foundation

/// What a subscription's signed renewal info says (`signedRenewalInfo`), field for field as
/// Apple's `JWSRenewalInfoDecodedPayload`: how the subscription will renew, signed when it is
/// asked for. Dates in milliseconds since 1970; absent fields left out, as Apple leaves them.
public struct SignedRenewalInfoPayload: AppStoreSignedPayload, Codable, Sendable, Equatable {
    public var originalTransactionId: String
    public var productId: String
    /// The product it renews into (another plan of its group after a downgrade).
    public var autoRenewProductId: String
    /// 1 while it renews, 0 once the player turned renewal off.
    public var autoRenewStatus: Int
    /// Why it ended: 1 the player cancelled, 2 a billing error, 5 another reason.
    public var expirationIntent: Int?
    public var isInBillingRetryPeriod: Bool?
    /// 0 a price increase waits for the player's consent, 1 they consented.
    public var priceIncreaseStatus: Int?
    public var signedDate: Int64
    public var environment: String
    /// When the period running ends and the next would start, while it runs.
    public var renewalDate: Int64?
    public var appAccountToken: String

    /// The renewal info of `subscription`, one of `userId`'s, signed at `time` for `environment`.
    init(_ subscription: SubscriptionSummary, userId: String, environment: SignedEnvironment, signedAt time: Date) {
        originalTransactionId = AppStoreIdentifiers.transactionId(of: subscription.originalTransactionId)
        productId = subscription.productId
        autoRenewProductId = subscription.pendingProductId ?? subscription.productId
        autoRenewStatus = subscription.autoRenew ? 1 : 0
        let ended = subscription.status == .expired || subscription.status == .revoked
        expirationIntent = ended ? Self.expirationIntent(of: subscription.endReason) : nil
        isInBillingRetryPeriod = subscription.status == .inBillingRetryPeriod ? true : (ended ? nil : false)
        priceIncreaseStatus = subscription.priceIncrease.flatMap { $0 == "pending" ? 0 : $0 == "accepted" ? 1 : nil }
        signedDate = SignedTransactionPayload.milliseconds(time)
        self.environment = environment.rawValue
        renewalDate = ended ? nil : SignedTransactionPayload.milliseconds(subscription.expiresAt)
        appAccountToken = AccountToken.uuid(forUser: userId)
    }

    private static func expirationIntent(of endReason: String?) -> Int {
        switch endReason {
        case "voluntary": return 1
        case "billingError": return 2
        default: return 5
        }
    }
}
