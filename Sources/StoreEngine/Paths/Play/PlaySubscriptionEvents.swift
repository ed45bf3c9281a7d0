import Catalog
import Foundation
import Ledger

// Real-time developer notifications for subscriptions, by Google's names: what the app's
// backend hears from Google Play as a subscription sold on this path changes on the calendar or
// by QA's hand. Renewals need no acknowledgement (only the first purchase does, as on Play).
extension EventKind {
    public static let subscriptionPurchased = EventKind(rawValue: "SUBSCRIPTION_PURCHASED")
    public static let subscriptionRenewed = EventKind(rawValue: "SUBSCRIPTION_RENEWED")
    public static let subscriptionInGracePeriod = EventKind(rawValue: "SUBSCRIPTION_IN_GRACE_PERIOD")
    public static let subscriptionOnHold = EventKind(rawValue: "SUBSCRIPTION_ON_HOLD")
    public static let subscriptionRecovered = EventKind(rawValue: "SUBSCRIPTION_RECOVERED")
    public static let subscriptionCanceled = EventKind(rawValue: "SUBSCRIPTION_CANCELED")
    public static let subscriptionRestarted = EventKind(rawValue: "SUBSCRIPTION_RESTARTED")
    public static let subscriptionExpired = EventKind(rawValue: "SUBSCRIPTION_EXPIRED")
    public static let subscriptionRevoked = EventKind(rawValue: "SUBSCRIPTION_REVOKED")
    public static let subscriptionPriceChangeConfirmed = EventKind(rawValue: "SUBSCRIPTION_PRICE_CHANGE_CONFIRMED")
    public static let subscriptionPaused = EventKind(rawValue: "SUBSCRIPTION_PAUSED")
    public static let subscriptionPauseScheduleChanged = EventKind(rawValue: "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED")
    /// The next renewal was deferred (`purchases.subscriptions.defer`).
    public static let subscriptionDeferred = EventKind(rawValue: "SUBSCRIPTION_DEFERRED")
    /// The store asks the subscriber's consent to a new price.
    public static let subscriptionPriceChangeUpdated = EventKind(rawValue: "SUBSCRIPTION_PRICE_CHANGE_UPDATED")
    /// A subscription bought with a slow card never became one: the pending purchase was declined.
    public static let subscriptionPendingPurchaseCanceled = EventKind(rawValue: "SUBSCRIPTION_PENDING_PURCHASE_CANCELED")
    /// Google Play refunded a one-time product: the developer notification's
    /// `voidedPurchaseNotification` (a subscription's refund is `SUBSCRIPTION_REVOKED`).
    public static let voidedPurchaseNotification = EventKind(rawValue: "voidedPurchaseNotification")

    /// Every subscription notification this path logs.
    static let playSubscriptionNotifications: [EventKind] = [
        .subscriptionPurchased, .subscriptionRenewed, .subscriptionInGracePeriod, .subscriptionOnHold,
        .subscriptionRecovered, .subscriptionCanceled, .subscriptionRestarted, .subscriptionExpired,
        .subscriptionRevoked, .subscriptionPriceChangeConfirmed, .subscriptionPaused, .subscriptionPauseScheduleChanged,
        .subscriptionPriceChangeUpdated, .subscriptionPendingPurchaseCanceled, .voidedPurchaseNotification, .subscriptionDeferred,
    ]
}

