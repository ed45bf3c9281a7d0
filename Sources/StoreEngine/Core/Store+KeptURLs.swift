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
