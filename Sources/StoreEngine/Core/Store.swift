import Catalog
import Foundation
import Ledger

/// The simulated stores behind the app: the façade over the integration paths (one of each
/// in `PathRegistry`), the shared completion, the clock and the player's account. Every step of a purchase
/// is committed to the ledger (state change, grant and event together) before a call returns,
/// so whatever the screen shows next has already survived a crash.
///
/// Not thread-safe by design: the program runs it on one thread of its own, off the input path.
public final class Store {
    /// What the store sells; a saved catalog file replaces it whole (`replaceCatalog`).
    public internal(set) var catalog: ProductCatalog
    public let userId: String
    let ledger: LedgerDatabase
    /// The wall clock, the simulated calendar and the renewal rate.
    var calendar: StoreCalendar
    /// The network, the SDK's project id and the paths' chance.
    var conditions: SDKConditions
    /// What falls due: the agenda and the rows it could not read back.
    var upcoming = DueSchedule()
    /// What one call leaves for the next (recovery) and what this run opened.
    var carryover = Carryover()
    /// What the steps of the call under way hand the app, once it is committed.
    var handOff = CallHandOff()
    /// Where each store's server posts its notifications, and how it retries.
    public internal(set) var outbox = OutboxSettings()
    /// The newest notifications for the Server pane, read again when the outbox changes.
    var outboxList = OutboxList()
    /// The last report's snapshot, whose unchanged parts the next report hands up again.
    var sharedSnapshot = SharedSnapshot()
    /// The player's transactions, grants, subscriptions and events, as the panes read them.
    var account = Account()
    /// The store's own sheet on screen (a refund request), held while it is open.
    var storeSheet: StoreSheet?
    /// The key this ledger signs its transactions with, made once and kept in the ledger.
    let signingKey: SigningKey
    /// The certificates its signed data carries, made once for the key and kept in the ledger.
    let signingCertificates: SigningCertificates
    /// The paths it was made with (the built-in ones of `PathRegistry` unless told otherwise),
    /// in the order they are asked for a URL. Each keeps its own state (its sessions, its
    /// server's settings, what it hands the app).
    let paths: [any PurchasePath]
    /// Called as each durable step completes. The executable uses it to crash the process on
    /// purpose at a chosen step (`STOREFRONT_CRASH_AT`), so recovery is tested on the real binary.
    public var checkpoint: (StoreCheckpoint) -> Void = { _ in }
    /// The claim on the state directory (one app at a time), held as long as the store lives.
    var stateLock: StateLock?
    /// The storefront the app's screen shows, by id: what the app's own answers speak where
    /// the purchase is another storefront's (a promoted purchase is made in the App Store
    /// account's, but the app refuses it in the screen's words). The app sets it at launch, and
    /// each call from a screen that can start such a purchase carries it; nil before then.
    public var shownStorefront: String?
    /// The integration path QA chose last (`i`, a scenario's `path`), kept in the ledger as
    /// QA's other settings are, for the next launch; nil for each storefront's own.
    public internal(set) var keptPath: IntegrationPath?

    /// The simulated calendar; kept in the ledger whenever it changes.
    public private(set) var clock: Clock {
        get { calendar.clock }
        set { calendar.clock = newValue }
    }

    /// How long subscription periods last on it (kept in the ledger; the catalog's to start).
    /// The account reads the same rate.
    public internal(set) var renewalRate: RenewalRate {
        get { calendar.renewalRate }
        set {
            calendar.renewalRate = newValue
            account.renewalRate = newValue
        }
    }

    /// The catalog's `network` setting unless the command line says otherwise.
    public var networkCondition: NetworkCondition {
        get { conditions.network }
        set { conditions.network = newValue }
    }

    /// How the App Store's data is signed: the catalog's `signedData` unless the command line or
    /// a scenario says otherwise (a catalog saved later then changes nothing).
    public var signedDataChoice: SignedDataStyle? = nil

    /// The project id the SDK was started with: the catalog's, unless QA passes another
    /// (`--project-id`) to see a wrong project connect and sell nothing.
    public var sdkProjectId: Int? {
        get { conditions.projectId }
        set { conditions.projectId = newValue }
    }

    /// The paths' chance (Pay Station's tokens, a flaky network's coin).
    var generator: any RandomNumberGenerator {
        get { conditions.generator }
        set { conditions.generator = newValue }
    }

