import Catalog
import Foundation
import Ledger

// The store's side of a new renewal rate: `RateChange` says where each running period now
// ends; the store moves the rows, the grants and what a path's server keeps.
extension Store {
    /// Rescales every running period from `old` to `new`, in the caller's commit: the
    /// subscription's end, the grant of its latest transaction (and the end a plan change
    /// kept on it), and what a path's server
    /// keeps of it (`periodRescaled`). Returns what moved, for the event.
    func rescaleRunningPeriods(from old: RenewalRate, to new: RenewalRate) throws -> [String] {
        let rescaled = try RateChange(catalog: catalog, old: old, new: new)
            .rescaled(account.subscriptions.values, at: now(), reading: { try ledger.transaction(id: $0) })
        for period in rescaled {
            try save(period.subscription)
            try ledger.moveGrantExpiry(ofTransaction: period.latestTransactionId, to: period.ends)
            account.moveGrantExpiry(ofTransaction: period.latestTransactionId, to: period.ends)
            // A period a plan change set apart is kept on its transaction: it moves with the rest.
            if try ledger.transaction(id: period.latestTransactionId)?.periodEnd != nil {
                try ledger.recordPeriodEnd(period.ends, ofTransaction: period.latestTransactionId)
                try refresh(period.latestTransactionId)
            }
            for path in paths {
                try path.accessServer?.periodRescaled(ofTransaction: period.latestTransactionId,
                                                      from: period.endedBefore, to: period.ends, in: context)
            }
        }
        return rescaled.map { "\($0.latestTransactionId) now ends \(EventDate.string(from: $0.ends))" }
    }
}
