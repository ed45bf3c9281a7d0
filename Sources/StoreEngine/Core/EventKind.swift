import Foundation

/// The kind of an event in the Events pane and `storefront history`, in two vocabularies: the
/// SDK calls and steps the engine makes (`purchase.started`, `redirect.received`, ...), and the
/// lifecycle of purchases and subscriptions by the name the store that sold it gives it, as
/// its server notifies a backend: App Store Server Notifications V2 on the App Store's paths
/// (`ONE_TIME_CHARGE`, `SUBSCRIBED`, `DID_RENEW`, ...), Google Play's real-time developer
/// notifications (`SUBSCRIPTION_RENEWED`, ...), Xsolla's webhooks (`order_paid`, ...). Each
/// path declares its store's names in its folder; `LifecycleEvent` is what happened.
///
/// A struct over its raw text rather than an enum, so an event a newer build wrote still reads.
public struct EventKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    // MARK: SDK calls and engine steps

    public static let launch = EventKind(rawValue: "launch")
    /// A URL kept by `storefront open-url` while no app ran, opened at launch.
    public static let launchURL = EventKind(rawValue: "launch.url")
    public static let purchaseStarted = EventKind(rawValue: "purchase.started")
    public static let purchaseIgnored = EventKind(rawValue: "purchase.ignored")
    public static let paymentCancelled = EventKind(rawValue: "payment.cancelled")
    public static let redirectSent = EventKind(rawValue: "redirect.sent")
    public static let redirectReceived = EventKind(rawValue: "redirect.received")
    public static let redirectRejected = EventKind(rawValue: "redirect.rejected")
    public static let purchased = EventKind(rawValue: "transaction.purchased")
    public static let failed = EventKind(rawValue: "transaction.failed")
    public static let validated = EventKind(rawValue: "transaction.validated")
    public static let signed = EventKind(rawValue: "transaction.signed")
    public static let validationFailed = EventKind(rawValue: "transaction.invalid")
    public static let granted = EventKind(rawValue: "grant")
    public static let finished = EventKind(rawValue: "transaction.finished")
    public static let redelivered = EventKind(rawValue: "transaction.redelivered")
    public static let productsRequested = EventKind(rawValue: "products.request")
    public static let productsFailed = EventKind(rawValue: "products.failed")
    public static let productsAnswered = EventKind(rawValue: "products.answered")
    public static let restored = EventKind(rawValue: "purchases.restored")
    /// What the App Store's `purchase()` returned or threw.
    public static let purchaseResult = EventKind(rawValue: "purchase.result")
    /// A transaction the App Store delivered on `Transaction.updates`: an approval, a resolved
    /// purchase, a refund. (A declined Ask to Buy delivers nothing: it is `transaction.failed`.)
    public static let transactionUpdate = EventKind(rawValue: "transaction.update")
    /// What `Transaction.currentEntitlements` lists, read by the app after every update.
    public static let currentEntitlements = EventKind(rawValue: "entitlements.current")
    /// A ledger row the engine needed could not be read (a file edited by hand, a damaged page):
    /// what it would have given is said to be missing rather than passed over.
    public static let ledgerUnreadable = EventKind(rawValue: "ledger.unreadable")
    /// After a failed call the account could not be read again: the panes may show what the
    /// call rolled back until the next call reads it.
    public static let accountStale = EventKind(rawValue: "account.stale")

    /// A saved catalog file replaced the catalog (what changed), or did not load (one event
    /// for each line of its lint output); the same for a theme file.
    public static let catalogReloaded = EventKind(rawValue: "catalog.reloaded")
    public static let catalogRejected = EventKind(rawValue: "catalog.rejected")
    public static let themeReloaded = EventKind(rawValue: "theme.reloaded")
    public static let themeRejected = EventKind(rawValue: "theme.rejected")
    /// A call a backend made to the stores' APIs (`--api`): its method, path, status and time.
    public static let apiCall = EventKind(rawValue: "api.call")
    /// A notification a store's server will post to the team's backend, written to the outbox.
    public static let notificationQueued = EventKind(rawValue: "notification.queued")
    /// The backend took it (the store's own rule of what counts).
    public static let notificationDelivered = EventKind(rawValue: "notification.delivered")
    /// An attempt failed: when the store tries again, or that it gives up.
    public static let notificationFailed = EventKind(rawValue: "notification.failed")

    // MARK: The app's own (client) events, as analytics SDKs name them

    public static let transactionStart = EventKind(rawValue: "transactionStart")
    public static let transactionComplete = EventKind(rawValue: "transactionComplete")
    public static let transactionFail = EventKind(rawValue: "transactionFail")
    public static let transactionAbandon = EventKind(rawValue: "transactionAbandon")
    public static let paywallOpen = EventKind(rawValue: "paywallOpen")
    public static let paywallClose = EventKind(rawValue: "paywallClose")

    public static let client: [EventKind] = [
        .transactionStart, .transactionComplete, .transactionFail, .transactionAbandon, .paywallOpen, .paywallClose,
    ]

    /// What the Events pane's filter (`f`) groups a kind under.
    public enum Category: String, Sendable, CaseIterable {
        case lifecycle, client, sdk
    }

    public var category: Category {
        if isLifecycle { return .lifecycle }
        if Self.client.contains(self) { return .client }
        return .sdk
    }

    // MARK: Lifecycle

    /// A change to a subscription that its store sends no notification for (a renewal Xsolla
    /// could not charge, a plan change Google Play tells only through the new purchase): the
    /// engine says what happened, in its own words, never under another store's name.
    public static let subscriptionChanged = EventKind(rawValue: "subscription.changed")
    /// QA deleted a transaction, or altered its signed form.
    public static let transactionDeleted = EventKind(rawValue: "transaction.deleted")
    public static let transactionTampered = EventKind(rawValue: "transaction.tampered")
    /// QA changed how fast time runs (`]`, `[`, `rate`).
    public static let clockRate = EventKind(rawValue: "clock.rate")
    /// QA turned the billing issue of a subscription on or off (the next renewal fails, or
    /// charges again).
    public static let billingIssueSwitch = EventKind(rawValue: "subscription.billingIssue")
    /// A paused subscription resumed early by QA (the store's own notifications say the rest:
    /// the pause scheduled, started, and the renewal that ends it).
    public static let subscriptionPause = EventKind(rawValue: "subscription.pause")

    // Offer codes: a code typed on a store's own sheet.
    /// A code redeemed: the purchase it opened, with the code and the offer it redeems.
    public static let offerCodeRedeemed = EventKind(rawValue: "code.redeemed")
    /// A code refused, in its store's words; nothing was opened or charged.
    public static let offerCodeRefused = EventKind(rawValue: "code.refused")
    static let offerCodes: [EventKind] = [.offerCodeRedeemed, .offerCodeRefused]

    /// The engine's own calls and steps, then each path's (declared in its folder, gathered by
    /// `PathRegistry`).
    public static let sdkCalls: [EventKind] = [
        .launch, .launchURL, .purchaseStarted, .purchaseIgnored,
        .paymentCancelled, .redirectSent, .redirectReceived, .redirectRejected, .purchased, .failed, .signed, .validated,
        .validationFailed, .granted, .finished, .redelivered, .productsRequested, .productsFailed, .productsAnswered,
        .restored, .purchaseResult, .transactionUpdate, .currentEntitlements, .billingIssueSwitch, .subscriptionPause,
        .clockRate,
        .transactionDeleted, .transactionTampered, .catalogReloaded, .catalogRejected, .themeReloaded, .themeRejected,
        .ledgerUnreadable, .accountStale, .notificationQueued, .notificationDelivered, .notificationFailed,
    ]
        + offerCodes
        + familySharing  // Family Sharing's steps (Family/Store+FamilySharing.swift)
        + PathRegistry.eventKinds.sdkCalls

    /// Every store's lifecycle names, as each path declares them (a name two paths of one store
    /// share, such as the App Store's `REFUND`, once).
    public static let lifecycle: [EventKind] = ([.subscriptionChanged] + PathRegistry.eventKinds.lifecycle).reduce(into: []) { names, kind in
        if !names.contains(kind) { names.append(kind) }
    }

    /// The generic names earlier builds logged on every path, whatever the store
    /// (`INITIAL_PURCHASE`, `RENEWAL`, `NON_RENEWING_PURCHASE`, …): a ledger they wrote still
    /// shows them among the lifecycle, and a scenario that expects one is told each store's name.
    public static let retiredLifecycleNames: [String: String] = [
        "INITIAL_PURCHASE": "SUBSCRIBED on the App Store, SUBSCRIPTION_PURCHASED on Google Play, create_subscription on Xsolla",
        "NON_RENEWING_PURCHASE": "ONE_TIME_CHARGE on the App Store, ONE_TIME_PRODUCT_PURCHASED on Google Play, "
            + "order_paid on Xsolla",
        "RENEWAL": "DID_RENEW on the App Store, SUBSCRIPTION_RENEWED on Google Play, update_subscription on Xsolla",
        "CANCELLATION": "DID_CHANGE_RENEWAL_STATUS on the App Store, SUBSCRIPTION_CANCELED on Google Play, "
            + "non_renewal_subscription on Xsolla",
        "UNCANCELLATION": "DID_CHANGE_RENEWAL_STATUS on the App Store, SUBSCRIPTION_RESTARTED on Google Play, "
            + "update_subscription on Xsolla",
        "BILLING_ISSUE": "DID_FAIL_TO_RENEW or GRACE_PERIOD_EXPIRED on the App Store, SUBSCRIPTION_IN_GRACE_PERIOD or "
            + "SUBSCRIPTION_ON_HOLD on Google Play, subscription.changed on Xsolla",
        "EXPIRATION": "EXPIRED on the App Store, SUBSCRIPTION_EXPIRED on Google Play, cancel_subscription on Xsolla",
        "PRODUCT_CHANGE": "DID_CHANGE_RENEWAL_PREF on the App Store, update_subscription on Xsolla, "
            + "subscription.changed on Google Play",
        "PRICE_INCREASE": "PRICE_INCREASE on the App Store, SUBSCRIPTION_PRICE_CHANGE_UPDATED on Google Play",
    ]

    /// Drawn as failures: the engine's own refusals, then each path's.
    static let failures: Set<EventKind> = Set([
        .redirectRejected, .validationFailed, .ledgerUnreadable, .accountStale, .notificationFailed, .offerCodeRefused,
    ] + PathRegistry.eventKinds.failures)

    /// Whether the name is one of the lifecycle vocabulary (a store's, or one an earlier build
    /// logged).
    public var isLifecycle: Bool {
        Self.lifecycle.contains(self) || Self.retiredLifecycleNames[rawValue] != nil
    }

    public enum Tone: Sendable {
        case neutral, success, failure
    }

    /// How the Events pane colours it: a refusal or a decline stands out, a grant reads as success.
    public var tone: Tone {
        if Self.failures.contains(self) { return .failure }
        return self == .granted ? .success : .neutral
    }
}

/// One line of the event log, as the engine hands it up.
public struct EventSummary: Sendable, Equatable, Identifiable {
    /// Increases with every event and is never reused.
    public var id: Int64
    /// Simulated time, from the engine's clock.
    public var time: Date
    public var kind: EventKind
    public var transactionId: String?
    public var message: String

    public init(id: Int64, time: Date, kind: EventKind, transactionId: String? = nil, message: String) {
        self.id = id
        self.time = time
        self.kind = kind
        self.transactionId = transactionId
        self.message = message
    }
}
