import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// What a restore brings back, decided without a store: from grants, subscriptions and rows
/// handed in as values.
@Suite("Restore: what comes back")
struct RestoreRulesTests {
    private struct Unreadable: Error, CustomStringConvertible {
        var description: String { "disk I/O error" }
    }

    private static func row(_ id: String, _ productId: String, userId: String = "player-1",
                            locale: String? = nil, at time: Date) -> TransactionRecord {
        var record = RedeliveryTests.gemsTransaction(id: id, userId: userId, at: time)
        record.productId = productId
        record.state = .purchased
        record.purchasedAt = time
        record.amountCharged = "4.99"
        record.locale = locale
        return record
    }

    private static func entitlement(_ transactionId: String, key: String, revoked: Date? = nil, at time: Date) -> GrantRecord {
        var grant = GrantRecord(transactionId: transactionId, kind: .nonConsumable, key: key, amount: 1, grantedAt: time)
        grant.revokedAt = revoked
        return grant
    }

    private static func subscription(latest: String, status: SubscriptionStatus, at time: Date) -> SubscriptionSummary {
        SubscriptionSummary(originalTransactionId: latest, latestTransactionId: latest, productId: SKU.monthlyPass,
                            level: "premium", status: status, expiresAt: time, autoRenew: true, billingIssue: false,
                            renewals: 0, periodType: "normal")
    }

    /// A restore from `source` over `rows`, each transaction bought from the store `stores` names
    /// (the App Store when it names none); a row in `failing` cannot be read.
    private static func restore(from source: Marketplace = .appStore, grants: [GrantRecord],
                                subscriptions: [SubscriptionSummary] = [], rows: [TransactionRecord],
                                stores: [String: Marketplace] = [:], failing: Set<String> = []) -> Restore {
        let byId = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        return Restore(from: source, for: "player-1", grants: grants,
                       storeOfTransaction: { stores[$0] ?? .appStore }, subscriptions: subscriptions,
                       productName: { "name of \($0)" },
                       reading: { id in
                           if failing.contains(id) { throw Unreadable() }
                           return byId[id]
                       })
    }

    @Test func theLatestUnrevokedGrantOfEachEntitlementComesBackOldestFirst() throws {
        let time = try utc(2026, 1, 8)
        let rows = [Self.row("txn-1", SKU.removeAds, at: time), Self.row("txn-2", "com.example.skins", at: time),
                    Self.row("txn-3", SKU.removeAds, at: time), Self.row("txn-4", "com.example.levels", at: time)]
        let restore = Self.restore(grants: [
            Self.entitlement("txn-1", key: "no_ads", at: time), Self.entitlement("txn-2", key: "skins", at: time),
            Self.entitlement("txn-3", key: "no_ads", at: time),
            Self.entitlement("txn-4", key: "levels", revoked: time, at: time),
            GrantRecord(transactionId: "txn-2", kind: .currency, key: "gems", amount: 100, grantedAt: time),
        ], rows: rows)
        #expect(restore.owned.map(\.original.id) == ["txn-2", "txn-3"], "txn-1 is replaced by txn-3; txn-4 was refunded")
        #expect(restore.ownedNames == "name of com.example.skins, name of \(SKU.removeAds)")
        #expect(restore.unreadable.isEmpty)
    }

    @Test func onlyTheSourceStoresOwnPurchasesAndThePlayersOwnComeBack() throws {
        let time = try utc(2026, 1, 8)
        let rows = [Self.row("txn-1", SKU.removeAds, at: time), Self.row("txn-2", "com.example.skins", at: time),
                    Self.row("txn-3", "com.example.levels", userId: "player-2", at: time)]
        let grants = [Self.entitlement("txn-1", key: "no_ads", at: time), Self.entitlement("txn-2", key: "skins", at: time),
                      Self.entitlement("txn-3", key: "levels", at: time),
                      Self.entitlement("txn-gone", key: "maps", at: time)]
        let stores: [String: Marketplace] = ["txn-2": .xsolla]
        #expect(Self.restore(from: .appStore, grants: grants, rows: rows, stores: stores).owned.map(\.original.id) == ["txn-1"])
        #expect(Self.restore(from: .xsolla, grants: grants, rows: rows, stores: stores).owned.map(\.original.id) == ["txn-2"])
    }

