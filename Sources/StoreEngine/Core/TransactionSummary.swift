import Catalog
import Foundation

/// One transaction as the engine hands it up to the panes, `history` and scenarios: typed
/// state and failure, never the ledger's row.
public struct TransactionSummary: Sendable, Equatable, Identifiable {
    /// The payment-queue states, as the Xsolla SDK and Apple's original payment queue name them.
    public enum State: String, Sendable, CaseIterable {
        case purchasing, purchased, failed, restored, deferred
    }

    public var id: String
    public var productId: String
    public var userId: String
    public var storefront: String
    /// The path that sold it; nil for a path this build does not know.
    public var path: IntegrationPath?
    public var state: State
    /// Why it failed, for the `failed` state.
    public var failure: FailureReason?
    public var quantity: Int
    /// The price as recorded: a decimal string (`"4.99"`), never floating point.
    public var price: String
    public var currency: String
    /// The path's own id for this payment, when its path keeps one (the path's folder gives it
    /// its own name): the engine carries it without knowing what it is.
    public var pathReference: String?
    /// The paywall variant the product came from (`main.A`).
    public var variationId: String?
    public var createdAt: Date
    public var updatedAt: Date
    public var finishedAt: Date?
    /// When the player paid; nil until purchased.
    public var purchasedAt: Date?
    /// What this purchase charges, a decimal string: the offer's price now (0 for a free
    /// trial), else the list price.
    public var charge: String
    /// The offer it was bought under (`introductory`, `promotional`, `winBack`), if any.
    public var offerType: String?
    public var offerId: String?
    /// The transaction as the store signed it: a compact JWS (ES256), nil until paid.
    public var signedTransaction: String?
    /// Why a `deferred` transaction waits (Ask to Buy, an interrupted purchase).
    public var pending: PendingReason?
    /// For a `restored` transaction, the purchase it restores.
    public var originalTransactionId: String?
    /// When it was refunded, and the App Store's reason (`developerIssue` or `other`).
    public var revokedAt: Date?
    public var revocationReason: String?
    /// The subscription whose period this transaction pays for, when it is the latest of one.
    public var subscription: SubscriptionSummary?
    /// The storefront's locale when it was made; nil for one kept before locales were.
    public var locale: String?
    /// The refund the player asked for on the App Store's sheet, and its decision.
    public var refundRequest: RefundRequest?
    /// How Family Sharing touches it (`FamilySharing`); nil where it does not.
    public var familySharing: FamilySharing?

    public init(id: String, productId: String, userId: String, storefront: String, path: IntegrationPath?,
                state: State, failure: FailureReason? = nil, quantity: Int = 1, price: String, currency: String,
                pathReference: String? = nil, variationId: String? = nil, createdAt: Date, updatedAt: Date,
                finishedAt: Date? = nil, purchasedAt: Date? = nil, charge: String? = nil, offerType: String? = nil,
                offerId: String? = nil, signedTransaction: String? = nil, pending: PendingReason? = nil,
                originalTransactionId: String? = nil, revokedAt: Date? = nil, revocationReason: String? = nil,
                locale: String? = nil) {
        self.id = id
        self.productId = productId
        self.userId = userId
        self.storefront = storefront
        self.path = path
        self.state = state
        self.failure = failure
        self.quantity = quantity
        self.price = price
        self.currency = currency
        self.pathReference = pathReference
        self.variationId = variationId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.finishedAt = finishedAt
        self.purchasedAt = purchasedAt
        self.charge = charge ?? price
        self.offerType = offerType
        self.offerId = offerId
        self.signedTransaction = signedTransaction
        self.pending = pending
        self.originalTransactionId = originalTransactionId
        self.revokedAt = revokedAt
        self.revocationReason = revocationReason
        self.locale = locale
    }

    /// Finished transactions are not delivered again at launch.
    public var isFinished: Bool { finishedAt != nil }

    /// What the player paid: the charge once purchased (nothing for a free trial), nothing for
    /// a failed, cancelled or pending one.
    public var amountCharged: Decimal {
        guard state == .purchased else { return 0 }
        return (Decimal(string: charge) ?? 0) * Decimal(quantity)
    }

    /// What the row says of money, as its storefront wrote it when the transaction was made:
    /// `$0.99` charged, `$4.99 due` while purchasing, `no charge` once failed or cancelled.
    /// Nothing reads as charged that was not. From the transaction alone (`RecordedAmount`: its
    /// kept locale, else its currency's usual one), so the panes and `history` say the same
    /// whatever catalog is at hand.
    public var chargeText: String {
        let format = { RecordedAmount.format($0, currency: currency, storefront: storefront, locale: locale) }
        switch state {
        case .failed, .deferred: return "no charge"
        case _ where familySharing == .familyShared: return "no charge"
        case .purchasing: return format(Decimal(string: charge) ?? 0) + " due"
        case .purchased, .restored:
            return format(amountCharged) + (revokedAt == nil ? "" : " refunded")
        }
    }

    /// The state as a player reads it: a cancelled payment is not a failure to them.
    public var displayState: String {
        if failure?.isCancellation == true { return "cancelled" }
        // A member's share is never refunded to the member: it is revoked (the App Store's REVOKE).
        if familySharing == .familyShared { return revokedAt == nil ? "family shared" : "revoked" }
        if revokedAt != nil { return "refunded" }
        if let pending { return "pending (\(pending.displayName))" }
        return state.rawValue
    }
}

/// Why a transaction failed, typed so that nothing above the engine compares strings.
public enum FailureReason: Sendable, Equatable, CustomStringConvertible {
    /// The player closed Pay Station: `paymentCancelled`, not an error to show.
    case paymentCancelled
    /// The player cancelled the App Store sheet (`userCancelled`), not an error either.
    case userCancelled
    /// The bank declined the card.
    case paymentDeclined
    /// The app closed before the payment had an outcome.
    case interrupted
    /// A parent declined an Ask to Buy request: the App Store delivers nothing.
    case askToBuyDeclined
    /// Anything else, in the words it was recorded with: a path's own error by the name its SDK
    /// gives it (a path's folder makes its errors as this case, typed there).
    case other(String)

    /// The text the ledger keeps (the SDK's own words where it has them).
    var recorded: String {
        switch self {
        case .paymentCancelled: return "paymentCancelled"
        case .userCancelled: return "userCancelled"
        case .paymentDeclined: return "payment declined"
        case .interrupted: return "interrupted: the app closed before the purchase had an outcome"
        case .askToBuyDeclined: return "Ask to Buy declined"
        case .other(let text): return text
        }
    }

    init(recorded text: String) {
        switch text {
        case "paymentCancelled": self = .paymentCancelled
        case "userCancelled": self = .userCancelled
        case "payment declined": self = .paymentDeclined
        case "Ask to Buy declined": self = .askToBuyDeclined
        case _ where text.hasPrefix("interrupted"): self = .interrupted
        default: self = .other(text)
        }
    }

    public var description: String { recorded }

    /// Cancelling is the player's choice; everything else is shown as an error.
    public var isError: Bool { !isCancellation }

    /// The player closed the payment (Pay Station's `paymentCancelled`, the App Store sheet's `userCancelled`).
    public var isCancellation: Bool { self == .paymentCancelled || self == .userCancelled }
}
