import Catalog
import Foundation
import Ledger

/// A store's in-app message about a subscription whose renewal could not be charged
/// (`showInAppMessages`): in grace, access kept; on hold, access gone. The player
/// fixes the payment from it, or dismisses it.
public struct InAppMessageSheet: Sendable, Equatable {
    public var marketplace: Marketplace
    public var language: String
    /// The subscription's latest transaction, which the fix acts through.
    public var transactionId: String
    public var productName: String
    /// On hold (the grace period over, access gone) rather than in grace.
    public var onHold: Bool

    public init(marketplace: Marketplace, language: String, transactionId: String, productName: String, onHold: Bool) {
        self.marketplace = marketplace
        self.language = language
        self.transactionId = transactionId
        self.productName = productName
        self.onHold = onHold
    }
}

// The app's `showInAppMessages` for a subscription in grace or on hold: the store's message
// sheet; fixing the payment there answers the app `SUBSCRIPTION_STATUS_UPDATED` and recovers
// the subscription at once (the store's recovery notification), dismissing it answers
// `NO_ACTION_NEEDED`.

extension EventKind {
    /// What `showInAppMessages` answered the app (`InAppMessageResult`).
    public static let inAppMessageResult = EventKind(rawValue: "inAppMessages.result")
}

extension Store {
    func openInAppMessage(for record: TransactionRecord, _ summary: TransactionSummary) -> StoreNotice? {
        let locale = sheetLocale(of: record)
        storeSheet = .inAppMessage(InAppMessageSheet(
            marketplace: summary.path?.marketplace ?? .googlePlay, language: LocalizedText.language(of: locale),
            transactionId: record.id, productName: sheetName(of: record, in: locale),
            onHold: summary.subscription?.status == .inBillingRetryPeriod))
        return nil
    }

    /// Enter fixes the payment (the subscription recovers in the same commit as the answer);
    /// Esc dismisses the message.
    func answer(_ input: StoreSheetInput, onInAppMessage sheet: InAppMessageSheet) throws -> StoreNotice? {
        switch input {
        case .previous, .next, .choose, .type, .erase:
            return nil
        case .cancel:
            try ledger.inTransaction {
                try log(.inAppMessageResult, "showInAppMessages → NO_ACTION_NEEDED (dismissed)", sheet.transactionId, now())
            }
            storeSheet = nil
            return StoreNotice(.info, "The message was dismissed: the payment still fails.")
        case .confirm:
            var notice: StoreNotice?
            try ledger.inTransaction {
                try log(.inAppMessageResult, "showInAppMessages → SUBSCRIPTION_STATUS_UPDATED: the payment method was fixed",
                        sheet.transactionId, now())
                notice = try perform(.billingIssue(false), on: sheet.transactionId)
            }
            storeSheet = nil
            return notice
        }
    }
}
