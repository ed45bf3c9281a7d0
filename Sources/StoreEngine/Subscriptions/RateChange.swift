import Catalog
import Foundation
import Ledger

/// A new renewal rate speeds up (or slows down) what is running now, as QA expects of "faster":
/// what is left of each running period lasts as long as the new rate makes it. A period that
/// had half its 15 minutes to go at one rate has half of its 10 seconds to go at a faster one.
/// Pure: it says where each period now ends; the store moves the rows, the grants and what a
/// path's server keeps (`Store+RateChange.swift`).
struct RateChange {
    var catalog: ProductCatalog
    var old: RenewalRate
    var new: RenewalRate

    /// A running period moved by the new rate.
    struct Rescaled: Equatable {
        /// The subscription's row, ending where the new rate puts it.
        var subscription: SubscriptionRecord
        /// The transaction that paid for the period, whose grant ends with it.
        var latestTransactionId: String
        var endedBefore: Date
        var ends: Date
    }

    /// Every running period among `subscriptions` (oldest original transaction first) rescaled
    /// at `time`; `reading` reads a subscription's latest transaction from the ledger. One whose
    /// transaction or product is gone, or whose length is nothing, stays as it is.
    func rescaled(_ subscriptions: some Sequence<SubscriptionRecord>, at time: Date,
                  reading: (String) throws -> TransactionRecord?) rethrows -> [Rescaled] {
        guard old != new else { return [] }
        let rules = GrantRules(catalog: catalog, renewalRate: new)
        var moved: [Rescaled] = []
        for var subscription in subscriptions.sorted(by: { $0.originalTransactionId < $1.originalTransactionId })
        where subscription.endedAt == nil && subscription.billingIssueAt == nil && subscription.expiresAt > time {
            guard let latest = try reading(subscription.latestTransactionId),
                  let product = catalog.product(id: latest.productId) else { continue }
            let start = latest.purchasedAt ?? latest.updatedAt
            let oldLength = rules.end(ofPeriodPaidBy: latest, product: product, from: start, at: old).timeIntervalSince(start)
            let newLength = rules.end(ofPeriodPaidBy: latest, product: product, from: start, at: new).timeIntervalSince(start)
            guard oldLength > 0, newLength > 0 else { continue }
            let before = subscription.expiresAt
            let ends = time.addingTimeInterval(before.timeIntervalSince(time) / oldLength * newLength)
            subscription.expiresAt = ends
            subscription.updatedAt = time
            moved.append(Rescaled(subscription: subscription, latestTransactionId: latest.id, endedBefore: before, ends: ends))
        }
        return moved
    }
}
