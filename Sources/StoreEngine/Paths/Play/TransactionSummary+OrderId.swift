extension TransactionSummary {
    /// Google Play's order id of a `play` transaction (`GPA.` and digits): the path's reference,
    /// by its name.
    public var orderId: String? { path == .play ? pathReference : nil }
}
