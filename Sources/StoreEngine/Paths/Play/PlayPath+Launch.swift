import Catalog
import Foundation
import Ledger

// queryPurchasesAsync: at launch (what Google Play holds that the app has not been told of) and
// for restore.
extension PlayPath {
    // MARK: Launch and restore: queryPurchasesAsync

    /// A transaction left `purchasing`: Google Play's record says what happened. Charged but not
    /// yet delivered (the app went away in between), it is delivered now; pending, it waits for
    /// the slow card; with no record, the sheet went away before Buy.
    func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        switch try context.records(PlayPurchaseRecords.self).purchase(of: transaction.id)?.state {
        case .purchased?:
            // Relaunched after its deadline: Google Play has refunded it already, and the
            // deadline, due now, says so before the app could be told of it.
            if let due = context.agenda.due(of: PlayDueWork.acknowledgementDeadline(transactionId: transaction.id)),
               due <= context.now {
                return .nothing
            }
            try context.log(.playQueryPurchases, "queryPurchasesAsync at launch: \(transaction.id) PURCHASED, "
                            + "not yet delivered", transaction: transaction.id)
            return try deliver(transaction.id, in: context)
        case .pending?:
            return .nothing
        case .declined?, nil:
            return PathStep(settlements: [try context.purchases.settle(transaction.id, as: .interrupted)])
        }
    }

    /// Restore is `queryPurchasesAsync`: what Google Play holds as the player's, acknowledging
    /// what was granted and left unacknowledged. Never charges.
    func restore(in context: PathContext) throws -> PathStep {
        PathStep(notice: try queryPurchases(at: "restore", in: context))
    }

    func queryPurchases(at moment: String, in context: PathContext) throws -> StoreNotice {
        let records = context.records(PlayPurchaseRecords.self)
        let owned = try records.all().filter { $0.obfuscatedAccountId == Self.accountId(context.userId) && $0.isOwned }
        try context.log(.playQueryPurchases, "queryPurchasesAsync(INAPP, SUBS) at \(moment): "
                        + (owned.isEmpty ? "no purchases" : owned.map { "\($0.productId) \($0.orderId)" }.joined(separator: ", ")))
        let acknowledges = try records.appAcknowledges()
        for var purchase in owned where !purchase.acknowledged && acknowledges {
            guard try context.account.transaction(purchase.transactionId)?.finishedAt != nil else { continue }
            try settleOwnership(of: &purchase, in: context)
        }
        let names = owned.filter { !$0.consumable }.map { context.catalog.noticeName(ofProduct: $0.productId) }
        return names.isEmpty ? StoreNotice(.info, "Google Play: nothing to restore.")
            : StoreNotice(.success, "Google Play: you own \(names.joined(separator: ", ")). Nothing was charged.")
    }
}
