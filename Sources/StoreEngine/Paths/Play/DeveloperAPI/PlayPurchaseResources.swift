import Foundation
import Ledger

/// Google Play's purchases as the Google Play Developer API describes them, with Google's
/// field names and values: `ProductPurchase` and `SubscriptionPurchaseV2` (`VoidedPurchase` has a type of its own).
/// Every purchase storefront makes is a test purchase (`purchaseType` 0, `testPurchase`).
enum PlayPurchaseResources {
    /// `purchases.products.get`; a promo code's purchase is `purchaseType` 1 (Promo).
    static func productPurchase(_ purchase: PlayPurchase, redeemedWith code: OfferCodeRedemption? = nil) -> [String: Any] {
        var fields: [String: Any] = [
            "kind": "androidpublisher#productPurchase",
            "purchaseTimeMillis": String(purchase.purchaseTime),
            // 0 purchased, 1 canceled (a refund voids it), 2 pending.
            "purchaseState": purchase.refunded || purchase.state == .declined ? 1 : purchase.state == .pending ? 2 : 0,
            "consumptionState": purchase.consumed ? 1 : 0,
            "acknowledgementState": purchase.acknowledged ? 1 : 0,
            "developerPayload": "",
            "productId": purchase.productId,
            "quantity": 1,
            "purchaseType": code == nil ? 0 : 1,
            "obfuscatedExternalAccountId": purchase.obfuscatedAccountId,
        ]
        if purchase.state == .purchased { fields["orderId"] = purchase.orderId }
        return fields
    }

    /// `purchases.subscriptionsv2.get`: the purchase, and the subscription it started as the
    /// ledger holds it now (nil while it is pending or was declined); a promo code redeemed for
    /// it is its line item's `signupPromotion`.
    static func subscriptionPurchase(_ purchase: PlayPurchase, subscription: SubscriptionSummary?, latestOrderId: String?,
                                     basePlanId: String?, offerId: String?,
                                     redeemedWith code: OfferCodeRedemption? = nil, cancelSurvey: CancelSurveyReason? = nil) -> [String: Any] {
        var fields: [String: Any] = [
            "kind": "androidpublisher#subscriptionPurchaseV2",
            "startTime": time(Date(timeIntervalSince1970: Double(purchase.purchaseTime) / 1000)),
            "subscriptionState": state(of: purchase, subscription),
            "acknowledgementState": purchase.acknowledged ? "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED" : "ACKNOWLEDGEMENT_STATE_PENDING",
            "externalAccountIdentifiers": ["obfuscatedExternalAccountId": purchase.obfuscatedAccountId],
            "testPurchase": [String: Any](),
        ]
        if let linked = purchase.linkedPurchaseToken { fields["linkedPurchaseToken"] = linked }
        var item: [String: Any] = ["productId": subscription?.productId ?? purchase.productId]
        if let subscription {
            fields["etag"] = etag(of: subscription)
            item["expiryTime"] = time(subscription.expiresAt)
            item["autoRenewingPlan"] = ["autoRenewEnabled": subscription.autoRenew && subscription.endedAt == nil]
            if var canceled = canceledContext(subscription) {
                // The subscriber's answer to the cancel survey of Google Play's subscription center.
                if let cancelSurvey, var user = canceled["userInitiatedCancellation"] as? [String: Any] {
                    user["cancelSurveyResult"] = ["reason": cancelSurvey.rawValue]
                    canceled["userInitiatedCancellation"] = user
                }
                fields["canceledStateContext"] = canceled
            }
            if subscription.status == .paused { fields["pausedStateContext"] = ["autoResumeTime": time(subscription.expiresAt)] }
        }
        var offer: [String: Any] = ["basePlanId": basePlanId ?? subscription?.productId ?? purchase.productId]
        if let offerId { offer["offerId"] = offerId }
        item["offerDetails"] = offer
        if let latestOrderId { item["latestSuccessfulOrderId"] = latestOrderId }
        if let code {
            item["signupPromotion"] = code.oneTime ? ["oneTimeCode": [String: Any]()]
                : ["vanityCode": ["promotionCode": code.code]]
        }
        fields["lineItems"] = [item]
        return fields
    }

    /// The subscription's state as an entity tag: its latest transaction, expiry and renewal,
    /// whatever changes them changes it (`subscriptionsv2.defer` must send the latest).
    static func etag(of subscription: SubscriptionSummary) -> String {
        let state = "\(subscription.latestTransactionId) \(PlayPurchase.milliseconds(subscription.expiresAt)) "
            + "\(subscription.autoRenew) \(subscription.status)"
        return Base64URL.encode(Data(state.utf8))
    }

    /// `subscriptionState`: a subscription whose auto-renew is off but whose period runs is
    /// CANCELED (Google's word), as is one that ended by its plan being replaced.
    static func state(of purchase: PlayPurchase, _ subscription: SubscriptionSummary?) -> String {
        if purchase.state == .pending { return "SUBSCRIPTION_STATE_PENDING" }
        guard purchase.state == .purchased, let subscription else { return "SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED" }
        switch subscription.status {
        case .subscribed: return subscription.autoRenew ? "SUBSCRIPTION_STATE_ACTIVE" : "SUBSCRIPTION_STATE_CANCELED"
        case .inGracePeriod: return "SUBSCRIPTION_STATE_IN_GRACE_PERIOD"
        case .inBillingRetryPeriod: return "SUBSCRIPTION_STATE_ON_HOLD"
        case .paused: return "SUBSCRIPTION_STATE_PAUSED"
        case .expired, .revoked: return "SUBSCRIPTION_STATE_EXPIRED"
        }
    }

    /// Why it was canceled, where it was: by the player, by the app's plan change, by the
    /// developer (a revocation), by Google (a payment never recovered).
    private static func canceledContext(_ subscription: SubscriptionSummary) -> [String: Any]? {
        if subscription.status == .revoked { return ["developerInitiatedCancellation": [String: Any]()] }
        if subscription.endReason == PlanReplacement.endReason { return ["replacementCancellation": [String: Any]()] }
        if let cancelled = subscription.unsubscribedAt, !subscription.autoRenew {
            return ["userInitiatedCancellation": ["cancelTime": time(cancelled)]]
        }
        if subscription.status == .expired, subscription.billingIssue { return ["systemInitiatedCancellation": [String: Any]()] }
        return nil
    }

    /// RFC 3339 in UTC with milliseconds, as Google's JSON writes a `Timestamp`.
    static func time(_ date: Date) -> String {
        date.formatted(timeStyle)
    }

    private static let timeStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
