import Foundation
import Ledger

extension Store {
    /// Opens the URLs `storefront open-url` kept while no app ran, oldest first, as the URLs
    /// the app was launched with; each is let go once opened. Opening twice is safe (a used
    /// invoice refuses its redirect), so a crash between the two costs nothing.
    func openKeptURLs() throws -> StoreNotice? {
        var last: StoreNotice?
        for kept in try ledger.keptURLs() {
            try log(.launchURL, "opened at launch: \(QuotedText.url(kept.url))", nil, now())
            last = try openURL(kept.url) ?? last
            try ledger.forgetURL(id: kept.id)
        }
        return last
    }
}
