import Catalog
import Foundation

// The store's own code sheet, as the app opens it (`AppStore.presentOfferCodeRedeemSheet()`,
// Google Play's redeem field): the player types a code and redeems it; a refusal stays on the
// sheet in the store's words, a code the store takes opens the store's purchase sheet at the
// code's offer (`redeem`).

extension EventKind {
    /// The app opened the store's code sheet, and how it closed.
    public static let offerCodeSheet = EventKind(rawValue: "code.sheet")
}

extension Store {
    /// `presentOfferCodeRedeemSheet()` on `path` in the storefront the paywall shows; refused on
    /// a store without codes, or over another sheet.
    public func presentOfferCodeSheet(in storefrontId: String, on path: IntegrationPath) throws(StoreError) -> StoreReport {
        guard let storefront = catalog.storefront(id: storefrontId) else { throw .unknownStorefront(storefrontId) }
        return try takeCall { try openCodeSheet(in: storefront, on: path) }
    }

    /// `presentOfferCodeSheet`'s work inside a call already taken (the transaction manager's).
    func openCodeSheet(in storefront: Storefront, on path: IntegrationPath) throws -> StoreNotice? {
        if let busy = refusalIfASheetIsOpen() { return busy }
        guard self.path(path).lifecycle?.offerCodes != nil else {
            return .refusal("\(path.displayName) has no offer codes; codes are redeemed on the App Store and on Google Play.")
        }
        storeSheet = .offerCode(OfferCodeSheet(marketplace: path.marketplace, language: storefront.language,
                                               storefrontId: storefront.id, path: path))
        return nil
    }

    /// A key on the code sheet: typed, erased, redeemed (Enter) or closed (Esc).
    func answer(_ input: StoreSheetInput, onCodeSheet sheet: OfferCodeSheet) throws -> StoreNotice? {
        var sheet = sheet
        switch input {
        case .type(let text):
            sheet.take(text)
        case .erase:
            sheet.erase()
        case .previous, .next, .choose:
            return nil
        case .cancel:
            try ledger.inTransaction { try log(.offerCodeSheet, "the code sheet was closed without a code redeemed", nil, now()) }
            storeSheet = nil
            return StoreNotice(.info, "The code sheet was closed; nothing was redeemed.")
        case .confirm:
            guard !sheet.typed.isEmpty, let storefront = catalog.storefront(id: sheet.storefrontId) else { return nil }
            // The sheet makes way for the purchase sheet a code opens; a refusal brings it back.
            storeSheet = nil
            let (notice, refusal) = try redeem(sheet.typed, in: storefront, on: sheet.path)
            guard let refusal else { return notice }
            sheet.refusal = refusal
            storeSheet = .offerCode(sheet)
            return notice
        }
        storeSheet = .offerCode(sheet)
        return nil
    }
}
