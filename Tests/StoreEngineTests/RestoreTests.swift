import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// Restore purchases on Pay Station: what the ledger says the player owns (non-consumables,
/// subscriptions still active) is theirs again. It is logged as `purchases.restored`, and it
/// never makes a transaction or charges anything.
@Suite("Store: restore purchases")
struct RestoreTests {
    @Test func withNothingOwnedThereIsNothingToRestore() throws {
        try withStore { harness in
            let report = try harness.store.restore(on: .paystation)
            let notice = try #require(report.notice)
            #expect(notice.tone == .info)
            #expect(notice.text.hasPrefix("Nothing to restore"))
            #expect(report.sheet == nil)
            let restored = try harness.events(.restored)
            #expect(restored.map(\.message) == ["restore: nothing to restore"])
            #expect(try harness.ledger.transactionCount() == 0)
        }
    }

    @Test func ownedPurchasesAreRestoredWithoutACharge() throws {
        try withStore { harness in
            try harness.buy(SKU.removeAds)
            try harness.buy(SKU.monthlyPass)
            try harness.buy(SKU.gems100)
            let before = harness.store.currentReport().snapshot
            let transactionsBefore = try harness.ledger.transactions(newestFirst: 100)

            let report = try harness.store.restore(on: .paystation)
            let notice = try #require(report.notice)
            #expect(notice.tone == .success)
            // Entitlements in id order (no_ads, premium); consumables are not restored.
            #expect(notice.text == "Restored Remove Ads, Monthly Pass. Nothing was charged.")

            #expect(try harness.ledger.transactions(newestFirst: 100) == transactionsBefore)
            #expect(report.snapshot.transactions == before.transactions)
            #expect(report.snapshot.balances == before.balances)
            #expect(report.snapshot.transactions.map(\.amountCharged).reduce(0, +)
                == before.transactions.map(\.amountCharged).reduce(0, +))
            let restored = try #require(try harness.events(.restored).last)
            #expect(restored.message == "restore: Remove Ads, Monthly Pass")
            #expect(restored.transactionId == nil, "restoring is no transaction")
            #expect(try harness.allEventKinds().last == "purchases.restored")
        }
    }

    @Test func anExpiredSubscriptionIsNotRestored() throws {
        try withStore { harness in
            try harness.buy(SKU.removeAds)
            try harness.buy(SKU.weeklyPass)
            harness.clock.advance(by: 8 * 86_400)
            let notice = try #require(try harness.store.restore(on: .paystation).notice)
            #expect(notice.text == "Restored Remove Ads. Nothing was charged.")
        }
    }
}
