import Catalog
import Foundation
import Ledger

// Restore purchases, in the two shapes the guides describe: the payment queue's restore of
// completed transactions (Pay Station), which delivers each owned purchase again as a
// `restored` transaction that the app validates and finishes; and a look at what the player
// owns (the App Store's `AppStore.sync()` and `currentEntitlements`). Neither charges anything, and
// each store restores only what was bought from it: the App Store knows nothing of Xsolla's.
// What comes back is `Restore`'s to decide; the store logs, writes, signs and completes.
extension Store {
    /// What the player owns now from the App Store, logged and told; no transaction is made.
    func restoreOwnedPurchases(as call: String) throws -> PathStep {
        let restore = try ownedPurchases(from: .appStore, restoring: call)
        try log(.restored, "\(call): " + (restore.owned.isEmpty ? "nothing to restore" : restore.ownedNames), nil, now())
        return PathStep(notice: restore.ownedNotice)
    }

    /// `restoreCompletedTransactions`: each purchase of `path` that still gives the player
    /// something (a non-consumable, an active subscription) comes back as a new `restored`
    /// transaction, signed, charging nothing, which the engine's completion validates and
    /// finishes. Access stays with the original purchase's grant.
    func restoreCompletedTransactions(on path: IntegrationPath) throws -> PathStep {
        let restore = try ownedPurchases(from: path.marketplace, restoring: "restoreCompletedTransactions")
        let time = now()
        guard !restore.owned.isEmpty else {
            try log(.restored, "restoreCompletedTransactions: nothing to restore", nil, time)
            return PathStep(notice: restore.completedNotice)
        }
        for purchase in restore.owned {
            let restored: TransactionRecord = try ledger.inTransaction {
                let sequence = try ledger.nextValue(ofSequence: "transaction")
                let record = Restore.restoredTransaction(
                    of: purchase, id: LedgerTransactionId.of(sequence: Int64(sequence)), at: time,
                    storefrontLocale: { catalog.storefront(id: $0)?.locale })
                try ledger.insert(record)
                try sign(record, at: time)
                try log(.restored, "restoreCompletedTransactions: \(purchase.name) (\(purchase.original.id)) restored as \(record.id)",
                        record.id, time)
                try refresh(record.id)
                return record
            }
            // Completed one by one (validated, finished), as the queue delivers them.
            _ = try apply(PathStep(settlements: [.purchased(transactionId: restored.id)]))
        }
        return PathStep(notice: restore.completedNotice)
    }

    /// What a restore from `store` brings back, from the account and the ledger. A row that
    /// cannot be read is not restored: it is logged here, before the restore's own line, and
    /// the notice names it.
    private func ownedPurchases(from store: Marketplace, restoring call: String) throws -> Restore {
        let restore = Restore(
            from: store, for: userId, grants: account.grants, storeOfTransaction: account.store(ofTransaction:),
            subscriptions: account.subscriptionSummaries(at: now(), in: store), productName: displayName(ofProduct:),
            reading: { try ledger.transaction(id: $0) })
        for row in restore.unreadable {
            try log(.ledgerUnreadable, "\(call): \(row.transactionId) could not be read (\(row.reason)); not restored",
                    row.transactionId, now())
        }
        return restore
    }
}
