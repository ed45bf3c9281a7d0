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

    /// Apple's id of the `index`th purchase `writeSigned` wrote (from 0): `2000000000000001` first.
    public static func appStoreTransactionId(_ index: Int) -> String {
        AppStoreIdentifiers.transactionId(of: signedLedgerId(index))
    }

    public static func write(purchases count: Int, of productId: String, in storefrontId: String, user: String, catalog: ProductCatalog, toLedgerAt ledgerPath: String,
                             startingAt start: Date) throws(StoreError) {
        try write(purchases: count, of: productId, in: storefrontId, user: user, catalog: catalog, toLedgerAt: ledgerPath,
                  startingAt: start, signed: false)
    }

    /// The same history with the ledger's own ids (`txn-000001` on) and each purchase signed as
    /// the store signs it when paid, the JWS kept with it: what the App Store Server API serves
    /// (`appStoreTransactionId`). Signing costs a fraction of a millisecond a purchase.
    public static func writeSigned(purchases count: Int, of productId: String, in storefrontId: String, user: String,
                                   catalog: ProductCatalog, toLedgerAt ledgerPath: String, startingAt start: Date) throws(StoreError) {
        try write(purchases: count, of: productId, in: storefrontId, user: user, catalog: catalog, toLedgerAt: ledgerPath,
                  startingAt: start, signed: true)
    }

    private static func signedLedgerId(_ index: Int) -> String {
        LedgerTransactionId.of(sequence: Int64(index + 1))
    }

    private static func write(purchases count: Int, of productId: String, in storefrontId: String, user: String,
                              catalog: ProductCatalog, toLedgerAt ledgerPath: String, startingAt start: Date,
                              signed: Bool) throws(StoreError) {
        guard let product = catalog.product(id: productId), let storefront = catalog.storefront(id: storefrontId),
              let price = product.price(in: storefront) else {
            throw StoreError.storage("no product \(productId) priced in \(storefrontId) to write a history of")
        }
        let rules = GrantRules(catalog: catalog, renewalRate: RenewalRate(catalog: catalog))
        do {
            let ledger = try LedgerDatabase(path: ledgerPath)
            // The store signs with the ledger's key, as it signs a purchase it completes.
            let signer = signed ? try Store(catalog: catalog, ledger: ledger, userId: user, clock: .paused(at: start)) : nil
            try ledger.inTransaction {
                for index in 0..<count {
                    let time = start.addingTimeInterval(Double(index) * 60)
                    // Ids of one width, as the ledger's sequence gives (`txn-000042`): otherwise a
                    // longer history lists wider ids, and its frame draws other rows than a shorter one's.
                    let transaction = TransactionRecord(
                        id: signed ? signedLedgerId(index) : transactionId(index), productId: product.id, userId: user,
                        storefront: storefront.id, integrationPath: storefront.path.rawValue, state: .purchased, quantity: 1,
                        price: "\(price)", currency: storefront.currency, createdAt: time, updatedAt: time, finishedAt: time,
                        purchasedAt: time)
                    try ledger.insert(transaction)
                    if let grant = rules.grant(for: transaction, product: product, at: time) {
                        try ledger.recordGrant(grant)
                    }
                    try signer?.sign(transaction, at: time)
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error)
        }
    }
}
