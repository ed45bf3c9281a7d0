import Foundation

/// What happened in the life of a purchase or a subscription, whichever store sold it. The
/// engine says what happened; the path that sold it names it in its store's vocabulary, as that
/// store's server would notify a backend (`PurchasePath.notification(for:ofTransaction:in:)`):
/// the App Store's Server Notifications V2, Google Play's real-time developer notifications,
/// Xsolla's webhooks. One event, one name.
enum LifecycleEvent: Equatable, Sendable {
    /// A consumable, non-consumable or non-renewing purchase was charged.
    case oneTimePurchase
    /// A subscription was bought; `resubscribe` when the player had one in its group before.
    case subscribed(resubscribe: Bool)
    /// A subscription renewed.
    case renewed
    /// A renewal that cleared a billing issue (in grace, or after it).
    case recovered
    case autoRenewDisabled
    case autoRenewEnabled
    /// A renewal could not be charged: the grace period keeps access.
    case renewalFailed
    /// The grace period ran out: access lost while the store still tries to charge.
    case gracePeriodExpired
    /// The subscription ended; `reason` as its row keeps it (`voluntary`, `billingError`,
    /// `sandboxRenewalLimit`, `expiredByQA`).
    case expired(reason: String?)
    /// The store refunded a purchase: its access or its goods are taken back.
    case refunded
    /// The plan changed at once within its group (an upgrade, a crossgrade of the same length,
    /// a replacement).
    case planChangedNow
    /// A change of plan waits for the renewal (a downgrade).
    case planChangeScheduled
    case priceIncreaseRequested
    case priceIncreaseAccepted
    /// The subscriber declined a price increase: auto-renew goes off.
    case priceIncreaseDeclined
    /// A pause was scheduled, changed or called off before it started.
    case pauseScheduleChanged
    /// A pause started at the end of the period: nothing charged, no access.
    case paused
    /// The running period's end moved later, at no charge (a backend's compensation, or QA's).
    case renewalExtended
    /// A subscription bought by redeeming a code (an offer code, a promo code), as it stands to
    /// the player's earlier subscriptions of its group.
    case offerRedeemed(CodeRedemption)
}

/// How a subscription bought with a code stands to the player's subscriptions of its group.
enum CodeRedemption: Equatable, Sendable {
    /// None before.
    case firstSubscription
    /// One before, none running.
    case resubscription
    /// One running, at a lower level: it ends at once.
    case upgrade
}

/// How a path's store names a `LifecycleEvent`.
enum LifecycleNaming: Equatable, Sendable {
    /// The store's notification type, and what the notification says first, before the
    /// engine's account of what happened: the App Store's subtype (`SUBSCRIBED` · `INITIAL_BUY`),
    /// Google Play's product and the token its notification carries.
    case notification(EventKind, heading: String? = nil)
    /// The path logs the store's notification itself, where it knows more at another moment
    /// (Google Play's purchase as it is delivered, with a replaced plan's token): the engine
    /// logs nothing.
    case loggedByPath
    /// The store sends nothing for it: the engine says what happened as its own step
    /// (`subscription.changed`), never under another store's name.
    case unnotified
}
