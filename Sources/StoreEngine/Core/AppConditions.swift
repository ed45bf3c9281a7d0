import Catalog

/// The app around a path (`PathContext.app`): what its screen shows and how its SDK was
/// started and reaches the network. Read only.
struct AppConditions {
    unowned let store: Store

    /// The storefront the app's screen shows (`Store.shownStorefront`), when the catalog has it.
    var shownStorefront: Storefront? { store.shownStorefront.flatMap { store.catalog.storefront(id: $0) } }
    /// The project id the SDK was started with, and how the network behaves.
    var sdkProjectId: Int? { store.sdkProjectId }
    var networkCondition: NetworkCondition { store.networkCondition }
    /// Who signs the App Store's data: the environment its JWS names (`Xcode` with `signed-data xcode`).
    var signedEnvironment: SignedEnvironment { store.signedEnvironment }
    /// The sheet on screen, on any path.
    var sheetOnScreen: PurchaseSheet? { store.sheetOnScreen }
}
