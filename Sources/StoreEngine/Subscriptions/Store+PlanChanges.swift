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

    /// Before a purchase opens: a change that waits for the renewal is recorded instead, and
    /// nothing is charged now. Nil when the purchase should go ahead.
    func deferPlanChange(to productId: String, in store: Marketplace) throws -> StoreNotice? {
        guard let product = catalog.product(id: productId), let running = planChange(to: product, in: store),
              !running.immediate
        else { return nil }
        let deferral = planChanges.deferral(of: running, to: product, at: now(), name: displayName(ofProduct:))
        try ledger.inTransaction {
            try save(deferral.subscription)
            try log(.productChange, deferral.message, deferral.subscription.latestTransactionId, deferral.subscription.updatedAt)
        }
        return deferral.notice
    }

    /// A paid purchase that changes the plan at once: the running plan ends now, its access is
    /// cut, and the unused part of its period is refunded in proportion. Inside the payment's commit.
    func endForImmediateChange(_ running: PlanChanges.Running, to product: Product, at time: Date) throws {
        let latestId = running.subscription.latestTransactionId
        let end = planChanges.immediateEnd(of: running, to: product, latest: try ledger.transaction(id: latestId), at: time)
        try ledger.recordProratedRefund(end.refund)
        try ledger.cutGrant(ofTransaction: latestId, at: time)
        account.cutGrant(ofTransaction: latestId, at: time)
        try save(end.subscription)
        try log(.productChange, end.message, latestId, time)
    }
}
