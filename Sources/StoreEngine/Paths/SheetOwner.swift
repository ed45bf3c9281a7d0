/// The sheet a path shows while a purchase waits on the player, and the input it takes in its
/// own terms (`Input`: `StoreKitInput`, `PayStationInput`…, Google Play's calls of the app's
/// among them): a capability of the path that shows one (`PurchasePath.purchaseSheet`).
protocol SheetOwner: AnyObject {
    associatedtype Input

    /// This path's input out of what the app sent; nil for another path's.
    func input(from sent: PathInput) -> Input?

    /// The player's input in this path's sheet (or a call of the app's it names).
    func take(_ input: Input, in context: PathContext) throws -> PathStep

    /// The sheet waiting on the player, if this path has one open.
    func sheet(in context: PathContext) -> PurchaseSheet?

    /// The sheet of a purchase still under way: one purchase at a time, so no other path opens
    /// a sheet meanwhile. A sheet left showing how a purchase ended (a declined page) is not.
    func openPurchase(in context: PathContext) -> PurchaseSheet?

    /// Another path opens a purchase: a sheet left showing how this path's purchase ended closes.
    func closeEndedSheet(in context: PathContext) throws

    /// The catalog no longer sells what the purchase under way is for: it is cancelled as the
    /// player would cancel it, nothing charged; nil when it is past cancelling (paid).
    func cancelPurchaseUnderWay(in context: PathContext) throws -> PathStep?
}

extension SheetOwner {
    func openPurchase(in context: PathContext) -> PurchaseSheet? { sheet(in: context) }

    func closeEndedSheet(in context: PathContext) throws {}

    /// What the app sent, taken when it is this path's input (matched, never cast); another
    /// path's does nothing.
    func take(sent: PathInput, in context: PathContext) throws -> PathStep {
        guard let input = input(from: sent) else { return .nothing }
        return try take(input, in: context)
    }
}
