extension TransactionSummary {
    /// The Pay Station invoice of a `paystation` transaction: the path's reference, by its name.
    public var invoiceId: String? { path == .paystation ? pathReference : nil }
}