extension PlayPath {
    /// Google Play's name for an event, headed by the product and the `purchaseToken` the
    /// notification carries (which renewals keep). A purchase's notification is logged as it is
    /// delivered (`PlayPath+Delivery.swift`, with a replaced plan's `linkedPurchaseToken`), a
    /// subscription's refund as it is revoked; a plan change Google Play tells only through the
    /// new purchase, so the engine's account of it is its own step.
    func notification(for event: LifecycleEvent, ofTransaction transactionId: String,
                      in context: PathContext) -> LifecycleNaming {
        let transaction = try? context.account.transaction(transactionId)
        let heading = transaction.flatMap { try? Self.notificationLine(of: $0, in: context) }
        switch event {
        case .oneTimePurchase, .subscribed, .offerRedeemed(.firstSubscription), .offerRedeemed(.resubscription):
            return .loggedByPath
        case .offerRedeemed(.upgrade): return .unnotified
        case .renewed: return .notification(.subscriptionRenewed, heading: heading)
        case .recovered: return .notification(.subscriptionRecovered, heading: heading)
        case .autoRenewDisabled, .priceIncreaseDeclined: return .notification(.subscriptionCanceled, heading: heading)
        case .autoRenewEnabled: return .notification(.subscriptionRestarted, heading: heading)
        case .renewalFailed: return .notification(.subscriptionInGracePeriod, heading: heading)
        case .gracePeriodExpired: return .notification(.subscriptionOnHold, heading: heading)
        case .expired: return .notification(.subscriptionExpired, heading: heading)
        case .priceIncreaseRequested: return .notification(.subscriptionPriceChangeUpdated, heading: heading)
        case .priceIncreaseAccepted: return .notification(.subscriptionPriceChangeConfirmed, heading: heading)
        case .pauseScheduleChanged: return .notification(.subscriptionPauseScheduleChanged, heading: heading)
        case .paused: return .notification(.subscriptionPaused, heading: heading)
        case .renewalExtended: return .notification(.subscriptionDeferred, heading: heading)
        case .planChangedNow, .planChangeScheduled: return .unnotified
        case .refunded:
            // A subscription is revoked (`refunded`), and a purchase Google Play refunded for want
            // of an acknowledgement was logged when it refunded it.
            let purchase = try? context.records(PlayPurchaseRecords.self).purchase(of: transactionId)
            let subscribes = transaction.flatMap { context.catalog.product(id: $0.productId) }?.type == .autoRenewable
            return subscribes || purchase?.refunded == true ? .loggedByPath
                : .notification(.voidedPurchaseNotification, heading: heading)
        }
    }

    /// A change of a subscription sold here (the engine logged Google Play's notification of
    /// it); `transaction` is its latest. The purchase says whether it renews now, and a test
    /// subscription's last renewal the test table allows is cancelled with it (it expires at the
    /// end of that period), as Google Play notifies.
    func subscriptionChanged(_ change: SubscriptionChange, _ transaction: TransactionRecord,
                             in context: PathContext) throws {
        let subscription = context.account.subscription(of: transaction)
        try keepAutoRenewing(of: transaction, as: subscription, in: context)
        let limit = PlaySubscriptionCalendar().renewalLimit(at: context.agenda.renewalRate)
        if change == .renewal || change == .recovery, let limit, let subscription,
           subscription.renewalRate == context.agenda.renewalRate.rawValue, subscription.renewalsAtRate >= limit {
            let line = try Self.notificationLine(of: transaction, in: context)
            try context.log(.subscriptionCanceled, "\(line): Google Play's test purchases renew \(limit) times; "
                            + "it expires at the end of this period", transaction: transaction.id)
        }
    }

    /// The latest purchase says whether the subscription renews, as Google Play hands it out
    /// after the player cancels or restores it (its JSON signed again).
    private func keepAutoRenewing(of transaction: TransactionRecord, as subscription: SubscriptionRecord?,
                                  in context: PathContext) throws {
        guard let subscription,
              var purchase = try context.records(PlayPurchaseRecords.self).purchase(of: transaction.id),
              let renewing = purchase.autoRenewing, renewing != subscription.autoRenew else { return }
        purchase.autoRenewing = subscription.autoRenew
        try resign(&purchase, in: context)
    }

    /// A refunded subscription purchase is revoked: `SUBSCRIPTION_REVOKED` (already logged when
    /// Google Play refunded it for want of an acknowledgement); charged back, Google Play voids
    /// it too (`voidedPurchaseNotification`, as it does a one-time product's).
    func refunded(_ transaction: TransactionRecord, in context: PathContext) throws {
        guard context.catalog.product(id: transaction.productId)?.type == .autoRenewable,
              try context.records(PlayPurchaseRecords.self).purchase(of: transaction.id)?.refunded != true
        else { return }
        let line = try Self.notificationLine(of: transaction, in: context)
        try context.log(.subscriptionRevoked, line + ": access revoked", transaction: transaction.id)
        if try context.account.transaction(transaction.id)?.revocationReason == TransactionAction.chargebackReason {
            try context.log(.voidedPurchaseNotification, line + ": charged back", transaction: transaction.id)
        }
    }

    /// `subscriptionId` and `purchaseToken`, as the notification carries them (every renewal
    /// keeps the first purchase's token).
    static func notificationLine(of transaction: TransactionRecord, in context: PathContext) throws -> String {
        let product = context.catalog.product(id: transaction.productId)?.shortId ?? transaction.productId
        let original = transaction.originalTransactionId ?? transaction.id
        let token = try context.records(PlayPurchaseRecords.self).purchase(of: original).map {
            ", purchaseToken \($0.purchaseToken.prefix(12))…"
        } ?? ""
        return "\(product)\(token)"
    }
}
