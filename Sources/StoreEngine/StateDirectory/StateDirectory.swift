import Catalog
import Foundation
import Ledger
import Platform

/// A state directory (`--state-dir`): where the ledger lives. The commands above
/// the engine reach the ledger only through this and `Store`.
public struct StateDirectory: Sendable, Equatable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `--state-dir`, else `$XDG_STATE_HOME/storefront`, else `~/.local/state/storefront`.
    public static func chosen(option: String?, environment: [String: String]) -> StateDirectory {
        if let option { return StateDirectory(path: option) }
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty { return StateDirectory(path: xdg + "/storefront") }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return StateDirectory(path: home + "/.local/state/storefront")
    }

    public var ledgerPath: String { path + "/storefront.sqlite" }

    /// The ledger with its write-ahead log and shared-memory files: what `reset` removes.
    public var ledgerFiles: [String] { LedgerFiles.all(ledgerPath) }

    /// Makes the directory, readable by its owner only, unless it exists. One that exists and
    /// others may write in (`mkdir -m 777`) is made 0700 as if made here: anyone could otherwise
    /// replace the ledger or plant a link in its place. A shared one (sticky, such as /tmp), or
    /// one this user may not change, is refused; one others may only read is left as it is (its
    /// files are 0600).
    public func create() throws(StoreError) {
        try refuseIfNotADirectory()
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .stateDirectory(path: path, reason: systemErrorText(of: error))
        }
        let mode: Int
        do throws(SystemError) {
            mode = try PathStatus(path: path).mode
        } catch {
            throw .stateDirectory(path: path, reason: systemErrorText(error.code))
        }
        guard mode & 0o022 != 0 else { return }
        // Not made private behind the back of those it is shared with, nor when it is not ours to change.
        guard mode & PathStatus.sticky == 0, (try? PathStatus.changeMode(of: path, to: 0o700)) != nil else {
            throw .sharedStateDirectory(path: path, mode: mode)
        }
    }

    /// Opens the store for a player: `user`, else the catalog's customUserId, else the one kept
    /// in the ledger, else a new one that is kept from now on.
    ///
    /// The state directory is claimed first (`lock`), before the ledger is opened, and the store
    /// holds the claim for its life: a second app on the directory is refused without touching
    /// anything, and cannot close the first one's open purchase as interrupted. A caller that
    /// opens several stores in turn on one claim (a scenario relaunching) passes it as `lock`.
    ///
    /// With `checkedAhead`, the ledger's check begun by `beginCheckingLedger()` answers
    /// for the open, which then only waits for it.
    public func openStore(catalog: ProductCatalog, user: String?, clock: Clock? = nil, rate: Clock.Rate? = nil,
                          generator: any RandomNumberGenerator = SystemRandomNumberGenerator(),
                          lock: StateLock? = nil, checkedAhead check: LedgerCheckAhead? = nil) throws(StoreError) -> Store {
        precondition(lock.map { $0.path == lockPath } ?? true, "a lock on another state directory")
        let claim: StateLock
        if let lock { claim = lock } else { claim = try self.lock() }
        do {
            let ledger = try LedgerDatabase(path: ledgerPath, checkedAhead: check?.check)
            let userId = try user ?? catalog.settings.customUserId ?? keptUserId(in: ledger)
            let store = try Store(catalog: catalog, ledger: ledger, userId: userId, clock: clock, rate: rate, generator: generator)
            store.stateLock = claim
            return store
        } catch {
            throw StoreError(error)
        }
    }

    /// Begins the check of the ledger the next `openStore` opens, in the background, and
    /// returns at once: the app begins it before it loads the catalog, so that a long ledger is
    /// checked while the catalog loads. It reads only, and takes no lock.
    public func beginCheckingLedger() -> LedgerCheckAhead {
        LedgerCheckAhead(check: LedgerDatabase.CheckAhead.begin(at: ledgerPath))
    }

    private func keptUserId(in ledger: LedgerDatabase) throws -> String {
        if let kept = try ledger.setting("userId") { return kept }
        let made = "player-" + String(UUID().uuidString.prefix(8)).lowercased()
        try ledger.setSetting("userId", to: made)
        return made
    }

    /// Every player's transactions, entitlements, subscriptions, refunds and verification:
    /// `storefront history`, from the ledger alone (`catalog`, when given, adds only what a
    /// catalog alone knows). Reads only: with no ledger file it is `.noLedger` (a mistyped
    /// `--state-dir` gets no directory and no empty ledger), and a file that is not a ledger, or
    /// one that is damaged (what it read through a damaged index could be false), is refused
    /// and left exactly as it is. It takes no lock, so it works beside a running app.
    public func history(catalog: ProductCatalog? = nil, wallTime: Date = Date()) throws(StoreError) -> LedgerReading<LedgerHistory> {
        try readingLedger { ledger in
            try LedgerHistory(reading: ledger, catalog: catalog, wallTime: wallTime)
        } opening: { try LedgerDatabase(readingOnly: $0) }
    }

    /// `storefront history --check`: SQLite's full integrity check of the ledger, which also
    /// compares every index with its table, every problem listed. Reads only, like `history`,
    /// but opens without the check every other open makes, which would refuse a damaged file
    /// at its first problem.
    public func checkLedger() throws(StoreError) -> LedgerReading<LedgerCheck> {
        try readingLedger { ledger in
            let problems = try ledger.integrityProblems()
            return problems.isEmpty ? .whole : .damaged(problems: problems)
        } opening: { try LedgerDatabase(checking: $0) }
    }

    /// The PEM public key the ledger's transactions verify with (`storefront public-key`). Reads
    /// only, like `history`: a ledger that never had an app on it has no key yet (nil), and none
    /// is made.
    public func publicKeyPEM() throws(StoreError) -> LedgerReading<String?> {
        let kept = try readingLedger { ledger in
            try ledger.setting(Store.signingKeySetting)
        } opening: { try LedgerDatabase(readingOnly: $0) }
        guard case .read(let pem?) = kept else { return kept }
        do {
            return .read(try SigningKey(privatePEM: pem).publicPEM())
        } catch {
            throw .signing(path: ledgerPath, reason: error.description)
        }
    }

    /// The key that verifies what `path` signs: a path with a key of its own says it in its
    /// own form (read only, nil until the path has made it); the others sign with the ledger's
    /// key, `publicKeyPEM`.
    public func publicKey(of path: IntegrationPath) throws(StoreError) -> LedgerReading<String?> {
        guard PathRegistry.hasOwnKey(path) else { return try publicKeyPEM() }
        return try readingLedger { ledger in
            try PathRegistry.publicKey(of: path, in: ledger)
        } opening: { try LedgerDatabase(readingOnly: $0) }
    }

    /// Opens the ledger with `open` and reads it with `body`; no file at `ledgerPath` is
    /// `.noLedger`, a state path that is a file `stateDirectoryNotADirectory`, any other
    /// failure the engine's error.
    private func readingLedger<Value>(_ body: (LedgerDatabase) throws -> Value, opening open: (String) throws -> LedgerDatabase)
        throws(StoreError) -> LedgerReading<Value> {
        try refuseIfNotADirectory()
        do {
            return .read(try body(try open(ledgerPath)))
        } catch LedgerError.noLedger {
            return .noLedger
        } catch {
            throw StoreError(error)
        }
    }

    /// Refuses a state path that names something other than a directory (a file, most often: a
    /// mistyped `--state-dir`), before anything is made or read under it. A path that is not
    /// there, or that a link takes to a directory, is fine.
    private func refuseIfNotADirectory() throws(StoreError) {
        guard let status = try? PathStatus(path: path) else { return }
        let kind: String
        switch status.kind {
        case .directory: return
        case .file: kind = "a file"
        case .fifo: kind = "a FIFO"
        case .socket: kind = "a socket"
        case .device: kind = "a device"
        case .other: kind = "not a directory"
        }
        throw .stateDirectoryNotADirectory(path: path, kind: kind)
    }

    /// Removes the ledger and its WAL and shared-memory files (`storefront reset`), holding the
    /// state directory's lock while it does, so never from under a running app: while one holds
    /// it, it is `.inUse` and nothing is removed. A missing state directory is left missing.
    /// `remove` is the file system's, or a test's fault.
    public func reset(removingWith remove: (String) throws -> Void = { try FileManager.default.removeItem(atPath: $0) })
        throws(StoreError) -> ResetOutcome {
        guard FileManager.default.fileExists(atPath: path) else { return .removed([]) }
        let claim: StateLock
        do {
            claim = try lock()
        } catch .stateDirectoryInUse(_, let pid) {
            return .inUse(pid: pid)
        }
        defer { claim.release() }
        var removed: [String] = []
        for file in ledgerFiles where FileManager.default.fileExists(atPath: file) {
            do {
                try remove(file)
            } catch {
                return .stopped(file: file, reason: systemErrorText(of: error), removed: removed)
            }
            removed.append(file)
        }
        return .removed(removed)
    }
}
