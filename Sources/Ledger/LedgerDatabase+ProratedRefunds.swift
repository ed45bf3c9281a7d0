import Foundation

// A part of a payment the store gave back (an upgrade's prorated refund): kept as an entry of
// the transaction's history, beside its states, so the amount is a fact of the ledger and not
// only the words of an event. The transaction keeps its state and its grant's record.
extension LedgerDatabase {
    /// Records a prorated refund on the transaction it gives money back for, inside the
    /// caller's commit. Throws `unknownTransaction` for an id that was never inserted.
    public func recordProratedRefund(_ refund: ProratedRefund) throws {
        try appendNote(refund.note, toTransaction: refund.transactionId, at: refund.time)
    }

    /// Appends `note` to a transaction's history at `time`, in the state it is in, inside the
    /// caller's commit (a prorated refund, a redeemed code). Throws `unknownTransaction` for an
    /// id that was never inserted.
    func appendNote(_ note: String, toTransaction id: String, at time: Date) throws {
        let statement = try database.prepare("""
            INSERT INTO transaction_history (transaction_id, state, time, note)
            SELECT id, state, ?2, ?3 FROM transactions WHERE id = ?1
            """)
        try statement.bind(id, at: 1)
        try statement.bind(time, at: 2)
        try statement.bind(note, at: 3)
        try statement.step()
        guard database.changes == 1 else { throw LedgerError.unknownTransaction(id: id) }
    }

    /// The prorated refunds of one user's transactions (of everyone's when nil), oldest first.
    public func proratedRefunds(user: String? = nil) throws -> [ProratedRefund] {
        let statement = try database.prepare("""
            SELECT h.transaction_id, h.time, h.note FROM transaction_history h
            JOIN transactions t ON t.id = h.transaction_id
            WHERE h.note LIKE ?1 AND (?2 IS NULL OR t.user_id = ?2) ORDER BY h.id
            """)
        try statement.bind(ProratedRefund.notePrefix + "%", at: 1)
        try statement.bind(user, at: 2)
        var refunds: [ProratedRefund] = []
        while try statement.step() {
            if let refund = ProratedRefund(transactionId: statement.string(column: 0), time: statement.date(column: 1),
                                           note: statement.string(column: 2)) {
                refunds.append(refund)
            }
        }
        return refunds
    }
}

/// Money a store gave back for the unused part of a period: `1.79 USD` of `txn-000001`, for an
/// upgrade.
public struct ProratedRefund: Sendable, Equatable {
    public var transactionId: String
    /// A decimal string (`"1.79"`), never floating point.
    public var amount: String
    public var currency: String
    /// Why: the plan change that ended the period (`upgrade`, `crossgrade`).
    public var reason: String
    public var time: Date

    public init(transactionId: String, amount: String, currency: String, reason: String, time: Date) {
        self.transactionId = transactionId
        self.amount = amount
        self.currency = currency
        self.reason = reason
        self.time = time
    }

    /// The history entry's note, as QA reads it there too: `prorated refund 1.79 USD for upgrade`.
    static let notePrefix = "prorated refund "

    var note: String { "\(Self.notePrefix)\(amount) \(currency) for \(reason)" }

    init?(transactionId: String, time: Date, note: String) {
        guard note.hasPrefix(Self.notePrefix) else { return nil }
        let words = note.dropFirst(Self.notePrefix.count).split(separator: " ", maxSplits: 3).map(String.init)
        guard words.count == 4, words[2] == "for", Decimal(string: words[0]) != nil else { return nil }
        self.init(transactionId: transactionId, amount: words[0], currency: words[1], reason: words[3], time: time)
    }
}
