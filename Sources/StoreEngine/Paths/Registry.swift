import Catalog
import Ledger
import Synchronization

/// The purchase paths the engine knows: the four this build ships, and any other registered
/// beside them (`register`, which a `Store` made with a path of its own calls). The engine makes
/// each store's paths from it, gathers each path's event kinds and facts from it, and names none
/// of them anywhere else. Adding a path is its folder under `Paths/` and one line in `builtIn`,
/// or, for a path defined outside the engine, handing it to `Store.init(…paths:)`.
///
/// Process-wide, because some readers hold no store: `history` and the account read a ledger
/// and ask what a transaction's path is by the name the ledger keeps.
enum PathRegistry {
    /// In the order they are asked for a URL: StoreKit 2, Xee and Google Play first (Play
    /// takes none), Pay Station last (it answers every URL, its own or with a rejection).
    static var builtIn: [any RegisteredPath.Type] {
        [
            StoreKitPath.self,
            XeePath.self,
            PlayPath.self,
            PayStationPath.self,
        ]
    }

    /// The built-in paths, then every other registered, in the order they were.
    static var all: [any RegisteredPath.Type] {
        registered.withLock { $0 }
    }

    private static let registered = Mutex<[any RegisteredPath.Type]>(builtIn)

    /// Makes `path` known by its name (its traits, its events, its calendar) to every reader of
    /// a ledger in this process. Registering a path again changes nothing.
    static func register(_ path: any RegisteredPath.Type) {
        registered.withLock { paths in
            guard !paths.contains(where: { $0.traits.id == path.traits.id }) else { return }
            paths.append(path)
        }
    }

    /// A fresh set of the built-in paths, one of each, for a store (or for `history`, which
    /// reads kept work).
    static func makePaths() -> [any RegisteredPath] {
        builtIn.map { $0.init() }
    }

    /// The registered path named `name` (a ledger's `integration_path`); nil for one this
    /// process has not registered.
    static func path(named name: String) -> IntegrationPath? {
        all.first { $0.traits.id.rawValue == name }?.traits.id
    }

    private static func registered(_ path: IntegrationPath) -> (any RegisteredPath.Type)? {
        all.first { $0.traits.id == path }
    }

    /// What every path's server holds on `user`'s profile, read from the ledger (at launch,
    /// and for `history`).
    static func serverAccess(in ledger: LedgerDatabase, user: String) throws -> [ServerAccess] {
        try all.flatMap { try $0.serverAccess(in: ledger, user: user) }
    }

    /// Whether `path` signs with a key of its own rather than the ledger's.
    static func hasOwnKey(_ path: IntegrationPath) -> Bool {
        registered(path)?.signsWithItsOwnKey ?? false
    }

    /// Every purchase a store signed with its own key, by transaction id, each checked with
    /// that key; read-only, for `history`.
    static func signedPurchases(in ledger: LedgerDatabase, transactions: [TransactionRecord]) throws -> [String: SignedPurchase] {
        try all.reduce(into: [:]) { found, path in
            found.merge(try path.signedPurchases(in: ledger, transactions: transactions)) { first, _ in first }
        }
    }

    /// The public half of each path's own key, by path, made where missing inside the caller's commit.
    static func ownPublicKeys(madeIn ledger: LedgerDatabase) throws -> [IntegrationPath: String] {
        var keys: [IntegrationPath: String] = [:]
        for path in all where path.signsWithItsOwnKey {
            keys[path.traits.id] = try path.publicKey(madeIn: ledger)
        }
        return keys
    }

    /// The public keys every path's store checks its push tokens with, by key id, made where
    /// missing inside the caller's commit.
    static func tokenCertificates(madeIn ledger: LedgerDatabase) throws -> [String: String] {
        try all.reduce(into: [:]) { found, path in
            found.merge(try path.tokenCertificates(madeIn: ledger)) { first, _ in first }
        }
    }

    /// The public half of `path`'s own key, in the form its store shows it; nil until made.
    static func publicKey(of path: IntegrationPath, in ledger: LedgerDatabase) throws -> String? {
        try registered(path)?.publicKey(in: ledger)
    }

    /// The subscription calendar the path `id` keeps (its `rawValue` as the ledger writes it);
    /// the App Store's for a path that keeps none of its own, or none at all.
    static func calendar(of id: String?) -> any SubscriptionCalendar {
        id.flatMap { id in all.first { $0.traits.id.rawValue == id }?.subscriptionCalendar } ?? AppStoreCalendar()
    }

    /// The transaction manager's line for `action` on a transaction of `path`, in its store's
    /// words; nil where they are the App Store's.
    static func actionTitle(of action: TransactionAction, on path: IntegrationPath) -> String? {
        registered(path)?.actionTitle(of: action)
    }

    /// Whether `path`'s store lets a subscriber pause a subscription.
    static func pausesSubscriptions(_ path: IntegrationPath) -> Bool {
        registered(path)?.pausesSubscriptions ?? false
    }

    /// Whether `path`'s store reports a chargeback as its own kind of voided purchase.
    static func reportsChargebacks(_ path: IntegrationPath) -> Bool {
        registered(path)?.reportsChargebacks ?? false
    }

