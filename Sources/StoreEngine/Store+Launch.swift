import Catalog
import Foundation
import Ledger

extension Store {
    // MARK: Launch

    /// Delivers every unfinished transaction again, as `Transaction.updates` and the payment
    /// queue do at launch: a purchased one is validated, granted (once) and finished; one left
    /// purchasing by a closed app is failed, since Pay Station went away with it.
    @discardableResult
    public func deliverUnfinished() throws -> [StoreNotice] {
        var notices: [StoreNotice] = []
        for transaction in try ledger.unfinishedTransactions() where transaction.userId == userId {
            let time = now()
            try log(.redelivered, "delivered again at launch (\(transaction.state.rawValue))", transaction.id, time)
            switch transaction.state {
            case .purchased, .restored:
                notices.append(try complete(transaction.id))
            case .purchasing:
                // Pay Station's committed outcome settles it, as the SDK's status query would;
                // with no outcome the payment never happened.
                let paid = try transaction.invoiceId.flatMap { try ledger.invoice(id: $0) }?.paymentStatus
                if let paid, let status = RedirectURL.Status(rawValue: paid), let invoiceId = transaction.invoiceId {
                    notices.append(try settle(transactionId: transaction.id, invoiceId: invoiceId, status: status))
                } else {
                    try fail(transaction.id, error: "interrupted: the app closed before Pay Station answered", time)
                    notices.append(StoreNotice(.info, "\(transaction.id) was interrupted and has been closed."))
                }
            case .failed, .deferred:
                try ledger.inTransaction {
                    try ledger.markFinished(transaction: transaction.id, at: time)
                    try log(.finished, "finished", transaction.id, time)
                }
            }
        }
        return notices
    }
}
