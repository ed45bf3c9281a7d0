import Ledger

extension TransactionRecord {
    /// The path's own id for the payment: the ledger keeps it in the column named for the
    /// first path that kept one (Pay Station's `invoice_id`; the schema stays as it is), and
    /// the engine carries it without knowing what it is.
    var pathReference: String? {
        get { invoiceId }
        set { invoiceId = newValue }
    }
}
