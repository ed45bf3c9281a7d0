import Catalog
import Foundation

/// What the live panes show: the player's transactions (newest first), balances, entitlements
/// and the latest events, as the engine keeps them after every change.
public struct StoreSnapshot: Sendable, Equatable {
    public var transactions: [TransactionSummary]
    /// All of the player's transactions, not only those listed.
    public var transactionCount: Int
    public var balances: [String: Int]
    public var entitlements: [Entitlement]
    public var events: [EventSummary]
    /// What offer eligibility needs to know of the player's subscriptions.
    public var history: SubscriberHistory
    /// The player's auto-renewable subscriptions, oldest first.
    public var subscriptions: [SubscriptionSummary] = []
    /// The newest notifications the stores' servers posted (or will), newest first: the
    /// ledger's, whoever the player; empty when no store has posted.
    public var notifications: [OutboxNotification] = []

    public init(transactions: [TransactionSummary] = [], transactionCount: Int = 0, balances: [String: Int] = [:],
                entitlements: [Entitlement] = [], events: [EventSummary] = [], history: SubscriberHistory = .newPlayer,
                subscriptions: [SubscriptionSummary] = []) {
        self.transactions = transactions
        self.transactionCount = transactionCount
        self.balances = balances
        self.entitlements = entitlements
        self.events = events
        self.history = history
        self.subscriptions = subscriptions
    }

    /// The entitlement with this id (an access level, or a non-consumable's key).
    public func entitlement(id: String) -> Entitlement? {
        entitlements.first { $0.id == id }
    }

    /// Whether the player owns the product now (`ownedProductIds`).
    public func owns(productId: String) -> Bool {
        ownedProductIds.contains(productId)
    }

    /// What the player owns now, shown as theirs on the paywall (`Owned`, `Current plan`) and
    /// not sold to them again: a non-consumable they bought, a plan whose access level is
    /// active, and the plan of a subscription not yet over (`subscribedProductIds`).
    public var ownedProductIds: Set<String> {
        Set(entitlements.filter(\.isActive).compactMap(\.productId)).union(subscribedProductIds)
    }

    /// The plans of subscriptions not yet over: subscribed, or in grace or billing retry, where
    /// access may be gone but the subscription is still the player's (the plan is their
    /// current one, and the store will not sell it to them again).
    public var subscribedProductIds: Set<String> {
        Set(subscriptions.filter(\.isLive).map(\.productId))
    }
}

/// Access derived from grants: a subscription's access level or an owned non-consumable.
public struct Entitlement: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case accessLevel
        case nonConsumable
    }

    public var id: String
    public var kind: Kind
    /// The product that granted it most recently.
    public var productId: String?
    public var expiresAt: Date?
    public var isActive: Bool
    /// Where a path's server keeps access, where its last change came from (`verified with Apple`,
    /// `notification`); nil for access the app granted itself.
    public var source: String?
    /// Whether the subscription renews at `expiresAt`; false once it is no longer active, and
    /// for what does not renew (a non-consumable, a non-renewing plan).
    public var willRenew: Bool
    /// The subscription behind an access level, where it stands on the calendar; nil for
    /// access that no auto-renewable subscription gives (and where a path's server keeps access, its word).
    public var subscription: SubscriptionSummary?
    /// Where a path's server keeps access, a level the store has sold (or renewed) but the server has not recorded yet:
    /// its notification is on the way. Not expired, not active: waiting.
    public var serverWait: ServerWait?
    /// The stores it comes from (App Store, Xsolla): each knows only its own purchases, the game
    /// unlocks from all of them. Where it is active, those giving it now, the one whose date it
    /// shows first; else the one it was last given by (or waits for).
    public var stores: [Marketplace] = []
    /// Stores whose purchase of it waits for a path's server while another store gives it.
    public var waitingStores: [StoreWait] = []
    /// Read from the ledger alone (`history`): renewals of the subscription behind it fell due
    /// after the app stopped, and the next launch records them. The running app records them
    /// as they fall due, so it never says so.
    public var renewalsDueAtNextLaunch = false
    /// Family Sharing gives it: the grant it comes from is a member's share of another's purchase.
    public var isFamilyShared = false

    public init(id: String, kind: Kind, productId: String?, expiresAt: Date?, isActive: Bool, source: String? = nil,
                willRenew: Bool = false) {
        self.id = id
        self.kind = kind
        self.productId = productId
        self.expiresAt = expiresAt
        self.isActive = isActive
        self.source = source
        self.willRenew = willRenew
    }

    public var isLifetime: Bool { kind == .nonConsumable }

    /// `App Store`, `Xsolla`, `App Store + Xsolla`: where it comes from; nil when unknown.
    public var storeNames: String? {
        stores.isEmpty ? nil : stores.map(\.displayName).joined(separator: " + ")
    }

    /// Access kept after a failed renewal, while the store retries.
    public var inGracePeriod: Bool { subscription?.status == .inGracePeriod }
    public var billingIssueDetectedAt: Date? { subscription?.billingIssueDetectedAt }
    public var unsubscribedAt: Date? { subscription?.unsubscribedAt }
    public var isRefund: Bool { subscription?.status == .revoked }
}

