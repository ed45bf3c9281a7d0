import CSQLite
import Foundation
import Platform

/// One SQLite connection. The ledger's schema and queries sit on top of it.
///
/// A connection is used from one thread only (the `Ledger` that owns it is not `Sendable`), so it
/// is opened with `SQLITE_OPEN_NOMUTEX` and carries no locks of its own.
final class SQLiteDatabase {
    let path: String
    private let handle: OpaquePointer
    /// Counts the transactions this connection committed (SQLite's commit hook), so figures such
    /// as "a purchase makes 7 commits" are counted, never typed in.
    private let commits = CommitCounter()
    /// Statements compiled once and kept, by their SQL (`withKeptStatement`): raw handles, so
    /// they hold no reference back to the connection, which finalizes them as it closes.
    private var kept: [String: OpaquePointer] = [:]

    /// Opens or creates the file; `readOnly` opens an existing file for reading only and never
    /// creates one. SQLite reads nothing yet: a file that is not a database is only noticed by
    /// the first statement, which is how `Ledger` tells that case apart.
    ///
    /// A reading connection opens the file immutable (`file:…?immutable=1`) when nothing can
    /// write beside it (its directory is read-only, a read-only mount or no write permission)
    /// and it has no log with frames in it: SQLite would otherwise make its shared-memory
    /// index beside the file, which it cannot there, and fail with "unable to open database
    /// file". Immutable, SQLite takes no locks and reads the file alone, which is then the
    /// whole database, as nothing can change it. Anywhere else a reading connection makes an
    /// empty log and a shared-memory index beside a file that had none, as every WAL reader
    /// does; when it closes, `LedgerFiles.removeLogLeftByReading` lets SQLite take them away
    /// again, so reading leaves the directory as it found it.
    init(path: String, readOnly: Bool = false) throws {
        self.path = path
        isImmutable = readOnly && LedgerFiles.nothingCanWriteBeside(path) && LedgerFiles.logHoldsNoFrames(path)
        madeLog = readOnly && !isImmutable && !LedgerFiles.hasLog(path)
        var opened: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let flags = access | SQLITE_OPEN_NOMUTEX | (isImmutable ? SQLITE_OPEN_URI : 0)
        let code = sqlite3_open_v2(isImmutable ? Self.immutableURI(path) : path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            // Even a failed open may hand back a connection, which carries the better message.
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw LedgerError.cannotOpen(path: path, message: message)
        }
        handle = opened
        // Extended codes tell a foreign-key failure from a duplicate key.
        sqlite3_extended_result_codes(handle, 1)
        // Another process (`storefront open-url`, `history`) may hold the write lock briefly.
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        sqlite3_commit_hook(handle, { context in
            guard let context else { return 0 }
            Unmanaged<CommitCounter>.fromOpaque(context).takeUnretainedValue().count += 1
            LedgerDatabase.commitBegins()
            return 0  // zero lets the commit go ahead
        }, Unmanaged.passUnretained(commits).toOpaque())
        // SQLite silently falls back to read-only when the file is not writable; every write
        // would then fail later, so say so now. The connection is closed by `deinit`, which
        // runs for an initializer that throws once every property is set.
        if !readOnly, isReadOnly {
            throw LedgerError.cannotOpen(path: path, message: "the file is read-only")
        }
    }

    deinit {
        // close_v2 defers the close until every statement is finalized; statements keep the
        // database alive anyway, so by now they are gone, but for the kept ones, finalized here.
        for statement in kept.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
        if madeLog { LedgerFiles.removeLogLeftByReading(path) }
    }

    /// Whether this connection reads the file immutable: no locks, no log, nothing made beside it.
    let isImmutable: Bool

    /// A reading connection that found no log beside the file, so that the log and shared-memory
    /// index SQLite makes for it are this connection's to take away.
    private let madeLog: Bool

