import Foundation

// Xsolla's webhooks, by their `notification_type`: what Xsolla tells a game's server of a
// purchase made through Pay Station (an In-Game Store order, a subscription plan). Xsolla sends
// none for a renewal it could not charge, a grace period or a price increase: the engine says
// those in its own words (`subscription.changed`).
extension EventKind {
    /// An In-Game Store order paid: a consumable, a non-consumable, a non-renewing item.
    public static let xsollaOrderPaid = EventKind(rawValue: "order_paid")
    public static let xsollaCreateSubscription = EventKind(rawValue: "create_subscription")
    /// A subscription renewed, recovered, or changed (plan, auto-renew back on, price, next charge date).
    public static let xsollaUpdateSubscription = EventKind(rawValue: "update_subscription")
    /// The player turned auto-renew off: it ends at the end of the period.
    public static let xsollaNonRenewalSubscription = EventKind(rawValue: "non_renewal_subscription")
    /// The subscription ended.
    public static let xsollaCancelSubscription = EventKind(rawValue: "cancel_subscription")
    public static let xsollaRefund = EventKind(rawValue: "refund")

    static let xsollaWebhooks: [EventKind] = [
        .xsollaOrderPaid, .xsollaCreateSubscription, .xsollaUpdateSubscription, .xsollaNonRenewalSubscription,
        .xsollaCancelSubscription, .xsollaRefund,
    ]
}

extension PayStationPath {
    func notification(for event: LifecycleEvent, ofTransaction transactionId: String,
                      in context: PathContext) -> LifecycleNaming {
        switch event {
        case .oneTimePurchase: return .notification(.xsollaOrderPaid)
        case .subscribed, .offerRedeemed(.firstSubscription), .offerRedeemed(.resubscription):
            return .notification(.xsollaCreateSubscription)
        case .offerRedeemed(.upgrade): return .notification(.xsollaUpdateSubscription)
        case .renewed, .recovered, .autoRenewEnabled, .planChangedNow, .planChangeScheduled, .priceIncreaseAccepted,
             .renewalExtended:
            return .notification(.xsollaUpdateSubscription)
        case .autoRenewDisabled, .priceIncreaseDeclined: return .notification(.xsollaNonRenewalSubscription)
        case .expired: return .notification(.xsollaCancelSubscription)
        case .refunded: return .notification(.xsollaRefund)
        case .renewalFailed, .gracePeriodExpired, .priceIncreaseRequested, .pauseScheduleChanged, .paused:
            return .unnotified
        }
    }
}
