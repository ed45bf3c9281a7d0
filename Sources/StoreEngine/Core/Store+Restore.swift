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
            ? StoreNotice(.info, Self.nothingToRestore(from: .appStore))
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
                .info, Self.nothingToRestore(from: path.marketplace)))
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
                    locale: original.locale ?? catalog.storefront(id: original.storefront)?.locale)
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

    /// Each store restores only its own purchases: the line says which store had nothing.
    static func nothingToRestore(from store: Marketplace) -> String {
        "Nothing to restore from \(store.nameInASentence): this player bought no non-consumable or running subscription there."
    }

    /// The purchases from `store` that give the player something now, with the product's name:
    /// each non-consumable's latest granting transaction from that store, and the latest
    /// transaction of each subscription of that store not yet over (subscribed, in grace or in
    /// billing retry: still the player's, whether the app or a server like Xee's grants its
    /// access), by the same rule the paywall's "Current plan" follows.
    private func ownedPurchases(from store: Marketplace) -> [(name: String, original: TransactionRecord)] {
        var seen: Set<String> = []
        var owned: [(name: String, original: TransactionRecord)] = []
        for grant in account.grants.reversed() where grant.kind == .nonConsumable && grant.revokedAt == nil
            && !seen.contains(grant.key) && account.store(ofTransaction: grant.transactionId) == store {
            guard let original = try? ledger.transaction(id: grant.transactionId), original.userId == userId else { continue }
            seen.insert(grant.key)
            owned.append((displayName(ofProduct: original.productId), original))
        }
        owned.reverse()
        for subscription in account.subscriptionSummaries(at: now(), in: store) where subscription.isLive {
            guard let latest = try? ledger.transaction(id: subscription.latestTransactionId), latest.userId == userId
            else { continue }
            owned.append((displayName(ofProduct: latest.productId), latest))
        }
        return owned
    }
}
