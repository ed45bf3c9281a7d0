import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// Restore purchases. On Pay Station, the payment queue's `restoreCompletedTransactions`: each
/// purchase that still gives the player something comes back as a new `restored` transaction,
/// signed, charging nothing, validated and finished, while access stays with the original's
/// grant. On StoreKit, `AppStore.sync()` and `currentEntitlements`: a look, no transaction.
@Suite("Store: restore purchases")
struct RestoreTests {
    @Test(arguments: [IntegrationPath.paystation, .storekit])
    func withNothingOwnedThereIsNothingToRestore(_ path: IntegrationPath) throws {
        try withStore { harness in
            let report = try harness.store.restore(on: path)
            let notice = try #require(report.notice)
            #expect(notice.tone == .info)
            #expect(notice.text.hasPrefix("Nothing to restore"))
            #expect(report.sheet == nil)
            let restored = try harness.events(.restored).map(\.message)
            #expect(restored == [path == .paystation ? "restoreCompletedTransactions: nothing to restore"
                                    : "AppStore.sync() and Transaction.currentEntitlements: nothing to restore"])
            #expect(try harness.ledger.transactionCount() == 0)
        }
    }

    @Test func payStationRestoresEachOwnedPurchaseAsARestoredTransactionThenFinishesIt() throws {
        try withStore { harness in
            try harness.buy(SKU.removeAds)
            try harness.buy(SKU.monthlyPass)
            try harness.buy(SKU.gems100)
            let before = harness.store.currentReport().snapshot
            let grantsBefore = try harness.ledger.grants()

            let report = try harness.store.restore(on: .paystation)
            let notice = try #require(report.notice)
            #expect(notice.tone == .success)
            #expect(notice.text == "Restored Remove Ads, Monthly Pass (restored, then finished). Nothing was charged.")

            // Two new transactions, one per owned purchase; the consumable is not restored.
            let all = try harness.ledger.transactions(newestFirst: 100)
            #expect(all.count == 5)
            let restored = all.filter { $0.state == .restored }
            #expect(Set(restored.compactMap(\.originalTransactionId)) == ["txn-000001", "txn-000002"])
            for transaction in restored {
                #expect(transaction.isFinished)
                #expect(transaction.amountCharged == "0")
                #expect(transaction.signedTransaction != nil)
                #expect(try harness.eventKinds(of: transaction.id) == [
                    "purchases.restored", "transaction.validated", "transaction.finished",
                ])
            }
            // Nothing charged, nothing granted again: the balances and grants are as they were.
            #expect(report.snapshot.balances == before.balances)
            #expect(try harness.ledger.grants() == grantsBefore)
            let chargedAfter: Decimal = report.snapshot.transactions.reduce(Decimal(0)) { $0 + $1.amountCharged }
            let chargedBefore: Decimal = before.transactions.reduce(Decimal(0)) { $0 + $1.amountCharged }
            #expect(chargedAfter == chargedBefore)
            #expect(report.snapshot.entitlements == before.entitlements)
        }
    }

    @Test func aRestoredTransactionLeftUnfinishedIsFinishedAtTheNextLaunch() throws {
        try withStore { harness in
            try harness.buy(SKU.removeAds)
            // Written as a crash before its signing and finish would leave it: restored, unfinished.
            let time = harness.now
            let id = String(format: "txn-%06d", try harness.ledger.nextValue(ofSequence: "transaction"))
            try harness.ledger.insert(TransactionRecord(
                id: id, productId: SKU.removeAds, userId: harness.userId, storefront: "USA", integrationPath: "paystation",
                state: .restored, quantity: 1, price: "2.99", currency: "USD", createdAt: time, updatedAt: time,
                amountCharged: "0", originalTransactionId: "txn-000001"))
            try harness.relaunch()
            _ = try harness.store.launch()
            let transaction = try #require(try harness.ledger.transaction(id: id))
            // Signed on delivery (the crash came before it was), validated, finished; no grant.
            #expect(transaction.isFinished)
            #expect(try harness.ledger.grant(forTransaction: id) == nil)
        }
    }

    @Test func storeKitLooksAtWhatIsOwnedAndMakesNoTransaction() throws {
        try withStore { harness in
            _ = try harness.buyThroughStoreKit(SKU.removeAds)
            let count = try harness.ledger.transactionCount()
            let notice = try #require(try harness.store.restore(on: .storekit).notice)
            #expect(notice.text == "Restored Remove Ads. Nothing was charged.")
            #expect(try harness.ledger.transactionCount() == count)
            #expect(try harness.events(.restored).last?.transactionId == nil, "a look is no transaction")
        }
    }

    @Test func anExpiredSubscriptionIsNotRestored() throws {
        try withStore { harness in
            try harness.buy(SKU.removeAds)
            let (weekly, _) = try harness.buy(SKU.weeklyPass)
            try harness.cancelRenewal(of: weekly.transactionId)
            try harness.wait(8 * 86_400)
            let notice = try #require(try harness.store.restore(on: .paystation).notice)
            #expect(notice.text == "Restored Remove Ads (restored, then finished). Nothing was charged.")
            #expect(try harness.ledger.transactions(newestFirst: 10).filter { $0.state == .restored }.map(\.productId)
                    == [SKU.removeAds])
        }
    }
}
