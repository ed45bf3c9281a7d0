import Foundation
import Ledger

extension Store {
    /// Opens the kept URLs, oldest first: at launch, those `storefront open-url` kept while no
    /// app ran, as the URLs the app was launched with, and those that waited for a sheet the
    /// last run had open; later, those that waited for the sheet on screen. Each is let go in
    /// the commit that opens it, so a crash opens it again from the start or not at all (a
    /// promoted purchase is never begun twice).
    func openKeptURLs(atLaunch: Bool) throws -> StoreNotice? {
        var last: StoreNotice?
        for kept in try ledger.keptURLs() {
            last = try ledger.inTransaction { () throws -> StoreNotice? in
                try ledger.forgetURL(id: kept.id)
                if atLaunch { try log(.launchURL, "opened at launch: \(QuotedText.url(kept.url))", nil, now()) }
                return try openURL(kept.url)
            } ?? last
        }
        return last
    }
}
