import CSQLite
import Foundation

// A refund the player asked for on the App Store's own sheet, kept on its transaction: the
// request, the App Store's decision, and an approved refund reversed. Each is one statement in
// the caller's commit, with an entry in the transaction's history, so the history QA attaches
// to a bug says when the player asked and how it was decided.
extension LedgerDatabase {
    /// Records the player's request; false (and nothing written) when the transaction already
    /// has one, as the App Store takes one request per purchase.
    @discardableResult
    public func recordRefundRequest(ofTransaction id: String, reason: String, at time: Date) throws -> Bool {
        try updateNotingHistory(of: id, at: time, note: "refund requested: \(reason)", sql: """
            UPDATE transactions SET refund_request_reason = ?3, refund_requested_at = ?2, updated_at = ?2
            WHERE id = ?1 AND refund_request_reason IS NULL
            """, binding: reason)
    }

    /// Records the App Store's decision on a request that waits: `approved` or `declined`;
    /// false when none waits.
    @discardableResult
    public func recordRefundDecision(ofTransaction id: String, _ decision: String, at time: Date) throws -> Bool {
        try updateNotingHistory(of: id, at: time, note: "refund request \(decision)", sql: """
            UPDATE transactions SET refund_decision = ?3, updated_at = ?2
            WHERE id = ?1 AND refund_request_reason IS NOT NULL AND refund_decision IS NULL
            """, binding: decision)
    }

    /// Reverses a refund: the revocation is cleared and the grant given back (the currency
    /// totals follow by their triggers), the request (if any) marked `reversed`. False when the
    /// transaction is not refunded.
    @discardableResult
    public func recordRefundReversal(ofTransaction id: String, at time: Date) throws -> Bool {
        try inTransaction {
            let changed = try updateNotingHistory(of: id, at: time, note: "refund reversed", sql: """
                UPDATE transactions SET revoked_at = NULL, revocation_reason = NULL, updated_at = ?2,
                    refund_decision = CASE WHEN refund_request_reason IS NULL THEN NULL ELSE ?3 END
                WHERE id = ?1 AND revoked_at IS NOT NULL
                """, binding: "reversed")
            guard changed else { return false }
            let grant = try database.prepare("UPDATE grants SET revoked_at = NULL WHERE transaction_id = ?1")
            try grant.bind(id, at: 1)
            try grant.step()
            return true
        }
    }
}
