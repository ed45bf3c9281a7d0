import Catalog
import Foundation

/// The stores' server APIs on one state directory, behind one address: the App Store Server
/// API (`/inApps/…`) and the Google Play Developer API with its OAuth token endpoint
/// (`/androidpublisher/v3/…`, `/token`), each at its store's paths. Each reads on a read-only
/// connection of its own; what changes something comes back as a `ServerChange` for the engine.
public final class StoreServers: Sendable {
    private let appStore: AppStoreServerAPI
    private let androidPublisher: AndroidPublisherAPI

    /// How many requests each store's API answers at once: the server takes no more threads.
    public static let connections = 4

    /// Opens the state directory's ledger to read; an error when there is none to read.
    public init(stateDirectory: StateDirectory, catalog: ProductCatalog,
                wallTime: @escaping @Sendable () -> Date = Date.init) throws(StoreError) {
        appStore = try AppStoreServerAPI(stateDirectory: stateDirectory, bundleId: catalog.app.bundleId, wallTime: wallTime)
        androidPublisher = try AndroidPublisherAPI(stateDirectory: stateDirectory, catalog: catalog, wallTime: wallTime)
    }

    public func answer(_ request: APIRequest) -> APIAnswer {
        if request.path.hasPrefix("/inApps/") { return appStore.answer(request) }
        return androidPublisher.answer(request) ?? .response(APIResponse(status: 404))
    }
}
