import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// A player with a thousand transactions: a plan, then 999 gem purchases, more than the
/// Transactions pane keeps. What the engine decides (Xee's restore, the profile's products, a
/// subscription's period and path) comes from the ledger, not from the pane's window, so it
/// is the same after a relaunch as before.
@Suite("A thousand transactions")
struct ThousandTransactionsTests {
    static let gemPurchases = 999

    /// 999 paid and finished gem purchases on `path` in `storefront`, newer than anything before,
    /// written in one commit as the engine would have left them.
    private static func buyGems(on path: IntegrationPath, in storefront: String, _ harness: StoreHarness) throws {
        let start = harness.now
        try harness.ledger.inTransaction {
            for index in 1...gemPurchases {
                let time = start.addingTimeInterval(Double(index))
                try harness.ledger.insert(TransactionRecord(
                    id: String(format: "gems-%04d", index), productId: SKU.gems100, userId: harness.userId,
                    storefront: storefront, integrationPath: path.rawValue, state: .purchased, quantity: 1,
                    price: "0.99", currency: "USD", createdAt: time, updatedAt: time, finishedAt: time,
                    purchasedAt: time, amountCharged: "0.99"))
            }
        }
        harness.clock.advance(by: Double(gemPurchases + 1))
    }

    private static func subscription(_ harness: StoreHarness, _ productId: String) -> SubscriptionSummary? {
        harness.store.currentReport().snapshot.subscriptions.first { $0.productId == productId }
    }

    @Test func xeeRestoreFindsTheSubscriptionBehindAThousandGemPurchases() throws {
        try withStore { harness in
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: false))
            let report = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .xee)
            let pass = try #require(report.storeKitSheet).transactionId
            try harness.send(.pressButton(.buy))
            try Self.buyGems(on: .xee, in: "USA", harness)
            try harness.relaunch()
            #expect(try harness.ledger.transactionCount(user: harness.userId) == Self.gemPurchases + 1)
            #expect(harness.store.currentReport().snapshot.transactions.count == Account.listLimit)

            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: true))
            let restored = try harness.store.restore(on: .xee)
            #expect(restored.notice == StoreNotice(.success, "Restored premium active. Nothing was charged."))
            #expect(try harness.ledger.xeeAccess(user: harness.userId).first?.transactionId == pass)
            // The SDK's profile names the plan's product, though the pane no longer lists it.
            #expect(harness.store.xeeProfile(at: harness.now).accessLevels["premium"]?.vendorProductId == SKU.weeklyPass)
            #expect(harness.store.currentReport().snapshot.entitlement(id: "premium")?.productId == SKU.weeklyPass)
            // The SDK sends the most recent App Store transaction, a gem purchase.
            let sent = String(format: "gems-%04d", Self.gemPurchases)
            #expect(try harness.events(.restored).last?.message == "restorePurchases(): \(sent) sent; Apple reported premium active")

            // And the next launch still names the product.
            try harness.relaunch()
            #expect(harness.store.xeeProfile(at: harness.now).accessLevels["premium"]?.vendorProductId == SKU.weeklyPass)
        }
    }

    @Test func aStoreKitSubscriptionKeepsItsPeriodAndPathBehindAThousandGemPurchases() throws {
        try withStore { harness in
            try harness.buyThroughStoreKit(SKU.monthlyPass)
            let before = try #require(Self.subscription(harness, SKU.monthlyPass))
            #expect(before.path == .storekit)
            try Self.buyGems(on: .storekit, in: "JPN", harness)
            try harness.relaunch()
            let after = try #require(Self.subscription(harness, SKU.monthlyPass))
            #expect(after.path == before.path)
            #expect(after.periodType == before.periodType)
            #expect(try harness.store.restore(on: .storekit).notice?.tone == .success)
        }
    }

    @Test func aPayStationSubscriptionKeepsItsPeriodAndPathBehindAThousandGemPurchases() throws {
        try withStore { harness in
            try harness.buy(SKU.monthlyPass)
            let before = try #require(Self.subscription(harness, SKU.monthlyPass))
            #expect(before.path == .paystation)
            try Self.buyGems(on: .paystation, in: "USA", harness)
            try harness.relaunch()
            let after = try #require(Self.subscription(harness, SKU.monthlyPass))
            #expect(after.path == before.path)
            #expect(after.periodType == before.periodType)
            #expect(try harness.store.restore(on: .paystation).notice?.tone == .success)
        }
    }
}
