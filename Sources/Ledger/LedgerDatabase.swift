import CSQLite
import Foundation
import Platform

/// The durable record of transactions, grants, events, the redirect inbox and settings, kept in
/// one SQLite file in write-ahead-log mode.
///
/// Everything a method writes is committed when it returns (or, inside `inTransaction`, when the
/// outermost block returns), with `synchronous=FULL`, so a crash never loses an acknowledged write.
/// A `Ledger` is not `Sendable`: use it from one thread or actor. Other processes may open the
/// same file at the same time; writers wait up to five seconds for each other.
public final class LedgerDatabase {
    /// The newest schema this build can read and write.
    public static let supportedSchemaVersion: Int = Schema.supportedVersion

    public let path: String
    let database: SQLiteDatabase
    /// How many `inTransaction` blocks are open; only the outermost one talks BEGIN/COMMIT.
    private var transactionDepth = 0
    /// What waits for the outermost block to commit (`whenCommitted`).
    private var afterCommit: [() -> Void] = []
    /// Writes that ride on the next commit (`writeWithNextCommit`), in the order first asked,
    /// the latest body for a key replacing the one before.
    private var deferredWrites: [(key: String, write: () throws -> Void)] = []
    /// `totalChanges` as the outermost block's transaction began: a block that changed no row
    /// ends without a commit (an engine call that decided nothing writes nothing to disk).
    private var changesAtBegin = 0

    /// Opens the ledger at `path`, creating it if missing (its directory must exist), and
    /// migrates it to the current schema.
    ///
    /// Nothing is written until the file is known to be a whole ledger of a schema this build
    /// understands (`vet`), so a stray file, another program's database, a damaged ledger or
    /// one from a newer storefront is left exactly as it was.
    public convenience init(path: String) throws {
        try self.init(path: path, opening: .writing)
    }

    /// Opens the ledger at `path` as `init(path:)` does, taking the check's answer from `check`,
    /// begun ahead on the same file (`CheckAhead.begin(at:)`), instead of checking again: it
    /// waits for that answer before anything is written.
    public convenience init(path: String, checkedAhead check: LedgerDatabase.CheckAhead?) throws {
        precondition(check.map { $0.path == path } ?? true, "a check of another file")
        try self.init(path: path, opening: .writing, checkedAhead: check)
    }

    /// Opens the ledger at `path` for reading only (SQLITE_OPEN_READONLY; immutable where
    /// nothing can write beside it, as on a read-only disk), for `storefront history`: it
    /// creates nothing, migrates nothing and writes nothing, and refuses what every open refuses (a damaged file among
    /// them: what it read through a damaged index could be false). A missing file is
    /// `noLedger`; a file of an older schema is `olderSchema` (only a writer brings it up to date).
    public convenience init(readingOnly path: String) throws {
        try self.init(path: path, opening: .reading)
    }

    /// Opens the ledger at `path` for reading only, as `readingOnly` does, but without the
    /// check that refuses a damaged file: for `storefront history --check`, whose own full
    /// check (`integrityProblems`) then lists everything wrong, where the open would stop at
    /// the first problem.
    public convenience init(checking path: String) throws {
        try self.init(path: path, opening: .checking)
    }

    /// What an open is for: the app's writes, `history`'s reads, or `history --check`.
    enum Opening {
        case writing, reading, checking
    }

    private init(path: String, opening: Opening, checkedAhead check: LedgerDatabase.CheckAhead? = nil) throws {
        self.path = path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue { throw LedgerError.isADirectory(path: path) }
        if exists, Self.isEmpty(path) { throw LedgerError.empty(path: path) }
        switch opening {
        case .reading, .checking:
            guard exists else { throw LedgerError.noLedger(path: path) }
            let reading = try SQLiteDatabase(path: path, readOnly: true)
            try Self.vet(reading, opening: opening)
            database = reading
        case .writing:
            if !exists { try Self.make(at: path) }
            database = try Self.openVetted(path, checkedAhead: exists ? check : nil)
            try Self.prepareForWriting(database)
            if let spare = Self.faults.sparePages {
                try limitGrowth(toSparePages: spare)
            }
        }
    }

