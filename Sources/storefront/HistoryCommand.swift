import Foundation
import StoreEngine

/// `storefront history [--json]`: the transactions kept in the ledger, newest first, for bug reports.
enum HistoryCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let history: LedgerHistory
        do {
            history = try Environment.stateDirectory(options).history()
        } catch {
            throw CommandFailure(error)
        }
        let formatter = ISO8601DateFormatter()
        if options.json {
            let rows: [[String: Any]] = history.transactions.map { transaction in
                var row: [String: Any] = [
                    "id": transaction.id, "productId": transaction.productId, "userId": transaction.userId,
                    "storefront": transaction.storefront, "path": transaction.path?.rawValue ?? "unknown",
                    "state": transaction.state.rawValue, "price": transaction.price, "currency": transaction.currency,
                    "charged": "\(transaction.amountCharged)", "finished": transaction.isFinished,
                    "createdAt": formatter.string(from: transaction.createdAt),
                ]
                if let failure = transaction.failure { row["error"] = failure.description }
                if let invoice = transaction.invoiceId { row["invoiceId"] = invoice }
                if let variation = transaction.variationId { row["variationId"] = variation }
                return row
            }
            let document: [String: Any] = ["transactions": rows, "balances": history.balances]
            guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]) else {
                throw CommandFailure(.ioError, "could not encode the history as JSON")
            }
            print(String(decoding: data, as: UTF8.self))
            return
        }
        if history.transactions.isEmpty { print("No transactions in \(history.ledgerPath).") }
        for transaction in history.transactions {
            let finished = transaction.isFinished ? "finished" : "unfinished"
            let error = transaction.failure.map { " (\($0))" } ?? ""
            let variation = transaction.variationId.map { "  variation \($0)" } ?? ""
            print("\(transaction.id)  \(formatter.string(from: transaction.createdAt))  \(transaction.productId)  \(transaction.storefront)  \(transaction.price) \(transaction.currency)  \(transaction.state.rawValue)\(error)  \(finished)\(variation)")
        }
        for (currency, amount) in history.balances.sorted(by: { $0.key < $1.key }) {
            print("balance \(currency): \(amount)")
        }
    }
}
