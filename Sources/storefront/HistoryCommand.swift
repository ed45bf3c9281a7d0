import Foundation
import StoreEngine

/// `storefront history [--json]`: the transactions kept in the ledger, newest first, for bug reports.
/// `--check` checks the ledger's file instead (exit 74 when it is damaged).
enum HistoryCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        if options.check {
            do {
                print("\(try Environment.stateDirectory(options).checkLedger()): no problems found (SQLite's integrity_check).")
            } catch {
                throw CommandFailure(error)
            }
            return
        }
        let history: LedgerHistory
        do {
            history = try Environment.stateDirectory(options).history()
        } catch {
            throw CommandFailure(error)
        }
        let formatter = ISO8601DateFormatter()
        // Amounts in each storefront's own format when the catalog is at hand; plain otherwise.
        let catalog = try? Environment.loadCatalog(at: options.catalogPath ?? "catalog.json")
        if options.json {
            let rows: [[String: Any]] = history.transactions.map { transaction in
                var row: [String: Any] = [
                    "id": transaction.id, "productId": transaction.productId, "userId": transaction.userId,
                    "storefront": transaction.storefront, "path": transaction.path?.rawValue ?? "unknown",
                    "state": transaction.state.rawValue, "price": transaction.price, "currency": transaction.currency,
                    "amountCharged": "\(transaction.amountCharged)", "displayState": transaction.displayState,
                    "finished": transaction.isFinished,
                    "createdAt": formatter.string(from: transaction.createdAt),
                ]
                if let failure = transaction.failure { row["error"] = failure.description }
                if let invoice = transaction.invoiceId { row["invoiceId"] = invoice }
                if let variation = transaction.variationId { row["variationId"] = variation }
                if let offer = transaction.offerType { row["offerType"] = offer }
                if let offer = transaction.offerId { row["offerId"] = offer }
                if let jws = transaction.signedTransaction { row["signedTransaction"] = jws }
                if let pending = transaction.pending { row["pending"] = pending.rawValue }
                if let original = transaction.originalTransactionId { row["originalTransactionId"] = original }
                if let refunded = transaction.revokedAt {
                    row["revokedAt"] = formatter.string(from: refunded)
                    row["revocationReason"] = transaction.revocationReason ?? RefundReason.other.rawValue
                }
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
            // The state as the app shows it (`cancelled`, not `failed (paymentCancelled)`); the
            // reason only for a real failure.
            let error = transaction.failure.flatMap { $0.isError ? " (\($0))" : nil } ?? ""
            let offer = transaction.offerType.map { "  \($0) offer" + (transaction.offerId.map { " \($0)" } ?? "") } ?? ""
            let variation = transaction.variationId.map { "  variation \($0)" } ?? ""
            print("\(transaction.id)  \(formatter.string(from: transaction.createdAt))  \(transaction.productId)  \(transaction.storefront)  \(transaction.chargeText(catalog: catalog))  \(transaction.displayState)\(error)  \(finished)\(offer)\(variation)")
        }
        for (currency, amount) in history.balances.sorted(by: { $0.key < $1.key }) {
            print("balance \(currency): \(amount)")
        }
    }
}
