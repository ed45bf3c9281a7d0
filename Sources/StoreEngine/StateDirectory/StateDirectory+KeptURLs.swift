import Foundation
import Ledger

extension StateDirectory {
    /// Keeps `url` in the ledger for the next launch, which opens it as a cold-start deep link
    /// (`storefront open-url` while no app runs). Only under the directory's lock, `claim`: an
    /// app that ran meanwhile would never open it.
    public func keepForNextLaunch(url: String, receivedAt time: Date, holding claim: StateLock) throws(StoreError) {
        precondition(claim.path == lockPath, "a lock on another state directory")
        do {
            try LedgerDatabase(path: ledgerPath).keepURL(url, receivedAt: time)
        } catch {
            throw StoreError(error)
        }
    }
}
