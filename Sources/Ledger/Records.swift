import Foundation

// The values the ledger stores and hands back. They are plain values so the engine can pass them
// between actors; the ledger itself stays on one thread.

/// The states of a payment-queue transaction, as the Xsolla SDK and StoreKit 1 name them.
public enum TransactionState: String, Sendable, Equatable, CaseIterable {
    case purchasing, purchased, failed, restored, deferred
}

/// One purchase, in whichever integration path made it.
public struct TransactionRecord: Sendable, Equatable {
    public var id: String
    public var productId: String
    public var userId: String
    public var storefront: String
    /// `storekit`, `paystation` or `xee`.
    public var integrationPath: String
    public var state: TransactionState
    public var quantity: Int
    /// A decimal string (`"4.99"`): never a binary floating-point number.
    public var price: String
    public var currency: String
    /// The Pay Station invoice, for the `paystation` path.
    public var invoiceId: String?
    /// The paywall variant the product came from, for the `xee` path.
    public var variationId: String?
    /// Why the transaction failed, for the `failed` state.
    public var error: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// Set once, when the app finishes the transaction; until then it is delivered on every launch.
    public var finishedAt: Date?
    /// When the player paid (StoreKit's `purchaseDate`): a subscription's first period starts
    /// here, even when the app settled the payment later.
    public var purchasedAt: Date?
    /// What the player is charged now, a decimal string; nil in files written before offers were
    /// charged, where it was `price`.
    public var amountCharged: String?
    /// The offer the purchase was made under (`introductory`, `promotional`, `winBack`) and its id.
    public var offerType: String?
    public var offerId: String?
    /// The transaction as the store signed it (a compact JWS), from when it was paid; nil
    /// before, and in files written before transactions were signed.
    public var signedTransaction: String?
    /// For a `restored` transaction, the purchase it restores.
    public var originalTransactionId: String?
    /// When the store refunded it, and why (`refund`'s reason, StoreKit's revocationReason).
    public var revokedAt: Date?
    public var revocationReason: String?
    /// The storefront's locale when it was made (`de_DE`), so an amount reads as it was charged
    /// from the ledger alone; nil in files written before it was kept.
    public var locale: String?
    /// Where the period it paid for ends, when a plan change set it apart from its product's
    /// period (Google Play credits the unused part of a replaced plan as time, or keeps the
    /// old billing date); nil for every other transaction, whose period runs from `purchasedAt`.
    public var periodEnd: Date?
    /// The refund the player asked for on the App Store's sheet, if any.
    public var refundRequest: RefundRequestRecord?
    /// Whether it is a family member's share of another player's purchase (the App Store's
    /// `FAMILY_SHARED`): its own id, the purchase as its original, nothing charged to it.
    public var isFamilyShared: Bool
    /// On a purchase (a non-consumable, or the one that started a subscription): when its
    /// purchaser stopped sharing it with the family; nil while it is shared, or never was.
    public var familySharingStoppedAt: Date?

    public var isFinished: Bool { finishedAt != nil }

    public init(
        id: String,
        productId: String,
        userId: String,
        storefront: String,
        integrationPath: String,
        state: TransactionState,
        quantity: Int,
        price: String,
        currency: String,
        invoiceId: String? = nil,
        variationId: String? = nil,
        error: String? = nil,
        createdAt: Date,
        updatedAt: Date,
        finishedAt: Date? = nil,
        purchasedAt: Date? = nil,
        amountCharged: String? = nil,
        offerType: String? = nil,
        offerId: String? = nil,
        signedTransaction: String? = nil,
        originalTransactionId: String? = nil,
        revokedAt: Date? = nil,
        revocationReason: String? = nil,
        locale: String? = nil,
        periodEnd: Date? = nil,
        refundRequest: RefundRequestRecord? = nil,
        isFamilyShared: Bool = false,
        familySharingStoppedAt: Date? = nil
    ) {
        self.id = id
        self.productId = productId
        self.userId = userId
        self.storefront = storefront
        self.integrationPath = integrationPath
        self.state = state
        self.quantity = quantity
        self.price = price
        self.currency = currency
        self.invoiceId = invoiceId
        self.variationId = variationId
        self.error = error
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.finishedAt = finishedAt
        self.purchasedAt = purchasedAt
        self.amountCharged = amountCharged
        self.offerType = offerType
        self.offerId = offerId
        self.signedTransaction = signedTransaction
        self.originalTransactionId = originalTransactionId
        self.revokedAt = revokedAt
        self.revocationReason = revocationReason
        self.locale = locale
        self.periodEnd = periodEnd
        self.refundRequest = refundRequest
        self.isFamilyShared = isFamilyShared
        self.familySharingStoppedAt = familySharingStoppedAt
    }
}

