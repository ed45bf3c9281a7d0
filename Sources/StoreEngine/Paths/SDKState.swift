import Catalog

/// What a path's SDK keeps in the app between calls (the Xee SDK: its server's settings, what
/// `makePurchase` returned, its delegate), and hands the app on each report: a capability of
/// the path whose SDK keeps any (`PurchasePath.sdkState`).
protocol SDKState: AnyObject {
    /// The store opened with `catalog`: the SDK takes its settings from it.
    func start(with catalog: Catalog)

    /// A saved catalog replaced `old`: settings still the old catalog's follow the new one,
    /// what QA chose is kept.
    func catalogReplaced(_ old: Catalog, by new: Catalog)

    /// Adds the SDK's fields to a report of the state.
    func describe(into report: inout StoreReport, in context: PathContext)

    /// A call committed: the SDK hands the app what the call left for it (what it returned,
    /// its delegate's callback), on `report`.
    func callEnded(with report: inout StoreReport, in context: PathContext)

    /// A call failed and was rolled back: what it left for the app goes with it.
    func callFailed()
}
