import Foundation
import Ledger

// The store's own sheets, opened by one of the store's calls (`act`), answered here. One sheet
// at a time, whoever's: none opens over a purchase's sheet or another store sheet.
extension Store {
    /// The player's key on the store's sheet on screen; with none open it does nothing.
    public func answerStoreSheet(_ input: StoreSheetInput) throws(StoreError) -> StoreReport {
        try takeCall {
            switch storeSheet {
            case .refundRequest(let sheet)?: return try answer(input, onRefundSheet: sheet)
            case .manageSubscriptions(let sheet)?: return try answer(input, onSubscriptionPage: sheet)
            case .offerCode(let sheet)?: return try answer(input, onCodeSheet: sheet)
            case .inAppMessage(let sheet)?: return try answer(input, onInAppMessage: sheet)
            case nil: return nil
            }
        }
    }

    /// The locale a store's sheet about `record` speaks: its storefront's, else the one it was
    /// bought in (a storefront since gone from the catalog).
    func sheetLocale(of record: TransactionRecord) -> String {
        catalog.storefront(id: record.storefront)?.locale ?? record.locale ?? "en_US"
    }

    /// The name of `record`'s product as a sheet in `locale` shows it, else its id.
    func sheetName(of record: TransactionRecord, in locale: String) -> String {
        catalog.product(id: record.productId)?.name.resolved(for: locale) ?? record.productId
    }

    /// Why a store's sheet cannot open now, in a sentence; nil when it can.
    func refusalIfASheetIsOpen() -> StoreNotice? {
        if let open = sheetOnScreen { return .refusal("\(open.name) is open: finish or close it first.") }
        if storeSheet != nil { return .refusal("A store's sheet is open: finish or close it first.") }
        return nil
    }
}
