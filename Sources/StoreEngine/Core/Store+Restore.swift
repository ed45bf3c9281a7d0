import Catalog
import Foundation
import Ledger

// Restore purchases, in the two shapes the guides describe: the payment queue's restore of
// completed transactions (Pay Station), which delivers each owned purchase again as a
// `restored` transaction that the app validates and finishes; and a look at what the player
// owns (the App Store's `AppStore.sync()` and `currentEntitlements`). Neither charges anything, and
// each store restores only what was bought from it: the App Store knows nothing of Xsolla's.
extension Store {
    /// What the player owns now from the App Store, logged and told; no transaction is made.
    func restoreOwnedPurchases(as call: String) throws -> PathStep {
        let (owned, unreadable) = try ownedPurchases(from: .appStore, restoring: call)
        let names = owned.map(\.name)
        try log(.restored, "\(call): " + (names.isEmpty ? "nothing to restore" : names.joined(separator: ", ")), nil, now())
        let notice = names.isEmpty
            ? StoreNotice(.info, Self.nothingToRestore(from: .appStore))
            : StoreNotice(.success, "Restored \(names.joined(separator: ", ")). Nothing was charged.")
        return PathStep(notice: Self.telling(notice, unreadable: unreadable))
    }

    /// `restoreCompletedTransactions`: each purchase of `path` that still gives the player
    /// something (a non-consumable, an active subscription) comes back as a new `restored`
    /// transaction, signed, charging nothing, which the engine's completion validates and
    /// finishes. Access stays with the original purchase's grant.
    func restoreCompletedTransactions(on path: IntegrationPath) throws -> PathStep {
        let (owned, unreadable) = try ownedPurchases(from: path.marketplace, restoring: "restoreCompletedTransactions")
        let time = now()
        guard !owned.isEmpty else {
            try log(.restored, "restoreCompletedTransactions: nothing to restore", nil, time)
            return PathStep(notice: Self.telling(StoreNotice(
                .info, Self.nothingToRestore(from: path.marketplace)), unreadable: unreadable))
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
        return PathStep(notice: Self.telling(
            StoreNotice(.success, "Restored \(names) (restored, then finished). Nothing was charged."), unreadable: unreadable))
    }

    /// A restore's notice, and when some purchases could not be read, a warning that names them:
    /// the player should not take "nothing to restore" for the whole truth.
    private static func telling(_ notice: StoreNotice, unreadable: [String]) -> StoreNotice {
        guard !unreadable.isEmpty else { return notice }
        let count = unreadable.count == 1 ? "1 purchase" : "\(unreadable.count) purchases"
        return StoreNotice(.error, notice.text + " \(count) (\(unreadable.joined(separator: ", "))) could not be read "
                           + "from the ledger and \(unreadable.count == 1 ? "was" : "were") not restored.")
    }

    /// Each store restores only its own purchases: the line says which store had nothing.
    static func nothingToRestore(from store: Marketplace) -> String {
        "Nothing to restore from \(store.nameInASentence): this player bought no non-consumable or running subscription there."
    }

    /// The purchases from `store` that give the player something now, with the product's name:
    /// each non-consumable's latest granting transaction from that store, and the latest
    /// transaction of each subscription of that store not yet over (subscribed, in grace or in
    /// billing retry: still the player's, whether the app or a path's server grants its
    /// access), by the same rule the paywall's "Current plan" follows.
    /// A row that cannot be read is not restored: it is logged where it is met and returned among
    /// the `unreadable` ids, for the notice to say.
    private func ownedPurchases(from store: Marketplace, restoring call: String) throws
        -> (owned: [(name: String, original: TransactionRecord)], unreadable: [String]) {
        var seen: Set<String> = []
        var owned: [(name: String, original: TransactionRecord)] = []
        var unreadable: [String] = []
        func read(_ id: String) throws -> TransactionRecord? {
            do {
                return try ledger.transaction(id: id)
            } catch {
                unreadable.append(id)
                try log(.ledgerUnreadable, "\(call): \(id) could not be read (\(error)); not restored", id, now())
                return nil
            }
        }
        for grant in account.grants.reversed() where grant.kind == .nonConsumable && grant.revokedAt == nil
            && !seen.contains(grant.key) && account.store(ofTransaction: grant.transactionId) == store {
            guard let original = try read(grant.transactionId), original.userId == userId else { continue }
            seen.insert(grant.key)
            owned.append((displayName(ofProduct: original.productId), original))
        }
        owned.reverse()
        for subscription in account.subscriptionSummaries(at: now(), in: store) where subscription.isLive {
            guard let latest = try read(subscription.latestTransactionId), latest.userId == userId else { continue }
            owned.append((displayName(ofProduct: latest.productId), latest))
        }
        return (owned, unreadable)
    }
}
