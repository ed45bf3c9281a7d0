import Catalog
import Foundation
import Ledger

// Changing plans within a subscription group, by the App Store's rules: an upgrade (a higher
// level, 1 being the highest) takes effect at once and refunds the unused part of the current
// period in proportion; a downgrade waits for the next renewal, shown as pending, and nothing is
// charged now; a crossgrade (the same level) is immediate when the durations match, else it
// waits for the renewal too. A store changes only its own subscriptions: a plan bought from
// another store (Pay Station's Xsolla, the App Store) is a subscription of its own beside it.

/// How buying `product` changes the plan running in its group.
public enum PlanChange: String, Sendable, Equatable {
    case upgrade, downgrade, crossgrade

    public var name: String { rawValue }

    /// Buying `product` while subscribed to `current`, another plan of its group: an upgrade
    /// (a higher level) is immediate, a downgrade waits for the renewal, a crossgrade (the same
    /// level) is immediate only when the durations match. The rule purchases and previews share.
    public static func buying(_ product: Product, whileSubscribedTo current: Product) -> (change: PlanChange,
                                                                                          immediate: Bool) {
        let from = current.level ?? 100
        let to = product.level ?? 100
        if to < from { return (.upgrade, true) }
        if to > from { return (.downgrade, false) }
        return (.crossgrade, current.period == product.period)
    }
}

/// The plan changes' decisions, pure: which running plan a purchase changes, and what a change
/// that waits or one that happens at once records, from the subscriptions' rows, the catalog
/// and the renewal rate. The store writes what they return (`Store+PlanChanges.swift`).
struct PlanChanges {
    var catalog: ProductCatalog
    var renewalRate: RenewalRate

    /// The plan running in a group that buying another product changes.
    struct Running: Equatable {
        var subscription: SubscriptionRecord
        var change: PlanChange
        /// Whether it happens now (else at the next renewal).
        var immediate: Bool
    }

    /// The running subscription in `product`'s group for another product, among `subscriptions`,
    /// bought from `store` (`storeOfTransaction` says which store sold an original transaction),
    /// and how buying `product` there changes it; nil when the group has none running in that
    /// store at `time` (a new subscription).
    func running(for product: Product, in store: Marketplace, among subscriptions: some Sequence<SubscriptionRecord>,
                 storeOfTransaction: (String) -> Marketplace?, at time: Date) -> Running? {
        guard product.type == .autoRenewable, let group = product.group else { return nil }
        guard let running = subscriptions.first(where: { candidate in
            candidate.endedAt == nil && candidate.productId != product.id
                && storeOfTransaction(candidate.originalTransactionId) == store
                && catalog.product(id: candidate.productId)?.group == group
                && SubscriptionRules.status(of: candidate, period: nil, rate: renewalRate, at: time) != .expired
        }), let current = catalog.product(id: running.productId) else { return nil }
        let (change, immediate) = PlanChange.buying(product, whileSubscribedTo: current)
        return Running(subscription: running, change: change, immediate: immediate)
    }

    /// A change that waits for the renewal, recorded instead of a purchase: the row with the
    /// product it renews into, the event's line and the player's notice.
    struct Deferral: Equatable {
        var subscription: SubscriptionRecord
        var message: String
        var notice: StoreNotice
    }

    /// What `running` records when it changes to `product` at its next renewal, decided at
    /// `time`; `name` says a product's name as notices do.
    func deferral(of running: Running, to product: Product, at time: Date, name: (String) -> String) -> Deferral {
        var subscription = running.subscription
        subscription.pendingProductId = product.id
        subscription.updatedAt = time
        let at = EventDate.string(from: subscription.expiresAt)
        return Deferral(
            subscription: subscription,
            message: "\(running.change.name) to \(product.shortId) at the next renewal (\(at)); nothing charged now",
            notice: StoreNotice(.info, "\(name(running.subscription.productId)) changes to \(name(product.id)) "
                                + "at the next renewal (\(at)); nothing was charged now."))
    }

    /// A running plan ended at once by a paid change: the row as it ends, the refund of the
    /// unused part of its period, and the event's line.
    struct ImmediateEnd: Equatable {
        var subscription: SubscriptionRecord
        var refund: ProratedRefund
        var message: String
    }

    /// What a paid purchase of `product` that changes `running` at once (an upgrade, a
    /// crossgrade of the same duration) records at `time`: the plan ends now, and the unused
    /// part of what `latest` (its latest transaction, nil when the ledger lacks it) paid for
    /// the period is refunded in proportion, rounded down to the currency's minor unit.
    func immediateEnd(of running: Running, to product: Product, latest: TransactionRecord?, at time: Date) -> ImmediateEnd {
        let subscription = running.subscription
        let ended = Self.ended(subscription, because: running.change.name, at: time)
        let paid = latest.flatMap { Decimal(string: $0.amountCharged ?? $0.price) } ?? 0
        let start = latest?.purchasedAt ?? time
        let length = subscription.expiresAt.timeIntervalSince(start)
        let unused = length > 0 ? max(0, min(1, subscription.expiresAt.timeIntervalSince(time) / length)) : 0
        let rounded = Self.roundedDown(paid * Decimal(unused), currency: latest?.currency ?? "USD")
        let currency = latest?.currency ?? ""
        // The amount given back is the ledger's, on the transaction that paid for the period.
        return ImmediateEnd(
            subscription: ended,
            refund: ProratedRefund(transactionId: subscription.latestTransactionId, amount: "\(rounded)",
                                   currency: currency, reason: running.change.name, time: time),
            message: "\(running.change.name) from \(catalog.product(id: subscription.productId)?.shortId ?? subscription.productId) "
                + "to \(product.shortId), at once: \(rounded) \(currency) refunded for the unused part of the period")
    }

    /// `subscription` as a plan change ends it at `time`, for `reason`.
    static func ended(_ subscription: SubscriptionRecord, because reason: String, at time: Date) -> SubscriptionRecord {
        var ended = subscription
        ended.endedAt = time
        ended.endReason = reason
        ended.updatedAt = time
        return ended
    }
}
