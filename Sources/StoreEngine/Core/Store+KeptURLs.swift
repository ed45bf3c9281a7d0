import Foundation
import Ledger

extension Store {
    /// Opens the kept URLs, oldest first: at launch, those `storefront open-url` kept while no
    /// app ran, as the URLs the app was launched with, and those that waited for a sheet the
    /// last run had open; later, those that waited for the sheet on screen. Each is let go once
    /// opened. Opening twice is safe (a used invoice refuses its redirect), so a crash between
    /// the two costs nothing.
    func openKeptURLs(atLaunch: Bool) throws -> StoreNotice? {
        var last: StoreNotice?
        for kept in try ledger.keptURLs() {
            if atLaunch { try log(.launchURL, "opened at launch: \(QuotedText.url(kept.url))", nil, now()) }
            last = try openURL(kept.url) ?? last
            try ledger.forgetURL(id: kept.id)
        }
        return last
    }
}

// One purchase at a time, from every door: while a sheet is on screen (Pay Station's page, the
// App Store sheet), no other path opens one, and a purchase the App Store starts on its own (a
// promoted one) waits, kept in the ledger, until the sheet has gone.
extension Store {
    /// The sheet on screen, whichever path's it is.
    var sheetOnScreen: PurchaseSheet? {
        paths.lazy.compactMap { $0.sheet(in: self.context) }.first
    }

    /// Keeps a URL until the sheet on screen goes: the call that takes the sheet away opens it,
    /// or the next launch does if the app ends first.
    func keepUntilSheetCloses(_ url: String) throws {
        try ledger.keepURL(url, receivedAt: now())
        urlsWaitForSheet = true
    }

    /// Opens what waited for a sheet, once none is on screen; the notice of the last.
    func openURLsWaitingForSheet() throws -> StoreNotice? {
        guard urlsWaitForSheet, sheetOnScreen == nil else { return nil }
        urlsWaitForSheet = false
        do {
            return try openKeptURLs(atLaunch: false)
        } catch {
            urlsWaitForSheet = true  // still kept: the next call tries again
            throw error
        }
    }
}