    /// The event kinds every built-in path declares: the Events pane's groups, fixed once read.
    static var eventKinds: PathEventKinds {
        builtIn.reduce(into: PathEventKinds()) { kinds, path in kinds.add(path.eventKinds) }
    }

    /// What the path `id` is, without one at hand (a transaction's path, the paywall's).
    static func traits(of id: IntegrationPath) -> PathTraits {
        guard let path = registered(id) else {
            preconditionFailure("PathRegistry lists no path \(id.rawValue)")
        }
        return path.traits
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
    /// Whether the app finishes a transaction that fails verification (the Xsolla guide:
    /// `finishTransaction` in every branch) or leaves it unfinished (StoreKit's guide).
    var finishesUnverifiedTransactions = true
    /// Whether the app grants subscription access itself; on Xee the server's profile does.
    var grantsAccessLocally = true
    /// Whether the app reads `Transaction.currentEntitlements` after each update (StoreKit).
    var readsCurrentEntitlements = false
}

extension PurchasePath {
    /// What the path is, from the registry (where the store registered it).
    var traits: PathTraits { PathRegistry.traits(of: id) }
}

extension IntegrationPath {
    /// The store that takes this path's payments.
    public var marketplace: Marketplace { PathRegistry.traits(of: self).marketplace }

    /// Whether the paywall offers only what this path's products request returned.
    public var sellsOnlyRequestedProducts: Bool { PathRegistry.traits(of: self).sellsOnlyRequestedProducts }

    /// Whether this path's store lets a subscriber pause a subscription.
    public var pausesSubscriptions: Bool { PathRegistry.pausesSubscriptions(self) }

    /// Whether this path's store reports a chargeback (QA's transaction manager offers one).
    public var reportsChargebacks: Bool { PathRegistry.reportsChargebacks(self) }
}

/// A path as the registry knows it: made without arguments, and declaring its event kinds.
protocol RegisteredPath: PurchasePath, SendableMetatype {
    init()

    static var traits: PathTraits { get }

    /// The events this path logs, by the Events pane's groups (its own SDK's calls, its
    /// server's lifecycle names) and those drawn as failures.
    static var eventKinds: PathEventKinds { get }

    /// What the path's server holds on `user`'s profile, from the path's own rows in the
    /// ledger; a path without a server holds nothing.
    static func serverAccess(in ledger: LedgerDatabase, user: String) throws -> [ServerAccess]

    /// Whether the path's store signs its purchases with a key of its own (Google Play's
    /// licence key), which `storefront public-key --path` prints; else the ledger's key signs.
    static var signsWithItsOwnKey: Bool { get }

    /// The public half of that key as its store shows it, from the ledger read-only.
    static func publicKey(in ledger: LedgerDatabase) throws -> String?

    /// The same, made now inside the caller's commit when nothing made it yet (`storefront
    /// keys` hands it to a backend before the app ever ran).
    static func publicKey(madeIn ledger: LedgerDatabase) throws -> String?

    /// The public keys its store's push tokens are checked with, by key id (PEM), made now
    /// inside the caller's commit when missing; none for a store that sends no tokens.
    static func tokenCertificates(madeIn ledger: LedgerDatabase) throws -> [String: String]

    /// The purchases its store signed with that key, for `transactions` (those of this path),
    /// each checked with the key; from the ledger read-only.
    static func signedPurchases(in ledger: LedgerDatabase, transactions: [TransactionRecord]) throws -> [String: SignedPurchase]

    /// The calendar its store runs subscriptions on; the App Store's unless it says otherwise.
    static var subscriptionCalendar: any SubscriptionCalendar { get }

    /// The transaction manager's line for `action`, where the path's store words it otherwise.
    static func actionTitle(of action: TransactionAction) -> String?

    /// Whether its store lets a subscriber pause a subscription (`PauseDuration`); no store
    /// does unless it says so.
    static var pausesSubscriptions: Bool { get }

    /// Whether its store tells a chargeback from a refund (Google Play's voided purchases);
    /// no store does unless it says so.
    static var reportsChargebacks: Bool { get }
}

extension RegisteredPath {
    static func serverAccess(in ledger: LedgerDatabase, user: String) throws -> [ServerAccess] { [] }
    static var signsWithItsOwnKey: Bool { false }
    static func publicKey(in ledger: LedgerDatabase) throws -> String? { nil }
    static func publicKey(madeIn ledger: LedgerDatabase) throws -> String? { try publicKey(in: ledger) }
    static func signedPurchases(in ledger: LedgerDatabase, transactions: [TransactionRecord]) throws -> [String: SignedPurchase] {
        [:]
    }
    static func tokenCertificates(madeIn ledger: LedgerDatabase) throws -> [String: String] { [:] }
    static var subscriptionCalendar: any SubscriptionCalendar { AppStoreCalendar() }
    static func actionTitle(of action: TransactionAction) -> String? { nil }
    static var pausesSubscriptions: Bool { false }
    static var reportsChargebacks: Bool { false }
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
