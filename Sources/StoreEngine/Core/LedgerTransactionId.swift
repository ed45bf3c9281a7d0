/// How the ledger names a transaction: `txn-` and its number in the ledger's sequence, at
/// least six digits (`txn-000042`), so ids sort as they were made up to a million.
enum LedgerTransactionId {
    static let prefix = "txn-"

    /// Padded by hand: `String(format:)` goes through NSString, a cost on every API request.
    static func of(sequence: Int64) -> String {
        let digits = String(sequence)
        return prefix + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