    /// What falls due on the calendar (the paths' work reads and matches it here).
    var agenda: Agenda {
        get { upcoming.agenda }
        set { upcoming.agenda = newValue }
    }

    /// Transactions this run opened (a path's purchase adds its own).
    var openedThisRun: Set<String> {
        get { carryover.openedThisRun }
        set { carryover.openedThisRun = newValue }
    }

    /// Opens the store on the ledger file at `ledgerPath` (created if missing; its directory
    /// must exist). `clock` is where time starts for a new ledger, and `rate`, when given,
    /// replaces the rate the ledger kept (scenarios pause it). It claims no state directory:
    /// the app and scenarios open theirs through `StateDirectory.openStore`, which does.
    public convenience init(catalog: ProductCatalog, ledgerPath: String, userId: String, clock: Clock? = nil,
                            rate: Clock.Rate? = nil, wallTime: @escaping () -> Date = Date.init,
                            generator: any RandomNumberGenerator = SystemRandomNumberGenerator()) throws(StoreError) {
        let ledger: LedgerDatabase
        do {
            ledger = try LedgerDatabase(path: ledgerPath)
        } catch {
            throw StoreError(error)
        }
        try self.init(catalog: catalog, ledger: ledger, userId: userId, clock: clock, rate: rate, wallTime: wallTime,
                      generator: generator)
    }

    /// `paths` are the store's paths, registered with `PathRegistry` as the store opens: the
    /// four this build ships unless the caller adds (or chooses) its own.
    init(catalog: ProductCatalog, ledger: LedgerDatabase, userId: String, clock: Clock? = nil, rate: Clock.Rate? = nil,
         wallTime: @escaping () -> Date = Date.init,
         generator: any RandomNumberGenerator = SystemRandomNumberGenerator(),
         paths: [any RegisteredPath] = PathRegistry.makePaths()) throws(StoreError) {
        self.catalog = catalog
        self.ledger = ledger
        self.userId = userId
        conditions = SDKConditions(network: catalog.settings.network, projectId: catalog.settings.projectId,
                                   generator: generator)
        for path in paths { PathRegistry.register(type(of: path)) }
        self.paths = paths
        for path in paths { path.sdkState?.start(with: catalog) }
        let wall = wallTime()
        calendar = StoreCalendar(wallTime: wallTime, clock: clock ?? .realTime(at: wall))
        do {
            signingKey = try Self.signingKey(keptIn: ledger)
            signingCertificates = try Self.signingCertificates(for: signingKey, keptIn: ledger)
        } catch let error as SigningError {
            throw .signing(path: ledger.path, reason: error.description)
        } catch {
            throw StoreError(error)
        }
        do {
            var changed = true
            if let kept = try ledger.clock() {
                self.clock = Clock(simulated: kept.simulated, wall: kept.wall, rate: kept.rate.map { .scaled($0) } ?? .paused)
                changed = false
                // Left past the end by an older storefront (or edited): every date from it would be false.
                guard Clock.holds(self.clock.now(atWall: wall)) else { throw StoreError.clockOffTheCalendar(path: ledger.path) }
            }
            if let rate, rate != self.clock.rate {
                self.clock.change(rate: rate, atWall: wall)
                changed = true
            }
            if changed { try saveClock() }
            account = try Account(reading: ledger, user: userId, catalog: catalog)
            renewalRate = try ledger.setting(Self.renewalRateSetting).flatMap(RenewalRate.init(rawValue:))
                ?? RenewalRate(catalog: catalog)
            keptPath = try ledger.setting(Self.pathSetting).flatMap { name in paths.first { $0.id.rawValue == name }?.id }
            try reloadAgenda()
            // The rate this run measures by, kept with its next commit (none of its own), so a
            // reader without the catalog measures as it did.
            if try ledger.setting(Self.renewalRateInUseSetting) != renewalRate.rawValue {
                let inUse = renewalRate.rawValue
                // Weakly: the ledger keeps the closure, and would otherwise keep itself open.
                ledger.writeWithNextCommit(Self.renewalRateInUseSetting) { [weak ledger] in
                    try ledger?.setSetting(Self.renewalRateInUseSetting, to: inUse)
                }
            }
        } catch {
            throw StoreError(error)
        }
    }