/// A refund the player asked the App Store for: the reason chosen on its sheet, when, and the
/// App Store's decision (`approved`, `declined`, `reversed`); nil while it waits.
public struct RefundRequestRecord: Sendable, Equatable {
    public var reason: String
    public var requestedAt: Date
    public var decision: String?

    public init(reason: String, requestedAt: Date, decision: String? = nil) {
        self.reason = reason
        self.requestedAt = requestedAt
        self.decision = decision
    }
}

/// One entry of a transaction's history: the state it entered, when, and an optional note
/// (the error message for a failure).
public struct TransactionStateChange: Sendable, Equatable {
    public var state: TransactionState
    public var time: Date
    public var note: String?

    public init(state: TransactionState, time: Date, note: String? = nil) {
        self.state = state
        self.time = time
        self.note = note
    }
}

/// What a grant gives: an amount of virtual currency, a non-consumable, or an access level.
public enum GrantKind: String, Sendable, Equatable, CaseIterable {
    case currency, nonConsumable, accessLevel
}

/// What the app unlocked for one transaction. There is at most one per transaction, which is
/// what makes granting idempotent across a crash between grant and finish.
public struct GrantRecord: Sendable, Equatable {
    public var transactionId: String
    public var kind: GrantKind
    /// The currency code, product id or access level name.
    public var key: String
    public var amount: Int
    public var expiresAt: Date?
    public var grantedAt: Date
    /// Set when its transaction was refunded: it no longer gives access or currency.
    public var revokedAt: Date?

    public init(transactionId: String, kind: GrantKind, key: String, amount: Int, expiresAt: Date? = nil, grantedAt: Date,
                revokedAt: Date? = nil) {
        self.transactionId = transactionId
        self.kind = kind
        self.key = key
        self.amount = amount
        self.expiresAt = expiresAt
        self.grantedAt = grantedAt
        self.revokedAt = revokedAt
    }
}

/// One line of the event log.
public struct EventRecord: Sendable, Equatable {
    /// Assigned by the ledger; increases with every event and is never reused.
    public var id: Int64
    public var time: Date
    public var kind: String
    public var transactionId: String?
    public var message: String

    public init(id: Int64, time: Date, kind: String, transactionId: String? = nil, message: String) {
        self.id = id
        self.time = time
        self.kind = kind
        self.transactionId = transactionId
        self.message = message
    }
}

/// A Pay Station invoice the app opened, waiting for its redirect back into the app.
public struct InvoiceRecord: Sendable, Equatable {
    public var invoiceId: String
    public var transactionId: String
    public var userId: String
    public var createdAt: Date
    /// Set by the first redirect that names this invoice; later ones are rejected.
    public var consumedAt: Date?
    /// Pay Station's final status for the invoice (`done`, `troubled`, `canceled`); nil while
    /// the player is still paying.
    public var paymentStatus: String?
    /// When Pay Station reported that status.
    public var statusAt: Date?

    public init(invoiceId: String, transactionId: String, userId: String, createdAt: Date, consumedAt: Date? = nil,
                paymentStatus: String? = nil, statusAt: Date? = nil) {
        self.invoiceId = invoiceId
        self.transactionId = transactionId
        self.userId = userId
        self.createdAt = createdAt
        self.consumedAt = consumedAt
        self.paymentStatus = paymentStatus
        self.statusAt = statusAt
    }
}

/// An access level on a player's Xee profile, as the simulated server recorded it.
public struct XeeAccessRecord: Sendable, Equatable {
    public var userId: String
    public var level: String
    /// The purchase that gives it.
    public var transactionId: String?
    /// Nil for a lifetime level.
    public var expiresAt: Date?
    public var willRenew: Bool
    /// Where the last change came from: `verifiedWithApple`, `notification`, `restore`.
    public var source: String
    public var updatedAt: Date

