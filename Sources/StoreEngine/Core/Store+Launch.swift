import Catalog
import Foundation
import Ledger

extension Store {
    /// Delivers every unfinished transaction again, as `Transaction.updates` and the payment
    /// queue do at launch: a purchased one is validated, granted (once) and finished; one left
    /// purchasing goes to its path, which settles it from what it committed or fails it.
    /// Returns what to tell the player of each.
    @discardableResult
    func deliverUnfinished() throws -> [StoreNotice] {
        var notices: [StoreNotice] = []
        // A deferred one waits for its answer (Ask to Buy, an interrupted purchase), however many
        // launches that takes: it is not delivered until then.
        for transaction in try ledger.unfinishedTransactions()
        where transaction.userId == userId && transaction.state != .deferred
            && !(transaction.state == .purchasing && carryover.openedThisRun.contains(transaction.id)) {
            let time = now()
            try log(.redelivered, "delivered again at launch (\(transaction.state.rawValue))", transaction.id, time)
            switch transaction.state {
            case .purchased, .restored:
                notices.append(try complete(transaction))
            case .purchasing:
                let owner = path(of: transaction)
                if let notice = try decideAndApply({ try owner.redeliver(transaction, in: context) }) { notices.append(notice) }
            case .failed, .deferred:
                try ledger.inTransaction {
                    try ledger.markFinished(transaction: transaction.id, at: time)
                    try log(.finished, "finished", transaction.id, time)
                    try refresh(transaction.id)
                }
            }
        }
        return notices
    }
}
