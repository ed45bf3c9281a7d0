import Foundation
import StoreEngine
import TestFixtures

/// The panes after one finished purchase of gems on Pay Station, as the engine reports them:
/// one transaction, 100 gems, and the events of the purchase, newest first. Since the engine
/// logs the store's notification of a first grant, Xsolla's `order_paid` follows `grant`.
func purchasedGemsSnapshot() -> StoreSnapshot {
    let time = fixedNow
    let transaction = TransactionSummary(
        id: "txn-000001", productId: SKU.gems100, userId: "snapshot-user", storefront: "USA", path: .paystation,
        state: .purchased, price: "0.99", currency: "USD", pathReference: "100000001", createdAt: time, updatedAt: time,
        finishedAt: time)
    let kinds: [(EventKind, String)] = [
        (.purchaseStarted, "gems_100 for $0.99 in USA: purchasing"), (.payStationOpened, "external browser"),
        (.payStationPaid, "status done, invoice 100000001"), (.purchased, "purchased"), (.validated, "validated"),
        (.granted, "+100 gems"), (.xsollaOrderPaid, "gems_100 for 0.99 USD"), (.finished, "finished"),
    ]
    let events = kinds.enumerated().reversed().map { index, entry in
        EventSummary(id: Int64(index + 1), time: time.addingTimeInterval(Double(index)), kind: entry.0,
                     transactionId: "txn-000001", message: entry.1)
    }
    return StoreSnapshot(transactions: [transaction], transactionCount: 1, balances: ["gems": 100], entitlements: [],
                         events: events)
}