    /// The URI SQLite opens `path` immutable by: `%`, `?` and `#` are written `%XX`, as a URI's
    /// path needs, and an empty authority keeps a path that begins with `//` a path.
    private static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var escaped = ""
        for character in absolute.unicodeScalars {
            switch character {
            case "%", "?", "#": escaped += String(format: "%%%02X", character.value)
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "file://" + escaped + "?immutable=1"
    }

    /// Runs one or more statements that return no rows we need (DDL, pragmas, BEGIN/COMMIT).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastErrorMessage
            throw error(code: sqlite3_extended_errcode(handle), message: text)
        }
    }

    /// Compiles one statement; bind its parameters, then `step()` through its rows.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw lastError()
        }
        return SQLiteStatement(database: self, handle: statement)
    }

    /// Runs `body` with `sql` compiled once for this connection and kept: a query asked again
    /// and again (the API's Get Transaction Info) skips SQLite's compiling. The statement is
    /// taken out while in use (a nested use compiles its own) and reset after, so no read
    /// snapshot outlives the call: a reading connection sees every commit after it.
    func withKeptStatement<T>(_ sql: String, _ body: (SQLiteStatement) throws -> T) throws -> T {
        var compiled = kept.removeValue(forKey: sql)
        if compiled == nil {
            let code = sqlite3_prepare_v2(handle, sql, -1, &compiled, nil)
            guard code == SQLITE_OK, compiled != nil else {
                sqlite3_finalize(compiled)
                throw lastError()
            }
        }
        guard let compiled else { throw lastError() }
        let statement = SQLiteStatement(database: self, borrowing: compiled)
        defer {
            statement.reset()
            kept[sql] = compiled
        }
        return try body(statement)
    }

    /// How many write transactions this connection has committed since it opened.
    var commitCount: Int { commits.count }

    /// Rows inserted, changed or deleted on this connection since it opened, triggers' included
    /// (the 32-bit count: `sqlite3_total_changes64` is newer than the SQLite macOS 11 ships).
    var totalChanges: Int { Int(sqlite3_total_changes(handle)) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE on this connection.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the most recent successful INSERT on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The connection's current error as a `LedgerError`.
    func lastError() -> LedgerError {
        error(code: sqlite3_extended_errcode(handle), message: lastErrorMessage)
    }

    /// A damaged file, another kind of file and a full disk each have their own sentence: what
    /// a person does about each is different (move it away, free some space). A disk that is
    /// really full, rather than the ledger's page limit, often fails as an I/O error (writing a
    /// page, growing the shared-memory index: "SQLite error 4874"), whose errno says ENOSPC.
    private func error(code: Int32, message: String) -> LedgerError {
        switch code & 0xFF {
        case SQLITE_CORRUPT: .corrupt(path: path, problem: message)
        case SQLITE_NOTADB: .notADatabase(path: path)
        case SQLITE_FULL: .diskFull(path: path)
        case SQLITE_IOERR where SystemError(code: sqlite3_system_errno(handle)).isDiskFull: .diskFull(path: path)
        default: .sqlite(code: code, message: message)
        }
    }

    private var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// How long a statement waits for another connection's lock before it fails as busy.
    static let busyTimeoutMilliseconds: Int32 = 5000

    /// Whether SQLite opened the file for reading only (asked for, or all it could do).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// The write-ahead log SQLite uses for this file (beside the file a link points to, not
    /// beside the link).
    var logPath: String {
        String(cString: sqlite3_filename_wal(sqlite3_db_filename(handle, "main")))
    }

    /// Reads the main database file's raw bytes, in order, through SQLite's own handle on it,
    /// handing `body` one chunk at a time; returns how many bytes it read.
    ///
    /// Through SQLite's handle, not a descriptor of our own: closing any descriptor of a file
    /// drops every POSIX lock the process holds on it, SQLite's among them (the shared lock by
    /// which a connection in WAL mode says it is still open), and SQLite keeps its own
    /// descriptors open for as long as a lock needs them.
    func readMainFile(inChunksOf chunk: Int, _ body: (UnsafeRawBufferPointer) -> Void) throws -> UInt64 {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK, let file,
              let methods = file.pointee.pMethods?.pointee, let fileSize = methods.xFileSize, let read = methods.xRead else {
            throw LedgerError.sqlite(code: SQLITE_ERROR, message: "the database file cannot be read directly")
        }
        var size: sqlite3_int64 = 0
        try check(fileSize(file, &size))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var offset: sqlite3_int64 = 0
        while offset < size {
            let count = Int(min(sqlite3_int64(chunk), size - offset))
            try check(read(file, buffer.baseAddress, Int32(count), offset))
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            offset += sqlite3_int64(count)
        }
        return UInt64(size)
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error(code: code, message: String(cString: sqlite3_errstr(code))) }
    }
}

