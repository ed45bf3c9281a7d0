extension TransactionSummary {
    /// Google Play's order id of a `play` transaction (`GPA.` and digits): the path's reference,
    /// by its name. None while the purchase is PENDING: Google Play gives the order its id only
    /// once it is PURCHASED.
    public var orderId: String? { path == .play && state != .deferred ? pathReference : nil }
}
