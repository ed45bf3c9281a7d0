import Catalog
import Foundation
import Ledger

/// What a restore brings back from one store, decided without a store: from what the player
/// was granted and which subscriptions run, and the ledger's rows as they are read, the
/// purchases that still give the player something, the `restored` transaction each becomes,
/// and the notice that tells it. The store applies it (`Store+Restore.swift`): it logs, writes,
/// signs and completes.
struct Restore {
    /// A purchase the player still owns, with the product's name as the notices say it.
    struct OwnedPurchase: Equatable {
        var name: String
        var original: TransactionRecord
    }

    /// A transaction that could not be read from the ledger, and why: not restored, and named.
    struct UnreadableRow {
        var transactionId: String
        var reason: String
    }

    /// The store restored from: each store restores only its own purchases.
    let source: Marketplace
    private(set) var owned: [OwnedPurchase] = []
    /// In the order they were met, for the store to log each before the restore's own line.
    private(set) var unreadable: [UnreadableRow] = []

    /// The purchases from `source` that give `userId` something now: each non-consumable's
    /// latest unrevoked grant from that store (oldest first), then the latest transaction of
    /// each subscription of that store not yet over (subscribed, in grace or in billing retry:
    /// still the player's, whether the app or a path's server grants its access), by the same
    /// rule the paywall's "Current plan" follows. `grants` are the account's, oldest first;
    /// `subscriptions` its summaries of that store. A row the ledger does not have, or another
    /// player made, is skipped; one `read` fails on is kept among `unreadable`.
    init(from source: Marketplace, for userId: String, grants: [GrantRecord], storeOfTransaction: (String) -> Marketplace?,
         subscriptions: [SubscriptionSummary], productName: (String) -> String,
         reading read: (String) throws -> TransactionRecord?) {
        self.source = source
        var unreadable: [UnreadableRow] = []
        func row(_ id: String) -> TransactionRecord? {
            do {
                return try read(id)
            } catch {
                unreadable.append(UnreadableRow(transactionId: id, reason: "\(error)"))
                return nil
            }
        }
        var seen: Set<String> = []
        var nonConsumables: [OwnedPurchase] = []
        // Newest first, so that the latest grant of each entitlement is the one kept.
        for grant in grants.reversed() where grant.kind == .nonConsumable && grant.revokedAt == nil
            && !seen.contains(grant.key) && storeOfTransaction(grant.transactionId) == source {
            guard let original = row(grant.transactionId), original.userId == userId else { continue }
            seen.insert(grant.key)
            nonConsumables.append(OwnedPurchase(name: productName(original.productId), original: original))
        }
        owned = nonConsumables.reversed()
        for subscription in subscriptions where subscription.isLive {
            guard let latest = row(subscription.latestTransactionId), latest.userId == userId else { continue }
            owned.append(OwnedPurchase(name: productName(latest.productId), original: latest))
        }
        self.unreadable = unreadable
    }

    /// The `restored` transaction `purchase` becomes, with id `id`, made at `time`: the
    /// original's product, storefront, path and price, charging nothing, naming the original.
    /// `storefrontLocale` is the locale of a storefront, for an original that kept none.
    static func restoredTransaction(of purchase: OwnedPurchase, id: String, at time: Date,
                                    storefrontLocale: (String) -> String?) -> TransactionRecord {
        let original = purchase.original
        return TransactionRecord(
            id: id, productId: original.productId, userId: original.userId,
            storefront: original.storefront, integrationPath: original.integrationPath, state: .restored,
            quantity: 1, price: original.price, currency: original.currency, variationId: original.variationId,
            createdAt: time, updatedAt: time, purchasedAt: original.purchasedAt, amountCharged: "0",
            originalTransactionId: original.id,
            locale: original.locale ?? storefrontLocale(original.storefront))
    }

    /// The names of what comes back, as the restore's log line and notice list them.
    var ownedNames: String {
        owned.map(\.name).joined(separator: ", ")
    }

    /// The notice of a look at what the player owns (`AppStore.sync()`): no transaction is made.
    var ownedNotice: StoreNotice {
        telling(owned.isEmpty
            ? StoreNotice(.info, Self.nothingToRestore(from: source))
            : StoreNotice(.success, "Restored \(ownedNames). Nothing was charged."))
    }

    /// The notice of `restoreCompletedTransactions`: each owned purchase restored, then finished.
    var completedNotice: StoreNotice {
        telling(owned.isEmpty
            ? StoreNotice(.info, Self.nothingToRestore(from: source))
            : StoreNotice(.success, "Restored \(ownedNames) (restored, then finished). Nothing was charged."))
    }

    /// Each store restores only its own purchases: the line says which store had nothing.
    static func nothingToRestore(from store: Marketplace) -> String {
        "Nothing to restore from \(store.nameInASentence): this player bought no non-consumable or running subscription there."
    }

    /// `notice`, and when some purchases could not be read, a warning that names them: the
    /// player should not take "nothing to restore" for the whole truth.
    private func telling(_ notice: StoreNotice) -> StoreNotice {
        guard !unreadable.isEmpty else { return notice }
        let ids = unreadable.map(\.transactionId)
        let count = ids.count == 1 ? "1 purchase" : "\(ids.count) purchases"
        return StoreNotice(.error, notice.text + " \(count) (\(ids.joined(separator: ", "))) could not be read "
                           + "from the ledger and \(ids.count == 1 ? "was" : "were") not restored.")
    }
}
