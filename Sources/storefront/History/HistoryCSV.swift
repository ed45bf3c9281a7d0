import Foundation
import StoreEngine

/// `storefront history --csv`: one row per transaction (newest first) for a spreadsheet, after a
/// header row; RFC 4180: fields separated by commas, rows ended by CRLF, a field holding a comma,
/// a quote or a line break quoted, its quotes doubled.
enum HistoryCSV {
    static let header = [
        "id", "createdAt", "userId", "productId", "storefront", "path", "store", "state", "displayState", "finished",
        "price", "amountCharged", "currency", "locale", "charge", "offerType", "offerId", "variationId", "invoiceId", "orderId",
        "originalTransactionId", "subscriptionStatus", "verification", "refundedAt", "refundReason", "refundAmount",
        "proratedRefund", "proratedRefundReason",
        "purchaseToken", "purchaseState", "isAcknowledged", "originalJson", "signature",
    ]

    static func text(_ history: LedgerHistory) -> String {
        let statuses = HistoryFacts.subscriptionStatuses(history)
        // Grouped once, in time order: each row finds its own refunds without a scan of all of them.
        let refunds = Dictionary(grouping: history.refunds, by: \.transactionId)
        var rows = [header]
        for transaction in history.transactions {
            let own = refunds[transaction.id] ?? []
            let full = own.first { !$0.isProrated }
            let partial = own.filter(\.isProrated)
            rows.append([
                transaction.id, HistoryFacts.date(transaction.createdAt), transaction.userId, transaction.productId,
                transaction.storefront, transaction.path?.rawValue ?? "unknown", HistoryFacts.store(of: transaction) ?? "",
                transaction.state.rawValue, transaction.displayState, transaction.isFinished ? "yes" : "no",
                transaction.price, "\(transaction.amountCharged)", transaction.currency, transaction.locale ?? "",
                transaction.chargeText, transaction.offerType ?? "", transaction.offerId ?? "",
                transaction.variationId ?? "", transaction.invoiceId ?? "", transaction.orderId ?? "",
                transaction.originalTransactionId ?? "",
                statuses[transaction.id]?.rawValue ?? "", history.verification[transaction.id].map(HistoryFacts.words) ?? "",
                full.map { HistoryFacts.date($0.time) } ?? "", full?.reason ?? "", full.map { "\($0.amount)" } ?? "",
                partial.map { "\($0.amount)" }.joined(separator: " "), partial.map(\.reason).joined(separator: " "),
            ] + signedPurchaseFields(history.signedPurchases[transaction.id]))
        }
        return rows.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// Google Play's purchase as the app gets it (empty for a purchase of another store).
    private static func signedPurchaseFields(_ purchase: SignedPurchase?) -> [String] {
        guard let purchase else { return ["", "", "", "", ""] }
        return [purchase.token, purchase.purchaseState, purchase.isAcknowledged ? "true" : "false",
                purchase.originalJson, purchase.signature]
    }

    /// One field, quoted when RFC 4180 says it must be.
    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
