import Catalog
import Foundation
import Ledger

/// A long purchase history written straight into a ledger file, for benchmarks: `count`
/// finished, granted purchases of one product, a minute apart, as the completion would have
/// left them (the grant from the same rules). All in one commit, so 100,000 rows take seconds
/// rather than the hours 100,000 synced purchases would.
public enum SyntheticHistory {
    /// The id of the `index`th purchase written (from 0): the newest is `count - 1`'s.
    public static func transactionId(_ index: Int) -> String {
        String(format: "synthetic-%06d", index)
    }

    public static func write(purchases count: Int, of productId: String, in storefrontId: String, user: String, catalog: ProductCatalog, toLedgerAt ledgerPath: String,
                             startingAt start: Date) throws(StoreError) {
        guard let product = catalog.product(id: productId), let storefront = catalog.storefront(id: storefrontId),
              let price = product.price(in: storefront) else {
            throw StoreError.storage("no product \(productId) priced in \(storefrontId) to write a history of")
        }
        let rules = GrantRules(catalog: catalog, renewalRate: RenewalRate(catalog: catalog))
        do {
            let ledger = try LedgerDatabase(path: ledgerPath)
            try ledger.inTransaction {
                for index in 0..<count {
                    let time = start.addingTimeInterval(Double(index) * 60)
                    // Ids of one width, as the ledger's sequence gives (`txn-000042`): otherwise a
                    // longer history lists wider ids, and its frame draws other rows than a shorter one's.
                    let transaction = TransactionRecord(
                        id: transactionId(index), productId: product.id, userId: user, storefront: storefront.id,
                        integrationPath: storefront.path.rawValue, state: .purchased, quantity: 1, price: "\(price)",
                        currency: storefront.currency, createdAt: time, updatedAt: time, finishedAt: time, purchasedAt: time)
                    try ledger.insert(transaction)
                    if let grant = rules.grant(for: transaction, product: product, at: time) {
                        try ledger.recordGrant(grant)
                    }
                }
            }
        } catch {
            throw StoreError(error)
        }
    }
}
