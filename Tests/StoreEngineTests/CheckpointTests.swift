import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// The durable steps a crash must survive (`STOREFRONT_CRASH_AT` crashes the real binary at
/// them): at `purchased` the purchase is committed and nothing is granted; at `granted` the
/// grant is committed and the transaction is not finished yet.
@Suite("Store: checkpoints")
struct CheckpointTests {
    struct Seen: Equatable {
        var checkpoint: StoreCheckpoint
        var state: TransactionState?
        var granted: Bool
        var finished: Bool
    }

    @Test func aPurchasePassesPurchasedThenGrantedWithTheLedgerAsTheirNamesSay() throws {
        try withStore { harness in
            var seen: [Seen] = []
            harness.store.checkpoint = { [ledger = harness.ledger] checkpoint in
                let transaction = try? ledger.transaction(id: "txn-000001")
                let granted = (try? ledger.grant(forTransaction: "txn-000001")) != nil
                seen.append(Seen(checkpoint: checkpoint, state: transaction?.state, granted: granted,
                                 finished: transaction?.isFinished ?? false))
            }
            try harness.buy(SKU.gems100)
            #expect(seen == [
                Seen(checkpoint: .opened, state: .purchasing, granted: false, finished: false),
                Seen(checkpoint: .paid, state: .purchasing, granted: false, finished: false),
                Seen(checkpoint: .purchased, state: .purchased, granted: false, finished: false),
                Seen(checkpoint: .granted, state: .purchased, granted: true, finished: false),
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