    /// A connection that may write to the file at `path`, opened only once a connection that
    /// reads has vetted that file: a refused file is never opened for writing, whose close
    /// would fold what a killed app left in the log into it. The writer must open the same
    /// file as was vetted: a file moved into place between the two is vetted in its turn.
    private static func openVetted(_ path: String, checkedAhead check: LedgerDatabase.CheckAhead?) throws -> SQLiteDatabase {
        var answer = check
        while true {
            let vetted: FileIdentity?
            do {
                let reading = try SQLiteDatabase(path: path, readOnly: true)
                vetted = FileIdentity(of: path)
                try vet(reading, opening: .writing, checkedAhead: answer)
            }
            let writing = try SQLiteDatabase(path: path)
            if let vetted, FileIdentity(of: path) == vetted { return writing }
            answer = nil
        }
    }

    /// Reads the file's header and schema on a connection that reads only, refusing what is not
    /// a whole ledger of a schema this build understands; a reader refuses an older schema too,
    /// which only a writer brings up to date. `history --check` is not refused a damaged file,
    /// which its own check then lists whole.
    static func vet(_ database: SQLiteDatabase, opening: Opening, checkedAhead check: LedgerDatabase.CheckAhead? = nil) throws {
        let path = database.path
        // The first read is where SQLite looks at the file's header.
        let found: Int
        do {
            found = try Schema.version(of: database)
        } catch let LedgerError.sqlite(code, message) where code & 0xFF == SQLITE_CANTOPEN {
            throw LedgerError.cannotOpen(path: path, message: message)
        }
        // A version no build of ours writes: a negative one, or one past this build's, said of
        // a ledger's tables or of another program's.
        if found < 0 || found > supportedSchemaVersion {
            let hasLedgerTables = try Schema.hasFirstTables(database)
            if found > supportedSchemaVersion, hasLedgerTables {
                throw LedgerError.newerSchema(path: path, found: found, supported: supportedSchemaVersion)
            }
            if found < 0 {
                throw LedgerError.unknownSchemaVersion(path: path, found: found, supported: supportedSchemaVersion,
                                                      hasLedgerTables: hasLedgerTables)
            }
            throw LedgerError.foreignDatabase(path: path)
        }
        guard try Schema.isLedger(database, version: found) else { throw LedgerError.foreignDatabase(path: path) }
        if opening != .checking {
            // A check begun ahead answered for this version of the file only.
            try refuseIfDamaged(database, checkedAhead: found == supportedSchemaVersion ? check : nil)
        }
        if opening != .writing, found != supportedSchemaVersion {
            throw LedgerError.olderSchema(path: path, found: found, supported: supportedSchemaVersion)
        }
    }

    /// Makes a new ledger whole under a name of its own beside `path` (`path.new`), then links
    /// it in place. Its schema is written a step, and a commit, at a time: made at `path`
    /// itself, a kill before the first commit left a 0-byte file there, which every later open
    /// refuses as an empty file it did not make (the crash matrix found it), and a failure half
    /// way left a file to mend. Now `path` is a whole ledger or nothing; what a kill leaves under
    /// the other name, or a failure (a full disk), is removed, and the next open starts again.
    private static func make(at path: String) throws {
        let making = path + ".new"
        removeFiles(of: making)
        do {
            _ = try LedgerFiles.createPrivately(making)
            try build(making)
        } catch {
            removeFiles(of: making)
            // Said of the ledger the user knows; the other name is ours alone.
            throw (error as? LedgerError)?.naming(path) ?? error
        }
        do throws(SystemError) {
            try linkInPlace(making, at: path)
        } catch {
            removeFiles(of: making)
            throw LedgerError.cannotOpen(path: path, message: error.reason)
        }
        removeFiles(of: making)
        // The new name on disk before the first purchase is written under it.
        FolderSync.flushEntries(of: (path as NSString).deletingLastPathComponent)
    }

