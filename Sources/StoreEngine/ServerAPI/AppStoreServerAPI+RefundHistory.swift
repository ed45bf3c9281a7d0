import Foundation
import Ledger

extension AppStoreServerAPI {
    /// Get Refund History (`GET /inApps/v2/refund/lookup/{transactionId}`): the customer's
    /// refunded App Store transactions, each as its JWS signed again with its `revocationDate`,
    /// the oldest refund first, twenty a page; `revision` is where the next page starts. Any of
    /// the customer's transactions names the customer, refunded or not, as at Apple.
    func refundHistory(of transaction: TransactionRecord, asked request: APIRequest,
                       in reader: AppStoreLedgerReader) throws -> APIResponse {
        var start = 0
        if let revision = request.values(of: "revision").last {
            guard let offset = HistoryFilter.offset(ofRevision: revision) else {
                return Self.error(400, 4000005, "Invalid request revision.")
            }
            start = offset
        }
        let refunded = try reader.signedTransactions(ofCustomer: transaction.userId)
            .compactMap { signed in signed.record.revokedAt.map { (revoked: $0, signed: signed) } }
            // The same instant orders by the ledger's id, so a page boundary never moves.
            .sorted { ($0.revoked, $0.signed.record.id) < ($1.revoked, $1.signed.record.id) }
        let page = refunded.dropFirst(start).prefix(Self.pageSize)
        let next = start + page.count
        return .json(200, [
            "signedTransactions": page.map(\.signed.compact),
            "revision": HistoryFilter.revision(startingAt: next), "hasMore": next < refunded.count,
        ])
    }
}
