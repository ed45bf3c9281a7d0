import Catalog
import Foundation
import Ledger

// A new renewal rate speeds up (or slows down) what is running now, as QA expects of "faster":
// what is left of each running period lasts as long as the new rate makes it. A period that
// had half its 15 minutes to go at one rate has half of its 10 seconds to go at a faster one.
extension Store {
    /// Rescales every running period from `old` to `new`, in the caller's commit: the
    /// subscription's end, the grant of its latest transaction, and what a path's server
    /// keeps of it (`periodRescaled`). Returns what moved, for the event.
    func rescaleRunningPeriods(from old: RenewalRate, to new: RenewalRate) throws -> [String] {
        guard old != new else { return [] }
        let time = now()
        var moved: [String] = []
        for var subscription in account.subscriptions.values.sorted(by: { $0.originalTransactionId < $1.originalTransactionId })
        where subscription.endedAt == nil && subscription.billingIssueAt == nil && subscription.expiresAt > time {
            guard let latest = try ledger.transaction(id: subscription.latestTransactionId),
                  let product = catalog.product(id: latest.productId) else { continue }
            let start = latest.purchasedAt ?? latest.updatedAt
            let span = paidSpan(of: latest, product: product)
            let oldLength = old.end(of: span.period, count: span.count, from: start).timeIntervalSince(start)
            let newLength = new.end(of: span.period, count: span.count, from: start).timeIntervalSince(start)
            guard oldLength > 0, newLength > 0 else { continue }
            let left = subscription.expiresAt.timeIntervalSince(time)
            let before = subscription.expiresAt
            let expires = time.addingTimeInterval(left / oldLength * newLength)
            subscription.expiresAt = expires
            subscription.updatedAt = time
            try save(subscription)
            try ledger.moveGrantExpiry(ofTransaction: latest.id, to: expires)
            account.moveGrantExpiry(ofTransaction: latest.id, to: expires)
            for path in paths {
                try path.periodRescaled(ofTransaction: latest.id, from: before, to: expires, in: context)
            }
            moved.append("\(subscription.latestTransactionId) now ends \(EventDate.string(from: expires))")
        }
        return moved
    }
}
