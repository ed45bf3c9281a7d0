import Catalog
import Foundation

// One purchase at a time, from every door: while a purchase is under way on one path (Pay
// Station's page, the App Store sheet), no other path opens one, and a purchase the App Store
// starts on its own (a promoted one) waits, kept in the ledger, until the sheet on screen has
// gone (a declined page too: the player reads how it ended first).
extension Store {
    /// The sheet on screen, whichever path's it is.
    var sheetOnScreen: PurchaseSheet? {
        paths.lazy.compactMap { $0.purchaseSheet?.sheet(in: self.context) }.first
    }

    /// The sheet of the purchase under way, whichever path's it is.
    var purchaseUnderWay: PurchaseSheet? {
        paths.lazy.compactMap { $0.purchaseSheet?.openPurchase(in: self.context) }.first
    }

    /// A purchase opens on `path`: the other paths' sheets that only show how theirs ended close.
    func closeEndedSheets(except path: IntegrationPath) throws {
        for other in paths where other.id != path { try other.purchaseSheet?.closeEndedSheet(in: context) }
    }

    /// Keeps a URL until the sheet on screen goes: the call that takes the sheet away opens it,
    /// or the next launch does if the app ends first.
    func keepUntilSheetCloses(_ url: String) throws {
        try ledger.keepURL(url, receivedAt: now())
        carryover.urlsWaitForSheet = true
    }

    /// Opens what waited for a sheet, once none is on screen; the notice of the last.
    func openURLsWaitingForSheet() throws -> StoreNotice? {
        guard carryover.urlsWaitForSheet, sheetOnScreen == nil else { return nil }
        carryover.urlsWaitForSheet = false
        do {
            return try openKeptURLs(atLaunch: false)
        } catch {
            carryover.urlsWaitForSheet = true  // still kept: the next call tries again
            throw error
        }
    }
}
