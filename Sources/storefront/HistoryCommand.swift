import Foundation
import Ledger

/// `storefront history [--json]`: the transactions kept in the ledger, newest first, for bug reports.
enum HistoryCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let ledger = try Environment.openLedger(stateDirectory: Environment.stateDirectory(options.stateDirectory))
        let transactions: [TransactionRecord]
        let balances: [String: Int]
        do {
            transactions = try ledger.transactions(newestFirst: Int.max)
            balances = try ledger.balances()
        } catch {
            throw CommandFailure(.ioError, "\(ledger.path): \(error)")
        }
        let formatter = ISO8601DateFormatter()
        if options.json {
            let rows: [[String: Any]] = transactions.map { transaction in
                var row: [String: Any] = [
                    "id": transaction.id, "productId": transaction.productId, "userId": transaction.userId,
                    "storefront": transaction.storefront, "path": transaction.integrationPath,
                    "state": transaction.state.rawValue, "price": transaction.price, "currency": transaction.currency,
                    "finished": transaction.isFinished, "createdAt": formatter.string(from: transaction.createdAt),
                ]
                if let error = transaction.error { row["error"] = error }
                if let invoice = transaction.invoiceId { row["invoiceId"] = invoice }
                if let variation = transaction.variationId { row["variationId"] = variation }
                return row
            }
            let document: [String: Any] = ["transactions": rows, "balances": balances]
            guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]) else {
                throw CommandFailure(.ioError, "could not encode the history as JSON")
            }
            print(String(decoding: data, as: UTF8.self))
            return
        }
        if transactions.isEmpty { print("No transactions in \(ledger.path).") }
        for transaction in transactions {
            let finished = transaction.isFinished ? "finished" : "unfinished"
            let error = transaction.error.map { " (\($0))" } ?? ""
            let variation = transaction.variationId.map { "  variation \($0)" } ?? ""
            print("\(transaction.id)  \(formatter.string(from: transaction.createdAt))  \(transaction.productId)  \(transaction.storefront)  \(transaction.price) \(transaction.currency)  \(transaction.state.rawValue)\(error)  \(finished)\(variation)")
        }
        for (currency, amount) in balances.sorted(by: { $0.key < $1.key }) {
            print("balance \(currency): \(amount)")
        }
    }
}