/// The commit hook's tally; a class so the C callback can reach it through a raw pointer. The
/// connection that owns it outlives every callback (the hook goes with the connection).
private final class CommitCounter {
    var count = 0
}

/// A prepared statement. Parameters are 1-based (as in SQL's `?1`), columns 0-based (as in the
/// select list), exactly as SQLite numbers them, so the numbers match the SQL text.
final class SQLiteStatement {
    // Held so the connection outlives every statement compiled on it.
    private let database: SQLiteDatabase
    private let handle: OpaquePointer

    /// Whether it finalizes its handle when it goes (a kept statement's belongs to the connection).
    private let ownsHandle: Bool

    fileprivate init(database: SQLiteDatabase, handle: OpaquePointer) {
        self.database = database
        self.handle = handle
        ownsHandle = true
    }

    /// A kept statement of the connection's, for one use.
    fileprivate init(database: SQLiteDatabase, borrowing handle: OpaquePointer) {
        self.database = database
        self.handle = handle
        ownsHandle = false
    }

    deinit {
        if ownsHandle { sqlite3_finalize(handle) }
    }

    // SQLITE_TRANSIENT is a macro around a cast and does not import: it tells SQLite to copy
    // the bytes, because Swift's temporary C string is gone once the call returns.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    // MARK: Binding (1-based parameter index)

    func bind(_ value: Int, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(handle, index, value))
    }

    func bind(_ value: String, at index: Int32) throws {
        // An explicit byte count keeps any embedded NUL characters.
        let length = Int32(value.utf8.count)
        try check(sqlite3_bind_text(handle, index, value, length, Self.transient))
    }

    func bind(_ value: String?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    func bind(_ value: Double?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(handle, index))
    }

    // MARK: Stepping

    /// Advances to the next row: true when a row is available, false when the statement is done.
    @discardableResult
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.lastError()
        }
    }

    /// Makes the statement runnable again with fresh bindings.
    func reset() {
        // reset repeats the last step's error, which step() already threw.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Reading columns (0-based column index)

    func int64(column index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    func int(column index: Int32) -> Int {
        Int(sqlite3_column_int64(handle, index))
    }

    func double(column index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// The column as text; NULL reads as the empty string.
    func string(column index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        // Ask for the length after the text so it counts the UTF-8 bytes just produced.
        let length = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
    }

    /// Runs `body` with the column's text as SQLite holds it (UTF-8, no copy), valid only
    /// until the statement steps, resets or reads the column another way; NULL is no bytes.
    func withText<T>(column index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let text = sqlite3_column_text(handle, index)
        // Asked after the text, as `string(column:)` does, so it counts the bytes just produced.
        let length = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: text, count: text == nil ? 0 : length))
    }

    func optionalString(column index: Int32) -> String? {
        isNull(column: index) ? nil : string(column: index)
    }

    func optionalDouble(column index: Int32) -> Double? {
        isNull(column: index) ? nil : double(column: index)
    }

    func isNull(column index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw database.lastError() }
    }
}

/// Extended result codes the ledger tells apart. sqlite3.h builds them with `|` and `<<`, which
/// Swift does not import ("structure not supported"), so they are composed here the same way.
enum SQLiteExtendedCode {
    static let foreignKeyConstraint: Int32 = SQLITE_CONSTRAINT | (3 << 8)
    static let primaryKeyConstraint: Int32 = SQLITE_CONSTRAINT | (6 << 8)
}
