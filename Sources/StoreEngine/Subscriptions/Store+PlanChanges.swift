import Catalog
import Foundation
import Ledger

// The store's side of plan changes: `PlanChanges` decides, the store writes what it returns.
extension Store {
    /// The plan changes' decisions for the catalog and the rate as they are now.
    var planChanges: PlanChanges { PlanChanges(catalog: catalog, renewalRate: renewalRate) }

    /// The running subscription in `product`'s group that buying it from `store` changes, and
    /// how; nil for a new subscription.
    func planChange(to product: Product, in store: Marketplace) -> PlanChanges.Running? {
        planChanges.running(for: product, in: store, among: account.subscriptions.values,
                            storeOfTransaction: account.store(ofTransaction:), at: now())
    }

    /// Before a purchase opens: a change that waits for the renewal (by the App Store's rule,
    /// or by the `replacement` the path's app asks for) is recorded instead, and nothing is
    /// charged now. Nil when the purchase should go ahead.
    func deferPlanChange(to productId: String, in store: Marketplace, by replacement: PlanReplacement?) throws -> StoreNotice? {
        guard let product = catalog.product(id: productId), let running = planChange(to: product, in: store),
              replacement?.waitsForRenewal ?? !running.immediate
        else { return nil }
        var deferral = planChanges.deferral(of: running, to: product, at: now(), name: displayName(ofProduct:))
        if let replacement { deferral.message += " (\(replacement.name))" }
        try ledger.inTransaction {
            try save(deferral.subscription)
            try logLifecycle(.planChangeScheduled, deferral.message, of: deferral.subscription,
                             at: deferral.subscription.updatedAt)
        }
        return deferral.notice
    }

    /// A paid purchase that changes the plan at once: the running plan ends now, its access is
    /// cut, and the unused part of its period is refunded in proportion. Inside the payment's
    /// commit. A code redeemed for it makes the change its store's notice of a code redeemed.
    func endForImmediateChange(_ running: PlanChanges.Running, to product: Product, at time: Date,
                               redeemingACode: Bool = false) throws {
        let latestId = running.subscription.latestTransactionId
        let end = planChanges.immediateEnd(of: running, to: product, latest: try ledger.transaction(id: latestId), at: time)
        try ledger.recordProratedRefund(end.refund)
        try ledger.cutGrant(ofTransaction: latestId, at: time)
        account.cutGrant(ofTransaction: latestId, at: time)
        try save(end.subscription)
        try logLifecycle(redeemingACode ? .offerRedeemed(.upgrade) : .planChangedNow, end.message, of: end.subscription,
                         at: time)
    }

    /// A paid purchase that replaces the running plan at once, the way its store's app asked
    /// (`replacement`): the running plan ends now and its access is cut, nothing is refunded,
    /// and the new plan's first period ends where the replacement says, kept on `paid`'s row.
    /// Inside the payment's commit; returns that period's end.
    func replace(_ running: PlanChanges.Running, by replacement: PlanReplacement, with paid: TransactionRecord,
                 product: Product, at time: Date) throws -> Date {
        let latestId = running.subscription.latestTransactionId
        let proration = planChanges.proration(of: running, latest: try ledger.transaction(id: latestId), to: product,
                                              newPrice: Decimal(string: paid.price) ?? 0, on: paid.calendar, at: time)
        let end = planChanges.firstPeriodEnd(for: replacement, proration, of: running, at: time)
        let ended = planChanges.replacedEnd(of: running, by: replacement, to: product, newPeriodEnd: end, at: time)
        try ledger.recordPeriodEnd(end, ofTransaction: paid.id)
        try ledger.cutGrant(ofTransaction: latestId, at: time)
        account.cutGrant(ofTransaction: latestId, at: time)
        try save(ended.subscription)
        try logLifecycle(.planChangedNow, ended.message, of: ended.subscription, at: time)
        return end
    }

    /// What buying `product` with `terms` on `path` charges now when it replaces a plan running
    /// in its group at once, the way `replacement` says, at the time now.
    func replacementQuote(for product: Product, terms: PurchaseTerms, in storefront: Storefront,
                          on path: IntegrationPath, by replacement: PlanReplacement) throws -> ReplacementQuote {
        guard !replacement.waitsForRenewal, let running = planChange(to: product, in: path.marketplace) else {
            return .noChange
        }
        let proration = planChanges.proration(of: running, latest: try ledger.transaction(id: running.subscription.latestTransactionId),
                                              to: product, newPrice: terms.regularPrice,
                                              on: PathRegistry.calendar(of: path.rawValue), at: now())
        if let refusal = planChanges.refusal(of: replacement, for: proration) { return .refused(refusal) }
        let charge = planChanges.chargeNow(for: replacement, proration, fullPrice: terms.chargeNow,
                                           currency: storefront.currency)
        return .replaces(originalTransactionId: running.subscription.originalTransactionId,
                         productId: running.subscription.productId, terms: terms.charging(charge))
    }
}

/// What a purchase that may replace a running plan charges.
enum ReplacementQuote: Equatable {
    /// No plan of its group runs on that store: an ordinary purchase.
    case noChange
    /// It replaces the plan `productId` (the subscription of `originalTransactionId`) at once,
    /// charging what `terms` say now.
    case replaces(originalTransactionId: String, productId: String, terms: PurchaseTerms)
    /// The store refuses the change, and says why.
    case refused(String)
}
