import Foundation

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

    /// Why a store's sheet cannot open now, in a sentence; nil when it can.
    func refusalIfASheetIsOpen() -> StoreNotice? {
        if let open = sheetOnScreen { return .refusal("\(open.name) is open: finish or close it first.") }
        if storeSheet != nil { return .refusal("A store's sheet is open: finish or close it first.") }
        return nil
    }
}
