import Catalog
import Ledger

/// The one list of purchase paths: the engine makes each store's paths from it, gathers each
/// path's event kinds from it, and names none of them anywhere else. Adding a path is its
/// folder under `Paths/` and one line here.
enum PathRegistry {
    /// In the order they are asked for a URL: StoreKit 2 and Xee first, Pay Station last (it
    /// answers every URL, its own or with a rejection).
    static var all: [any RegisteredPath.Type] {
        [
            StoreKitPath.self,
            XeePath.self,
            PayStationPath.self,
        ]
    }

    /// A fresh set of paths, one of each, for a store (or for `history`, which reads kept work).
    static func makePaths() -> [any PurchasePath] {
        all.map { $0.init() }
    }

    /// What every path's server holds on `user`'s profile, read from the ledger (at launch,
    /// and for `history`).
    static func serverAccess(in ledger: Ledger, user: String) throws -> [ServerAccess] {
        try all.flatMap { try $0.serverAccess(in: ledger, user: user) }
    }

    /// The event kinds every path declares.
    static var eventKinds: PathEventKinds {
        all.reduce(into: PathEventKinds()) { kinds, path in kinds.add(path.eventKinds) }
    }

    /// Read once: each transaction the account notes and each paywall evaluation asks.
    private static let traitsById = Dictionary(uniqueKeysWithValues: all.map { ($0.traits.id, $0.traits) })

    /// What the path `id` is, without one at hand (a transaction's path, the paywall's).
    static func traits(of id: IntegrationPath) -> PathTraits {
        guard let traits = traitsById[id] else {
            preconditionFailure("PathRegistry lists no path \(id.rawValue)")
        }
        return traits
    }
}

/// What a path is, apart from what it does: its id in the catalog's vocabulary, the store
/// that takes its payments, and whether it sells only what its products request returned.
struct PathTraits: Sendable {
    var id: IntegrationPath
    var marketplace: Marketplace
    /// Pay Station sells only what its products request returned; the others sell every
    /// available product of the catalog.
    var sellsOnlyRequestedProducts = false
}

extension IntegrationPath {
    /// The store that takes this path's payments.
    public var marketplace: Marketplace { PathRegistry.traits(of: self).marketplace }

    /// Whether the paywall offers only what this path's products request returned.
    public var sellsOnlyRequestedProducts: Bool { PathRegistry.traits(of: self).sellsOnlyRequestedProducts }
}

/// A path as the registry knows it: made without arguments, and declaring its event kinds.
protocol RegisteredPath: PurchasePath {
    init()

    static var traits: PathTraits { get }

    /// The events this path logs, by the Events pane's groups (its own SDK's calls, its
    /// server's lifecycle names) and those drawn as failures.
    static var eventKinds: PathEventKinds { get }

    /// What the path's server holds on `user`'s profile, from the path's own rows in the
    /// ledger; a path without a server holds nothing.
    static func serverAccess(in ledger: Ledger, user: String) throws -> [ServerAccess]
}

extension RegisteredPath {
    static func serverAccess(in ledger: Ledger, user: String) throws -> [ServerAccess] { [] }
}

/// The event kinds a path adds to the engine's (`EventKind.sdkCalls`, `lifecycle`, `tone`).
struct PathEventKinds: Sendable {
    var sdkCalls: [EventKind] = []
    var lifecycle: [EventKind] = []
    /// Drawn as a failure in the Events pane (a decline, a wrong code).
    var failures: [EventKind] = []

    mutating func add(_ other: PathEventKinds) {
        sdkCalls += other.sdkCalls
        lifecycle += other.lifecycle
        failures += other.failures
    }
}
