import Foundation
import StoreEngine

/// `storefront history`: a line per transaction (newest first), a line per refund, then each
/// player's balances, entitlements and subscriptions at the ledger's simulated time, then each
/// notification the stores' servers posted.
enum HistoryText {
    static func lines(_ history: LedgerHistory) -> [String] {
        if history.transactions.isEmpty { return ["No transactions in \(history.ledgerPath)."] }
        var lines = history.transactions.map { line(for: $0, in: history) }
        lines += history.refunds.map { refund in
            "refund \(refund.transactionId)  \(refund.amountText)  \(HistoryFacts.reason(of: refund))  "
                + HistoryFacts.date(refund.time)
        }
        for player in history.players {
            lines.append("player \(player.userId) at \(HistoryFacts.date(history.now))")
            lines += player.balances.sorted { $0.key < $1.key }.map { "  balance \($0.key): \($0.value)" }
            lines += player.entitlementLines.map { "  " + $0 }
            lines += player.subscriptions.map { subscription in
                "  subscription \(subscription.originalTransactionId) \(subscription.productId): "
                    + HistoryFacts.state(of: subscription)
            }
        }
        lines += history.notifications.map { notification in
            let kind = [notification.type, notification.subtype].compactMap { $0 }.joined(separator: " ")
            let outcome = notification.deliveredAt != nil ? "delivered"
                : notification.nextAttemptAt != nil ? "pending" : "given up"
            let results = notification.attempts.map(\.result).joined(separator: ", ")
            return "notification \(notification.uuid) \(notification.store) \(kind) to \(notification.url): \(outcome)"
                + (results.isEmpty ? "" : " (\(results))")
        }
        return lines
    }

    private static func line(for transaction: TransactionSummary, in history: LedgerHistory) -> String {
        let finished = transaction.isFinished ? "finished" : "unfinished"
        // The state as the app shows it (`cancelled`, not `failed (paymentCancelled)`); the
        // reason only for a real failure.
        let error = transaction.failure.flatMap { $0.isError ? " (\($0))" : nil } ?? ""
        let offer = transaction.offerType.map { "  \($0) offer" + (transaction.offerId.map { " \($0)" } ?? "") } ?? ""
        let variation = transaction.variationId.map { "  variation \($0)" } ?? ""
        let store = HistoryFacts.store(of: transaction).map { "  \($0)" } ?? ""
        let verified = history.verification[transaction.id].map { "  " + HistoryFacts.words($0) } ?? ""
        return "\(transaction.id)  \(HistoryFacts.date(transaction.createdAt))  \(transaction.productId)  "
            + "\(transaction.storefront)  \(transaction.chargeText)  \(transaction.displayState)\(error)  "
            + "\(finished)\(offer)\(variation)\(store)\(verified)"
    }
}