    /// The ledger setting that keeps the renewal rate QA chose.
    static let renewalRateSetting = "renewalRate"
    /// The ledger setting that keeps the renewal rate the app last ran at: QA's choice, else
    /// its catalog's `timeRate`, which `history` has no catalog to read.
    static let renewalRateInUseSetting = "renewalRateInUse"

    /// Simulated time now.
    func now() -> Date {
        calendar.now()
    }

    /// The ledger file, for messages and `history`.
    public var ledgerPath: String { ledger.path }

    /// Write transactions the ledger has committed since it was opened (counted, for benchmarks).
    public var commitCount: Int { ledger.commitCount }

    var context: PathContext { PathContext(store: self) }

    func path(_ id: IntegrationPath) -> any PurchasePath {
        paths.first { $0.id == id } ?? paths[paths.count - 1]
    }

    /// The path a ledger row names (`integration_path`); the last, as `path(_:)`, for none.
    func path(named id: String?) -> any PurchasePath {
        paths.first { $0.id.rawValue == id } ?? paths[paths.count - 1]
    }

    /// The one path of type `Path` (the registry lists each once); for a path's own face on
    /// the store (its SDK's calls, its settings), which its folder declares.
    func path<Path: PurchasePath>(ofType type: Path.Type) -> Path {
        guard let found = paths.lazy.compactMap({ $0 as? Path }).first else {
            preconditionFailure("PathRegistry lists no \(type)")
        }
        return found
    }

    func log(_ kind: EventKind, _ message: String, _ transactionId: String?, _ time: Date) throws {
        account.record(try ledger.appendEvent(kind: kind.rawValue, message: message, transactionId: transactionId, at: time))
    }

    /// Reads a transaction the engine just changed back into the account.
    /// Logs `event` of the transaction `transactionId` (sold on `pathId`, the ledger's
    /// `integration_path`) by the name its store gives it, with its heading first; what the store
    /// tells no one is the engine's `subscription.changed`; what the path logs itself, nothing.
    func logLifecycle(_ event: LifecycleEvent, _ message: String, transaction transactionId: String, onPath pathId: String?,
                      at time: Date) throws {
        // A subscription row older than its path's column names none: its transaction does.
        let owner = path(named: try pathId ?? ledger.transaction(id: transactionId)?.integrationPath)
        switch owner.lifecycle?.notification(for: event, ofTransaction: transactionId, in: context) ?? .unnotified {
        case .notification(let kind, let heading):
            try log(kind, heading.map { "\($0) · \(message)" } ?? message, transactionId, time)
            // The App Store's names are its notifications' type and subtype, and it posts them;
            // another store's path says what its server posts.
            if owner.traits.marketplace == .appStore {
                try enqueueAppStoreNotification(type: kind.rawValue, subtype: heading, transactionId: transactionId, at: time)
                try notifyFamily(kind, subtype: heading, message, ofTransaction: transactionId, at: time)
            } else {
                try postBackendNotification(of: kind, transaction: transactionId, by: owner)
            }
        case .unnotified:
            try log(.subscriptionChanged, message, transactionId, time)
        case .loggedByPath:
            break
        }
    }

    func refresh(_ transactionId: String) throws {
        if let record = try ledger.transaction(id: transactionId) { account.record(record) }
    }

    func saveClock() throws {
        let wall = calendar.wallTime()
        let rate: Double?
        switch clock.rate {
        case .paused: rate = nil
        case .scaled(let factor): rate = factor
        }
        try ledger.saveClock(ClockRecord(simulated: clock.now(atWall: wall), wall: wall, rate: rate))
    }

    /// Moves the simulated calendar on to `date`, kept in the ledger with the next commit: the
    /// work that falls due there commits it with its own writes, so moving on to a due redirect
    /// costs no commit of its own (`advance` commits it when nothing else did).
    func moveClock(to date: Date) {
        let wall = calendar.wallTime()
        guard date > clock.now(atWall: wall) else { return }
        clock.move(to: date, atWall: wall)
        ledger.writeWithNextCommit(Self.clockWrite) { [weak self] in try self?.saveClock() }
    }

    /// The key of the clock's deferred write (`Ledger.writeWithNextCommit`).
    private static let clockWrite = "clock"

    func changeClock(rate: Clock.Rate) throws {
        clock.change(rate: rate, atWall: calendar.wallTime())
        try saveClock()
    }

    /// Puts the clock back as it was before a change whose commit rolled back.
    func restore(clock kept: Clock) {
        clock = kept
    }
}