/// A store whose purchase of an entitlement waits for a path's server, while another store gives it.
public struct StoreWait: Sendable, Equatable {
    public var store: Marketplace
    public var wait: ServerWait

    public init(store: Marketplace, wait: ServerWait) {
        self.store = store
        self.wait = wait
    }
}

/// An access level waiting for a path's server to hear (a notification), and the app's polling for it.
public struct ServerWait: Sendable, Equatable {
    /// The poll of `getProfile` the app waits for (from 1), while it polls; nil once it stopped.
    public var poll: Int?
    public var polls: Int

    public init(poll: Int?, polls: Int) {
        self.poll = poll
        self.polls = polls
    }
}

/// An auto-renewable subscription as the panes and the transaction manager see it.
public struct SubscriptionSummary: Sendable, Equatable {
    public var originalTransactionId: String
    public var latestTransactionId: String
    public var productId: String
    public var level: String
    public var status: SubscriptionStatus
    /// The end of the period running (in grace: when grace ends).
    public var expiresAt: Date
    public var autoRenew: Bool
    /// QA's switch: the next renewal fails.
    public var billingIssue: Bool
    public var billingIssueDetectedAt: Date?
    public var unsubscribedAt: Date?
    public var renewals: Int
    /// `normal`, `intro` or `trial`: what the period running is.
    public var periodType: String
    public var path: IntegrationPath?
    /// The product it renews into next (a downgrade waiting for the renewal), if any.
    public var pendingProductId: String?
    /// `pending` (waiting for consent) or `accepted`; nil when none was asked.
    public var priceIncrease: String?
    /// When it ended (expired, was refunded or replaced by another plan) and why, as the ledger
    /// keeps it; nil while it runs.
    public var endedAt: Date?
    public var endReason: String?
    /// The pause that starts at the end of the period running, if one is scheduled.
    public var scheduledPause: PauseDuration?
    /// While paused: when it resumes.
    public var pausedUntil: Date?
    /// Read from the ledger alone: its period ended and it renews, but no app has recorded the
    /// renewals yet (`SubscriptionStanding`): still `subscribed`.
    public var renewalsDue: Bool

    public init(originalTransactionId: String, latestTransactionId: String, productId: String, level: String,
                status: SubscriptionStatus, expiresAt: Date, autoRenew: Bool, billingIssue: Bool,
                billingIssueDetectedAt: Date? = nil, unsubscribedAt: Date? = nil, renewals: Int, periodType: String,
                path: IntegrationPath? = nil, pendingProductId: String? = nil, priceIncrease: String? = nil,
                endedAt: Date? = nil, endReason: String? = nil, scheduledPause: PauseDuration? = nil,
                pausedUntil: Date? = nil, renewalsDue: Bool = false) {
        self.renewalsDue = renewalsDue
        self.scheduledPause = scheduledPause
        self.pausedUntil = pausedUntil
        self.originalTransactionId = originalTransactionId
        self.latestTransactionId = latestTransactionId
        self.productId = productId
        self.level = level
        self.status = status
        self.expiresAt = expiresAt
        self.autoRenew = autoRenew
        self.billingIssue = billingIssue
        self.billingIssueDetectedAt = billingIssueDetectedAt
        self.unsubscribedAt = unsubscribedAt
        self.renewals = renewals
        self.periodType = periodType
        self.path = path
        self.pendingProductId = pendingProductId
        self.priceIncrease = priceIncrease
        self.endedAt = endedAt
        self.endReason = endReason
    }

    /// Whether it renews at the end of the period (or recovers, in grace or retry).
    public var willRenew: Bool {
        autoRenew && (status == .subscribed || status == .inGracePeriod || status == .inBillingRetryPeriod)
    }

    /// Whether it is still running (subscribed, in grace, or in billing retry).
    public var isLive: Bool { status != .expired && status != .revoked }
}
