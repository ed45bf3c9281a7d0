import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// The durable steps a crash must survive (`STOREFRONT_CRASH_AT` crashes the real binary at
/// them), one commit each: at `paid` the payment is committed and nothing is granted or
/// finished; at `finished` the purchase is delivered, validated, granted and finished at once.
@Suite("Store: checkpoints")
struct CheckpointTests {
    struct Seen: Equatable {
        var checkpoint: StoreCheckpoint
        var state: TransactionState?
        var granted: Bool
        var finished: Bool
    }

    /// What the ledger holds at each checkpoint of the store's first transaction.
    static func watch(_ harness: StoreHarness) -> () -> [Seen] {
        nonisolated(unsafe) var seen: [Seen] = []
        harness.store.checkpoint = { [ledger = harness.ledger] checkpoint in
            let transaction = try? ledger.transaction(id: "txn-000001")
            let granted = (try? ledger.grant(forTransaction: "txn-000001")) != nil
            seen.append(Seen(checkpoint: checkpoint, state: transaction?.state, granted: granted,
                             finished: transaction?.isFinished ?? false))
        }
        return { seen }
    }

    @Test func aPayStationPurchasePassesOpenedPaidAndFinishedWithTheLedgerAsTheirNamesSay() throws {
        try withStore { harness in
            let seen = Self.watch(harness)
            try harness.buy(SKU.gems100)
            #expect(seen() == [
                Seen(checkpoint: .opened, state: .purchasing, granted: false, finished: false),
                // Pay Station's status: the money is taken, the redirect is on its way.
                Seen(checkpoint: .paid, state: .purchasing, granted: false, finished: false),
                Seen(checkpoint: .finished, state: .purchased, granted: true, finished: true),
            ])
        }
    }

    @Test func aStoreKitPurchasePassesOpenedPaidAndFinishedWithTheLedgerAsTheirNamesSay() throws {
        try withStore { harness in
            let seen = Self.watch(harness)
            try harness.buyThroughStoreKit(SKU.gems100)
            #expect(seen() == [
                Seen(checkpoint: .opened, state: .purchasing, granted: false, finished: false),
                // The App Store's purchase: paid and signed, not yet delivered to the app.
                Seen(checkpoint: .paid, state: .purchased, granted: false, finished: false),
                Seen(checkpoint: .finished, state: .purchased, granted: true, finished: true),
            ])
        }
    }

    @Test func aCancelPassesOnlyTheOpening() throws {
        try withStore { harness in
            var seen: [StoreCheckpoint] = []
            harness.store.checkpoint = { seen.append($0) }
            try harness.open(SKU.gems100)
            try harness.send(.close)
            #expect(seen == [.opened])
        }
    }
}
