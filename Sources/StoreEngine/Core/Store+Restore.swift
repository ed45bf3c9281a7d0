import Catalog
import Foundation
import Ledger

// Restore purchases, in the two shapes the guides describe: the payment queue's restore of
// completed transactions (Pay Station), which delivers each owned purchase again as a
// `restored` transaction that the app validates and finishes; and a look at what the player
// owns (StoreKit's `AppStore.sync()` and `currentEntitlements`). Neither charges anything, and
// each store restores only what was bought from it: the App Store knows nothing of Xsolla's.
extension Store {
    /// What the player owns now from the App Store, logged and told; no transaction is made.
    func restoreOwnedPurchases(as call: String) throws -> PathStep {
        let names = ownedPurchases(from: .appStore).map(\.name)
        try log(.restored, "\(call): " + (names.isEmpty ? "nothing to restore" : names.joined(separator: ", ")), nil, now())
        return PathStep(notice: names.isEmpty
            ? StoreNotice(.info, "Nothing to restore: this player owns no non-consumable or active subscription.")
            : StoreNotice(.success, "Restored \(names.joined(separator: ", ")). Nothing was charged."))
    }

    /// `restoreCompletedTransactions`: each purchase of `path` that still gives the player
    /// something (a non-consumable, an active subscription) comes back as a new `restored`
    /// transaction, signed, charging nothing, which the engine's completion validates and
    /// finishes. Access stays with the original purchase's grant.
    func restoreCompletedTransactions(on path: IntegrationPath) throws -> PathStep {
        let owned = ownedPurchases(from: path.marketplace)
        let time = now()
        guard !owned.isEmpty else {
            try log(.restored, "restoreCompletedTransactions: nothing to restore", nil, time)
            return PathStep(notice: StoreNotice(
                .info, "Nothing to restore: this player owns no non-consumable or active subscription."))
        }
        for purchase in owned {
            let restored: TransactionRecord = try ledger.inTransaction {
                let sequence = try ledger.nextValue(ofSequence: "transaction")
                let original = purchase.original
                let record = TransactionRecord(
                    id: String(format: "txn-%06d", sequence), productId: original.productId, userId: userId,
                    storefront: original.storefront, integrationPath: original.integrationPath, state: .restored,
                    quantity: 1, price: original.price, currency: original.currency, variationId: original.variationId,
                    createdAt: time, updatedAt: time, purchasedAt: original.purchasedAt, amountCharged: "0",
                    originalTransactionId: original.id,
                    locale: catalog.storefront(id: original.storefront)?.locale ?? original.locale)
                try ledger.insert(record)
                try sign(record, at: time)
                try log(.restored, "restoreCompletedTransactions: \(purchase.name) (\(original.id)) restored as \(record.id)",
                        record.id, time)
                try refresh(record.id)
                return record
            }
            // Completed one by one (validated, finished), as the queue delivers them.
            _ = try run(PathStep(settlements: [.purchased(transactionId: restored.id)]))
        }
        let names = owned.map(\.name).joined(separator: ", ")
        return PathStep(notice: StoreNotice(.success, "Restored \(names) (restored, then finished). Nothing was charged."))
    }

    /// The purchases from `store` that give the player something now: each active entitlement's
    /// latest granting transaction from that store, with the product's name.
    private func ownedPurchases(from store: Marketplace) -> [(name: String, original: TransactionRecord)] {
        let time = now()
        var seen: Set<String> = []
        var owned: [(name: String, original: TransactionRecord)] = []
        for grant in account.grants.reversed() where grant.revokedAt == nil && !seen.contains(grant.key)
            && account.store(ofTransaction: grant.transactionId) == store {
            let active = grant.kind == .nonConsumable || (grant.kind == .accessLevel && (grant.expiresAt ?? .distantFuture) > time)
            guard active, let original = try? ledger.transaction(id: grant.transactionId), original.userId == userId else {
                continue
            }
            seen.insert(grant.key)
            owned.append((displayName(ofProduct: original.productId), original))
        }
        return owned.reversed()
    }
}
