import Foundation

// App Store Server Notifications V2, by their `notificationType` and `subtype`: what the App
// Store tells a backend of a purchase made through StoreKit, on this path and on Xee (which buys
// through it). Declared by the path that logs them.
extension EventKind {
    /// A consumable, non-consumable or non-renewing purchase.
    public static let oneTimeCharge = EventKind(rawValue: "ONE_TIME_CHARGE")
    /// A subscription bought: subtype `INITIAL_BUY`, or `RESUBSCRIBE` after one in its group lapsed.
    public static let subscribed = EventKind(rawValue: "SUBSCRIBED")
    /// A renewal; subtype `BILLING_RECOVERY` when it cleared a billing issue.
    public static let didRenew = EventKind(rawValue: "DID_RENEW")
    /// Auto-renew turned `AUTO_RENEW_DISABLED` or `AUTO_RENEW_ENABLED`.
    public static let didChangeRenewalStatus = EventKind(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    /// A renewal could not be charged: subtype `GRACE_PERIOD` while the grace period keeps access.
    public static let didFailToRenew = EventKind(rawValue: "DID_FAIL_TO_RENEW")
    public static let gracePeriodExpired = EventKind(rawValue: "GRACE_PERIOD_EXPIRED")
    /// It ended: subtype `VOLUNTARY` (auto-renew was off), `BILLING_RETRY` (retry ran out).
    public static let expired = EventKind(rawValue: "EXPIRED")
    /// The App Store refunded a purchase.
    public static let refund = EventKind(rawValue: "REFUND")
    /// A change of plan: subtype `UPGRADE` (at once) or `DOWNGRADE` (at the renewal).
    public static let didChangeRenewalPref = EventKind(rawValue: "DID_CHANGE_RENEWAL_PREF")
    /// A price increase: subtype `PENDING` (consent asked) or `ACCEPTED`.
    public static let priceIncrease = EventKind(rawValue: "PRICE_INCREASE")
    /// The renewal date moved later (Extend a Subscription Renewal Date).
    public static let renewalExtended = EventKind(rawValue: "RENEWAL_EXTENDED")
    /// A subscription bought with an offer code: subtype `INITIAL_BUY`, `RESUBSCRIBE` or `UPGRADE`.
    public static let offerRedeemed = EventKind(rawValue: "OFFER_REDEEMED")

    /// Family Sharing: a member's share ended (its purchaser stopped sharing it, or was refunded).
    public static let revoke = EventKind(rawValue: "REVOKE")

    static let appStoreNotifications: [EventKind] = [
        .oneTimeCharge, .subscribed, .didRenew, .didChangeRenewalStatus, .didFailToRenew, .gracePeriodExpired,
        .expired, .refund, .didChangeRenewalPref, .priceIncrease, .renewalExtended, .offerRedeemed,
        .consumptionRequest, .refundDeclined, .refundReversed,
        .revoke,  // Family Sharing
    ]
}

/// The App Store's name for each event; the App Store has no pause.
enum AppStoreNotifications {
    static func naming(_ event: LifecycleEvent) -> LifecycleNaming {
        switch event {
        case .oneTimePurchase: return .notification(.oneTimeCharge)
        case .subscribed(let resubscribe): return .notification(.subscribed, heading: resubscribe ? "RESUBSCRIBE" : "INITIAL_BUY")
        case .renewed: return .notification(.didRenew)
        case .recovered: return .notification(.didRenew, heading: "BILLING_RECOVERY")
        case .autoRenewDisabled, .priceIncreaseDeclined:
            return .notification(.didChangeRenewalStatus, heading: "AUTO_RENEW_DISABLED")
        case .autoRenewEnabled: return .notification(.didChangeRenewalStatus, heading: "AUTO_RENEW_ENABLED")
        case .renewalFailed: return .notification(.didFailToRenew, heading: "GRACE_PERIOD")
        case .gracePeriodExpired: return .notification(.gracePeriodExpired)
        case .expired(let reason):
            switch reason {
            case "voluntary", "sandboxRenewalLimit": return .notification(.expired, heading: "VOLUNTARY")
            case "billingError": return .notification(.expired, heading: "BILLING_RETRY")
            default: return .notification(.expired)
            }
        case .refunded: return .notification(.refund)
        case .planChangedNow: return .notification(.didChangeRenewalPref, heading: "UPGRADE")
        case .planChangeScheduled: return .notification(.didChangeRenewalPref, heading: "DOWNGRADE")
        case .priceIncreaseRequested: return .notification(.priceIncrease, heading: "PENDING")
        case .priceIncreaseAccepted: return .notification(.priceIncrease, heading: "ACCEPTED")
        case .renewalExtended: return .notification(.renewalExtended)
        case .offerRedeemed(let redemption):
            // What the App Store's server sends for a code redeemed (developers see
            // OFFER_REDEEMED · INITIAL_BUY for a first subscription), not SUBSCRIBED.
            switch redemption {
            case .firstSubscription: return .notification(.offerRedeemed, heading: "INITIAL_BUY")
            case .resubscription: return .notification(.offerRedeemed, heading: "RESUBSCRIBE")
            case .upgrade: return .notification(.offerRedeemed, heading: "UPGRADE")
            }
        case .pauseScheduleChanged, .paused: return .unnotified
        }
    }

    static var eventKinds: PathEventKinds {
        PathEventKinds(lifecycle: EventKind.appStoreNotifications, failures: [.didFailToRenew, .refund, .revoke])
    }
}
