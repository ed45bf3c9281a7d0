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

    /// Every subscription notification this path logs.
    static let playSubscriptionNotifications: [EventKind] = [
        .subscriptionPurchased, .subscriptionRenewed, .subscriptionInGracePeriod, .subscriptionOnHold,
        .subscriptionRecovered, .subscriptionCanceled, .subscriptionRestarted, .subscriptionExpired,
        .subscriptionRevoked, .subscriptionPriceChangeConfirmed, .subscriptionPaused, .subscriptionPauseScheduleChanged,
    ]
}

extension PlayPath {
    /// The notification Google Play sends for a change.
    static func notification(for change: SubscriptionChange) -> EventKind {
        switch change {
        case .renewal: return .subscriptionRenewed
        case .recovery: return .subscriptionRecovered
        case .billingIssue: return .subscriptionInGracePeriod
        case .gracePeriodEnded: return .subscriptionOnHold
        case .cancellation: return .subscriptionCanceled
        case .uncancellation: return .subscriptionRestarted
        case .expiration: return .subscriptionExpired
        case .refund: return .subscriptionRevoked
        case .priceIncreaseAccepted: return .subscriptionPriceChangeConfirmed
        case .pauseScheduled: return .subscriptionPauseScheduleChanged
        case .pause: return .subscriptionPaused
        }
    }

    /// Logs Google Play's notification for a change of a subscription sold here; `transaction`
    /// is its latest. A test subscription's last renewal the test table allows is cancelled with
    /// it (it expires at the end of that period).
    func subscriptionChanged(_ change: SubscriptionChange, _ transaction: TransactionRecord,
                             in context: PathContext) throws {
        let subscription = context.subscription(of: transaction)
        try keepAutoRenewing(of: transaction, as: subscription, in: context)
        let line = try Self.notificationLine(of: transaction, in: context)
        let kind = Self.notification(for: change)
        switch change {
        case .billingIssue, .gracePeriodEnded:
            let state = change == .billingIssue ? "access kept for the grace period" : "no access until the payment is fixed"
            try context.log(kind, "\(line): \(state)", transaction: transaction.id)
        case .pauseScheduled:
            let state = subscription?.scheduledPause.flatMap(PauseDuration.init(rawValue:))
                .map { "paused for \($0.words) from the end of the period" } ?? "the scheduled pause is cancelled"
            try context.log(kind, "\(line): \(state)", transaction: transaction.id)
        case .pause:
            let until = subscription?.pausedUntil.map { " until " + EventDate.string(from: $0) } ?? ""
            try context.log(kind, "\(line): paused\(until), no access", transaction: transaction.id)
        default:
            try context.log(kind, line, transaction: transaction.id)
        }
        let limit = PlaySubscriptionCalendar().renewalLimit(at: context.renewalRate)
        if change == .renewal || change == .recovery, let limit, let subscription,
           subscription.renewalRate == context.renewalRate.rawValue, subscription.renewalsAtRate >= limit {
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
    /// Google Play refunded it for want of an acknowledgement).
    func refunded(_ transaction: TransactionRecord, in context: PathContext) throws {
        guard context.catalog.product(id: transaction.productId)?.type == .autoRenewable,
              try context.records(PlayPurchaseRecords.self).purchase(of: transaction.id)?.refunded != true
        else { return }
        try context.log(.subscriptionRevoked, try Self.notificationLine(of: transaction, in: context) + ": access revoked",
                        transaction: transaction.id)
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
