import Catalog

/// A path's SDK in the app: what it does as the app launches (Pay Station pre-warms, StoreKit
/// reads `currentEntitlements`), the URLs it takes (a redirect, a promoted purchase), and what it
/// keeps between calls (the Xee SDK: its server's settings, the promoted purchases its delegate
/// held) and shows the app on each report. A capability of the path whose SDK does any of it
/// (`PurchasePath.sdkState`); every member has a default that does nothing.
protocol SDKState: AnyObject {
    /// The app has launched (before anything unfinished is delivered).
    func launched(in context: PathContext) throws

    /// A URL the app was opened with; nil when it is not this path's.
    func open(_ url: String, in context: PathContext) throws -> PathStep?

    /// The store opened with `catalog`: the SDK takes its settings from it.
    func start(with catalog: ProductCatalog)

    /// A saved catalog replaced `old`: settings still the old catalog's follow the new one,
    /// what QA chose is kept.
    func catalogReplaced(_ old: ProductCatalog, by new: ProductCatalog)

    /// Adds the SDK's fields to a report of the state. What a call hands the app (what it
    /// returned) is not state: it comes on the call's step (`PathStep.handOff`).
    func describe(into report: inout StoreReport, in context: PathContext)
}

extension SDKState {
    func launched(in context: PathContext) throws {}
    func open(_ url: String, in context: PathContext) throws -> PathStep? { nil }
    func start(with catalog: ProductCatalog) {}
    func catalogReplaced(_ old: ProductCatalog, by new: ProductCatalog) {}
    func describe(into report: inout StoreReport, in context: PathContext) {}
}
