import Catalog
import Ledger

/// The one list of purchase paths: the engine makes each store's paths from it, gathers each
/// path's event kinds from it, and names none of them anywhere else. Adding a path is its
/// folder under `Paths/` and one line here.
enum PathRegistry {
    /// In the order they are asked for a URL: StoreKit 2, Xee and Google Play first (Play
    /// takes none), Pay Station last (it answers every URL, its own or with a rejection).
    static var all: [any RegisteredPath.Type] {
        [
            StoreKitPath.self,
            XeePath.self,
            PlayPath.self,
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

    /// Whether `path` signs with a key of its own rather than the ledger's.
    static func hasOwnKey(_ path: IntegrationPath) -> Bool {
        all.first { $0.traits.id == path }?.signsWithItsOwnKey ?? false
    }

    /// Every purchase a store signed with its own key, by transaction id, each checked with
    /// that key; read-only, for `history`.
    static func signedPurchases(in ledger: Ledger, transactions: [TransactionRecord]) throws -> [String: SignedPurchase] {
        try all.reduce(into: [:]) { found, path in
            found.merge(try path.signedPurchases(in: ledger, transactions: transactions)) { first, _ in first }
        }
    }

    /// The public half of `path`'s own key, in the form its store shows it; nil until made.
    static func publicKey(of path: IntegrationPath, in ledger: Ledger) throws -> String? {
        try all.first { $0.traits.id == path }?.publicKey(in: ledger)
    }

    /// The subscription calendar the path `id` keeps (its `rawValue` as the ledger writes it);
    /// the App Store's for a path that keeps none of its own, or none at all.
    static func calendar(of id: String?) -> any SubscriptionCalendar {
        id.flatMap { calendarsById[$0] } ?? AppStoreCalendar()
    }

    private static let calendarsById = Dictionary(uniqueKeysWithValues: all.map {
        ($0.traits.id.rawValue, $0.subscriptionCalendar)
    })

    /// The transaction manager's line for `action` on a transaction of `path`, in its store's
    /// words; nil where they are the App Store's.
    static func actionTitle(of action: TransactionAction, on path: IntegrationPath) -> String? {
        all.first { $0.traits.id == path }?.actionTitle(of: action)
    }

    /// Whether `path`'s store lets a subscriber pause a subscription.
    static func pausesSubscriptions(_ path: IntegrationPath) -> Bool {
        all.first { $0.traits.id == path }?.pausesSubscriptions ?? false
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

    /// Whether this path's store lets a subscriber pause a subscription.
    public var pausesSubscriptions: Bool { PathRegistry.pausesSubscriptions(self) }
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

    /// Whether the path's store signs its purchases with a key of its own (Google Play's
    /// licence key), which `storefront public-key --path` prints; else the ledger's key signs.
    static var signsWithItsOwnKey: Bool { get }

    /// The public half of that key as its store shows it, from the ledger read-only.
    static func publicKey(in ledger: Ledger) throws -> String?

    /// The purchases its store signed with that key, for `transactions` (those of this path),
    /// each checked with the key; from the ledger read-only.
    static func signedPurchases(in ledger: Ledger, transactions: [TransactionRecord]) throws -> [String: SignedPurchase]

    /// The calendar its store runs subscriptions on; the App Store's unless it says otherwise.
    static var subscriptionCalendar: any SubscriptionCalendar { get }

    /// The transaction manager's line for `action`, where the path's store words it otherwise.
    static func actionTitle(of action: TransactionAction) -> String?

    /// Whether its store lets a subscriber pause a subscription (`PauseDuration`); no store
    /// does unless it says so.
    static var pausesSubscriptions: Bool { get }
}

extension RegisteredPath {
    static func serverAccess(in ledger: Ledger, user: String) throws -> [ServerAccess] { [] }
    static var signsWithItsOwnKey: Bool { false }
    static func publicKey(in ledger: Ledger) throws -> String? { nil }
    static func signedPurchases(in ledger: Ledger, transactions: [TransactionRecord]) throws -> [String: SignedPurchase] {
        [:]
    }
    static var subscriptionCalendar: any SubscriptionCalendar { AppStoreCalendar() }
    static func actionTitle(of action: TransactionAction) -> String? { nil }
    static var pausesSubscriptions: Bool { false }
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