    @Test func runningSubscriptionsComeBackAfterTheEntitlementsAndEndedOnesDoNot() throws {
        let time = try utc(2026, 1, 8)
        let rows = [Self.row("txn-1", SKU.removeAds, at: time)]
            + ["txn-5", "txn-6", "txn-7", "txn-8"].map { Self.row($0, SKU.monthlyPass, at: time) }
        let restore = Self.restore(grants: [Self.entitlement("txn-1", key: "no_ads", at: time)], subscriptions: [
            Self.subscription(latest: "txn-5", status: .inGracePeriod, at: time),
            Self.subscription(latest: "txn-6", status: .expired, at: time),
            Self.subscription(latest: "txn-7", status: .inBillingRetryPeriod, at: time),
            Self.subscription(latest: "txn-8", status: .revoked, at: time),
        ], rows: rows)
        #expect(restore.owned.map(\.original.id) == ["txn-1", "txn-5", "txn-7"])
    }

    @Test func anUnreadableRowIsNotRestoredAndTheNoticeNamesIt() throws {
        let time = try utc(2026, 1, 8)
        let rows = [Self.row("txn-1", SKU.removeAds, at: time)]
        let restore = Self.restore(grants: [Self.entitlement("txn-1", key: "no_ads", at: time),
                                            Self.entitlement("txn-2", key: "skins", at: time)],
                                   subscriptions: [Self.subscription(latest: "txn-3", status: .subscribed, at: time)],
                                   rows: rows, failing: ["txn-2", "txn-3"])
        #expect(restore.owned.map(\.original.id) == ["txn-1"])
        #expect(restore.unreadable.map(\.transactionId) == ["txn-2", "txn-3"])
        #expect(restore.unreadable.allSatisfy { $0.reason == "disk I/O error" })
        #expect(restore.ownedNotice.tone == .error)
        #expect(restore.ownedNotice.text == "Restored name of \(SKU.removeAds). Nothing was charged. 2 purchases "
            + "(txn-2, txn-3) could not be read from the ledger and were not restored.")
    }

    @Test func withNothingOwnedTheNoticeSaysWhichStoreHadNothing() throws {
        let restore = Self.restore(from: .xsolla, grants: [], rows: [])
        #expect(restore.owned.isEmpty)
        #expect(restore.completedNotice.tone == .info)
        #expect(restore.completedNotice.text == Restore.nothingToRestore(from: .xsolla))
        #expect(restore.completedNotice.text.contains("from Xsolla:"))
    }

    @Test func aRestoredTransactionChargesNothingAndNamesItsOriginal() throws {
        let paid = try utc(2026, 1, 8)
        let time = try utc(2026, 3, 1)
        let purchase = Restore.OwnedPurchase(name: "Remove Ads", original: Self.row("txn-1", SKU.removeAds, at: paid))
        let record = Restore.restoredTransaction(of: purchase, id: "txn-000009", at: time) { $0 == "USA" ? "en_US" : nil }
        #expect(record.id == "txn-000009" && record.state == .restored && record.quantity == 1)
        #expect(record.amountCharged == "0" && record.originalTransactionId == "txn-1")
        #expect(record.productId == SKU.removeAds && record.price == "0.99" && record.currency == "USD")
        #expect(record.purchasedAt == paid && record.createdAt == time && record.updatedAt == time)
        #expect(record.locale == "en_US", "the storefront's locale, for an original that kept none")
        var kept = purchase
        kept.original.locale = "fr_FR"
        #expect(Restore.restoredTransaction(of: kept, id: "txn-000010", at: time) { _ in "en_US" }.locale == "fr_FR")
    }
}