    /// Gives the ledger made at `making` the name `path`. A link, not a rename: a ledger another
    /// process made meanwhile (`open-url` beside a launch) is kept, and this one dropped. A
    /// file system without hard links gets the rename.
    private static func linkInPlace(_ making: String, at path: String) throws(SystemError) {
        do throws(SystemError) {
            try FileNames.link(making, as: path)
        } catch {
            guard error != .alreadyExists else { return }
            try FileNames.rename(making, to: path)
        }
    }

    /// Removes whichever files of the ledger being made at `making` are there.
    private static func removeFiles(of making: String) {
        for file in LedgerFiles.all(making) { try? FileNames.remove(file) }
    }

    /// The schema written into the file at `making`, all of it in the file itself (the WAL
    /// folded in and emptied), and the connection closed as the function returns.
    private static func build(_ making: String) throws {
        let database = try SQLiteDatabase(path: making)
        try prepareForWriting(database)
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Turns on WAL and migrates a file `vet` passed (or a new one, `build`).
    private static func prepareForWriting(_ database: SQLiteDatabase) throws {
        let path = database.path
        // WAL lets `storefront history` read while the app writes, and survives a crash with
        // synchronous=FULL. SQLite answers with the mode it actually chose, which is not WAL
        // where shared memory is unavailable, and we would rather say so than run without it.
        let mode: String
        do {
            mode = try database.singleString("PRAGMA journal_mode=WAL")
        } catch let LedgerError.sqlite(code, message) where code & 0xFF == SQLITE_CANTOPEN {
            throw LedgerError.cannotOpen(path: path, message: message)
        }
        guard mode.lowercased() == "wal" else {
            throw LedgerError.walUnavailable(path: path, mode: mode)
        }
        try database.execute("PRAGMA synchronous=FULL")
        // Foreign keys are off by default in SQLite, per connection.
        try database.execute("PRAGMA foreign_keys=ON")
        try Schema.migrate(database)
        // Known to be ours by now, so its mode may be changed.
        LedgerFiles.makePrivate(path)
    }

    /// A 0-byte file with no write-ahead log to recover from. The file this open creates is
    /// 0 bytes only until `journal_mode=WAL` writes its first page, moments later.
    private static func isEmpty(_ path: String) -> Bool {
        let size = { (file: String) in (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0 }
        return size(path) == 0 && size(path + "-wal") == 0
    }

    /// How many write transactions this ledger committed since it was opened (each `inTransaction`
    /// block counts once; a write outside one counts once too). Benchmarks report it.
    public var commitCount: Int { database.commitCount }

    /// The journal mode SQLite is using for this file: `wal` once opened.
    public func journalMode() throws -> String {
        try database.singleString("PRAGMA journal_mode")
    }

    /// The file's schema version (`PRAGMA user_version`).
    public func schemaVersion() throws -> Int {
        try Schema.version(of: database)
    }

    /// Runs `body` as one atomic write: all of it is committed, or none of it if it throws.
    ///
    /// The outermost call takes the write lock up front (`BEGIN IMMEDIATE`), so it never fails
    /// half-way with a busy error. A nested call becomes a savepoint: if it throws, only its own
    /// writes are undone, and the outer block may catch the error and carry on.
    public func inTransaction<T>(_ body: () throws -> T) throws -> T {
        let savepoint = "ledger_\(transactionDepth)"
        let isOutermost = transactionDepth == 0
        try database.execute(isOutermost ? "BEGIN IMMEDIATE" : "SAVEPOINT \(savepoint)")
        if isOutermost { changesAtBegin = database.totalChanges }
        transactionDepth += 1
        defer { transactionDepth -= 1 }

        let result: T
        do {
            result = try body()
        } catch {
            // The original error matters more than a failure to roll back.
            try? database.execute(isOutermost ? "ROLLBACK" : "ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
            if isOutermost { afterCommit.removeAll() }
            throw error
        }
        if isOutermost {
            try endTransaction()
        } else {
            try database.execute("RELEASE \(savepoint)")
        }
        return result
    }

    /// Ends the outermost block's transaction: the writes kept for the next commit (inside it, as
    /// if the block had written them; a rollback keeps them waiting), then COMMIT, or ROLLBACK
    /// for a block that changed no row (nothing to make durable, so no commit is counted or
    /// waited for), then what waited for it. A failure rolls the block back, and what waited
    /// never runs.
    private func endTransaction() throws {
        do {
            for deferred in deferredWrites { try deferred.write() }
            try database.execute(database.totalChanges == changesAtBegin ? "ROLLBACK" : "COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            afterCommit.removeAll()
            throw error
        }
        deferredWrites.removeAll()
        let committed = afterCommit
        afterCommit.removeAll()
        for body in committed { body() }
    }

    /// Whether an `inTransaction` block is running: what is written now is committed with it.
    public var isInTransaction: Bool { transactionDepth > 0 }

    /// Commits what the outermost `inTransaction` block has written so far, and goes on in a new
    /// transaction: a durable step in the middle of one block (a payment committed before its
    /// delivery). What waits for the commit (`whenCommitted`) runs now. Inside a nested block,
    /// whose savepoint cannot commit alone, it commits nothing: the step is durable with the
    /// outermost block's commit, and waits for it.
    public func commitSoFar() throws {
        guard transactionDepth == 1 else { return }
        do {
            try endTransaction()
        } catch {
            // The block goes back whole, as a failed commit at its end would: the error ends it,
            // and the block's own rollback then finds a transaction to end.
            try? database.execute("BEGIN IMMEDIATE")
            throw error
        }
        try database.execute("BEGIN IMMEDIATE")
        changesAtBegin = database.totalChanges
    }

    /// Runs `body` once what has been written so far is durable: at once outside a transaction,
    /// else after the outermost block commits (and never, if it rolls back). Crash tests use it
    /// to kill the process at a step only once that step's commit has reached the disk.
    public func whenCommitted(_ body: @escaping () -> Void) {
        if transactionDepth == 0 { body() } else { afterCommit.append(body) }
    }

    /// Keeps a write to make in the next commit of an `inTransaction` block rather than in one
    /// of its own: a value that changes often and matters only beside what is committed with it
    /// (the simulated clock, moved on before the work that was due). A later write for the same
    /// `key` replaces the earlier; one that fails rolls that commit back and still waits.
    /// `commitDeferredWrites` commits what waits when no other commit is coming.
    public func writeWithNextCommit(_ key: String, _ write: @escaping () throws -> Void) {
        if let index = deferredWrites.firstIndex(where: { $0.key == key }) {
            deferredWrites[index].write = write
        } else {
            deferredWrites.append((key, write))
        }
    }

    /// Commits the writes `writeWithNextCommit` keeps, if any (one commit); inside a block,
    /// they wait for its commit.
    public func commitDeferredWrites() throws {
        guard !deferredWrites.isEmpty, transactionDepth == 0 else { return }
        try inTransaction {}
    }

    /// Whether writes wait for the next commit (`writeWithNextCommit`).
    public var hasDeferredWrites: Bool { !deferredWrites.isEmpty }
}

extension SQLiteDatabase {
    /// The first column of the first row, as text (for pragmas that answer with one value).
    func singleString(_ sql: String) throws -> String {
        let statement = try prepare(sql)
        guard try statement.step() else { return "" }
        return statement.string(column: 0)
    }

    /// The first column of the first row, as an integer (for counts and pragmas).
    func singleInt(_ sql: String) throws -> Int {
        let statement = try prepare(sql)
        guard try statement.step() else { return 0 }
        return statement.int(column: 0)
    }
}