    public init(userId: String, level: String, transactionId: String?, expiresAt: Date?, willRenew: Bool, source: String,
                updatedAt: Date) {
        self.userId = userId
        self.level = level
        self.transactionId = transactionId
        self.expiresAt = expiresAt
        self.willRenew = willRenew
        self.source = source
        self.updatedAt = updatedAt
    }
}

/// An auto-renewable subscription on the calendar: one per original transaction.
public struct SubscriptionRecord: Sendable, Equatable {
    public var originalTransactionId: String
    public var userId: String
    public var productId: String
    /// The purchase or renewal that pays for the period running (or the last one).
    public var latestTransactionId: String
    /// The end of the period running: when it renews, or ends.
    public var expiresAt: Date
    public var autoRenew: Bool
    /// QA's switch: the next renewal fails to charge.
    public var billingIssue: Bool
    /// When a renewal failed on the billing issue: the grace period, then billing retry, run
    /// from here. Nil while renewals go through.
    public var billingIssueAt: Date?
    /// When the player turned auto-renew off, if they did.
    public var unsubscribedAt: Date?
    public var renewals: Int
    /// When it expired or was revoked; nil while it runs.
    public var endedAt: Date?
    /// `voluntary`, `billingError`, `revoked`, `expiredByQA`, `replaced`.
    public var endReason: String?
    public var updatedAt: Date
    /// The product it renews into at the next renewal (a downgrade), if one waits.
    public var pendingProductId: String?
    /// A price increase: `pending` (waiting for consent), `accepted`; nil when there is none.
    public var priceIncrease: String?
    /// The renewal rate of its latest renewal, and how many renewals in a row it made at that
    /// rate: a rate's renewal limit (the sandbox's 12) counts only those.
    public var renewalRate: String?
    public var renewalsAtRate: Int
    /// The path of its original transaction, as the ledger read it (not a column of its own):
    /// which store the subscription belongs to, however old its first purchase is.
    public var integrationPath: String?
    /// The pause that starts when the period running ends (`1w`, `2w`, `1m`, `2m`, `3m`), on a
    /// store that pauses subscriptions; nil when none is scheduled.
    public var scheduledPause: String?
    /// While paused: when it resumes, with a renewal. Nil while it runs.
    public var pausedUntil: Date?
    /// The access level its product gave and the product's period (`P1W`), as the catalog said
    /// when the row was last written: what a reader without the catalog needs. Nil in rows an
    /// older build wrote.
    public var level: String?
    public var period: String?

    public init(originalTransactionId: String, userId: String, productId: String, latestTransactionId: String,
                expiresAt: Date, autoRenew: Bool = true, billingIssue: Bool = false, billingIssueAt: Date? = nil,
                unsubscribedAt: Date? = nil, renewals: Int = 0, endedAt: Date? = nil, endReason: String? = nil,
                updatedAt: Date, pendingProductId: String? = nil, priceIncrease: String? = nil,
                renewalRate: String? = nil, renewalsAtRate: Int = 0, integrationPath: String? = nil,
                scheduledPause: String? = nil, pausedUntil: Date? = nil, level: String? = nil, period: String? = nil) {
        self.level = level
        self.period = period
        self.integrationPath = integrationPath
        self.scheduledPause = scheduledPause
        self.pausedUntil = pausedUntil
        self.renewalRate = renewalRate
        self.renewalsAtRate = renewalsAtRate
        self.pendingProductId = pendingProductId
        self.priceIncrease = priceIncrease
        self.originalTransactionId = originalTransactionId
        self.userId = userId
        self.productId = productId
        self.latestTransactionId = latestTransactionId
        self.expiresAt = expiresAt
        self.autoRenew = autoRenew
        self.billingIssue = billingIssue
        self.billingIssueAt = billingIssueAt
        self.unsubscribedAt = unsubscribedAt
        self.renewals = renewals
        self.endedAt = endedAt
        self.endReason = endReason
        self.updatedAt = updatedAt
    }
}
