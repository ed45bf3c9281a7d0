import Catalog
import Foundation

/// A sheet of the store's own, which the app opens with one of the store's calls rather than by
/// buying: the App Store's refund request (`Transaction.beginRefundRequest(for:in:)`), a store's
/// subscription page (`showManageSubscriptions(in:)`), its code sheet
/// (`presentOfferCodeRedeemSheet()`), an in-app message about a failing payment
/// (`showInAppMessages`). The store
/// holds it while it is open, in memory: nothing of it is kept until the player's answer, which
/// commits what it changes at once. Each report hands it up read-only; the app draws it, in the
/// storefront's language, and sends `StoreSheetInput` back.
public enum StoreSheet: Sendable, Equatable {
    case refundRequest(RefundRequestSheet)
    case manageSubscriptions(ManageSubscriptionsSheet)
    case offerCode(OfferCodeSheet)
    case inAppMessage(InAppMessageSheet)

    /// The store whose sheet it is.
    public var marketplace: Marketplace {
        switch self {
        case .refundRequest: return .appStore
        case .manageSubscriptions(let sheet): return sheet.marketplace
        case .offerCode(let sheet): return sheet.marketplace
        case .inAppMessage(let sheet): return sheet.marketplace
        }
    }

    /// The language of the storefront it opened in (`de`).
    public var language: String {
        switch self {
        case .refundRequest(let sheet): return sheet.language
        case .manageSubscriptions(let sheet): return sheet.language
        case .offerCode(let sheet): return sheet.language
        case .inAppMessage(let sheet): return sheet.language
        }
    }
}

/// A key on a store's sheet, the same few on every one.
public enum StoreSheetInput: Sendable, Equatable {
    /// The choice above or below the one chosen.
    case previous, next
    /// The choice numbered `n` (1 first), as `1`–`9` pick it.
    case choose(Int)
    /// Enter: the sheet's main button (Submit).
    case confirm
    /// Esc: the player closes it and nothing is done.
    case cancel
    /// Characters typed into its field (a key, or a paste), and the last one erased (Backspace).
    case type(String)
    case erase
}

/// The App Store's refund sheet for one purchase: the purchase as the player's receipt shows it,
/// the reasons to choose from, and the one chosen.
public struct RefundRequestSheet: Sendable, Equatable {
    public var transactionId: String
    public var productId: String
    /// The product's name in the storefront's language.
    public var productName: String
    /// What the purchase charged, as its row says it (`$0.99`).
    public var amount: String
    public var purchasedAt: Date
    public var language: String
    public var chosen: RefundRequestReason = .unintendedPurchase

    public var reasons: [RefundRequestReason] { RefundRequestReason.allCases }

    public init(transactionId: String, productId: String, productName: String, amount: String, purchasedAt: Date,
                language: String) {
        self.transactionId = transactionId
        self.productId = productId
        self.productName = productName
        self.amount = amount
        self.purchasedAt = purchasedAt
        self.language = language
    }

    /// The chosen reason moved by one, or to the `number`th (1 first); beyond the ends it stays.
    mutating func choose(_ input: StoreSheetInput) {
        chosen = reasons[StoreSheetInput.moved(reasons.firstIndex(of: chosen) ?? 0, by: input, among: reasons.count)]
    }
}

extension RefundRequestSheet {
    /// The day it was bought, as the sheet shows it (`2026-01-08`, UTC).
    public var purchaseDay: String { String(EventDate.string(from: purchasedAt).prefix(10)) }
}
