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

extension Store {
    /// The running subscription in `product`'s group for another product, bought from `store`,
    /// and how buying `product` there changes it; nil when the group has none running in that
    /// store (a new subscription).
    func planChange(to product: Product, in store: Marketplace) -> (running: SubscriptionRecord, change: PlanChange,
                                                                      immediate: Bool)? {
        guard product.type == .autoRenewable, let group = product.group else { return nil }
        let now = now()
        guard let running = account.subscriptions.values.first(where: { candidate in
            candidate.endedAt == nil && candidate.productId != product.id
                && account.store(ofTransaction: candidate.originalTransactionId) == store
                && catalog.product(id: candidate.productId)?.group == group
                && SubscriptionRules.status(of: candidate, period: nil, rate: renewalRate, at: now) != .expired
        }), let current = catalog.product(id: running.productId) else { return nil }
        let (change, immediate) = PlanChange.buying(product, whileSubscribedTo: current)
        return (running, change, immediate)
    }

    /// Before a purchase opens: a change that waits for the renewal is recorded instead, and
    /// nothing is charged now. Nil when the purchase should go ahead.
    func deferPlanChange(to productId: String, in store: Marketplace) throws -> StoreNotice? {
        guard let product = catalog.product(id: productId),
              let (running, change, immediate) = planChange(to: product, in: store),
              !immediate
        else { return nil }
        var subscription = running
        let time = now()
        subscription.pendingProductId = product.id
        subscription.updatedAt = time
        let at = EventDate.string(from: subscription.expiresAt)
        try ledger.inTransaction {
            try save(subscription)
            try log(.productChange, "\(change.name) to \(product.shortId) at the next renewal (\(at)); nothing charged now",
                    subscription.latestTransactionId, time)
        }
        return StoreNotice(.info, "\(displayName(ofProduct: running.productId)) changes to "
                           + "\(displayName(ofProduct: product.id)) at the next renewal (\(at)); nothing was charged now.")
    }

    /// A paid purchase that changes the plan at once (an upgrade, a crossgrade of the same
    /// duration): the running plan ends now, its access is cut, and the unused part of what was
    /// paid for its period is refunded in proportion. Inside the payment's commit.
    func endForImmediateChange(_ running: SubscriptionRecord, by change: PlanChange, to product: Product,
                               at time: Date) throws {
        var ended = running
        ended.endedAt = time
        ended.endReason = change.name
        ended.updatedAt = time
        let latest = try ledger.transaction(id: running.latestTransactionId)
        let paid = latest.flatMap { Decimal(string: $0.amountCharged ?? $0.price) } ?? 0
        let start = latest?.purchasedAt ?? time
        let length = running.expiresAt.timeIntervalSince(start)
        let unused = length > 0 ? max(0, min(1, running.expiresAt.timeIntervalSince(time) / length)) : 0
        var refund = paid * Decimal(unused)
        var rounded = Decimal()
        let digits = PriceFormatter.minorUnitDigits(ofCurrency: latest?.currency ?? "USD")
        NSDecimalRound(&rounded, &refund, digits, .down)
        // The amount given back is the ledger's, on the transaction that paid for the period.
        try ledger.recordProratedRefund(ProratedRefund(transactionId: running.latestTransactionId, amount: "\(rounded)",
                                                       currency: latest?.currency ?? "", reason: change.name, time: time))
        try ledger.cutGrant(ofTransaction: running.latestTransactionId, at: time)
        account.cutGrant(ofTransaction: running.latestTransactionId, at: time)
        try save(ended)
        try log(.productChange, "\(change.name) from \(catalog.product(id: running.productId)?.shortId ?? running.productId) "
                + "to \(product.shortId), at once: \(rounded) \(latest?.currency ?? "") refunded for the unused part "
                + "of the period", running.latestTransactionId, time)
    }
}
