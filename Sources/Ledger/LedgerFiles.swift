import CSQLite
import Foundation
import Platform

/// The ledger's files on disk: the database and, in WAL mode, its write-ahead log and
/// shared-memory index beside it. They hold player ids, purchase history and Pay Station
/// tokens, so they are for their owner only (0600) whatever the umask.
public enum LedgerFiles {
    /// The database, its write-ahead log, its shared-memory index, and the fingerprint its last
    /// clean close kept (`LedgerFingerprint`) with the name it is written under first.
    public static func all(_ path: String) -> [String] {
        let record = LedgerFingerprint.recordPath(for: path)
        return [path, path + "-wal", path + "-shm", record, record + ".new"]
    }

    /// Makes the database file, empty and 0600, unless it exists; true when it made it. SQLite
    /// would create it with 0644 less the umask; it gives the WAL and shared-memory files it
    /// makes later the mode of the database file (overriding the umask itself), so this mode
    /// carries over to them.
    static func createPrivately(_ path: String) throws -> Bool {
        // The mode is set after the open, whose mode the umask may have left wider or narrower.
        do throws(SystemError) {
            return try ExclusiveFile.create(at: path, permissions: 0o600)
        } catch {
            if error.isDiskFull { throw LedgerError.diskFull(path: path) }
            throw LedgerError.cannotOpen(path: path, message: error.reason)
        }
    }

    /// Narrows the database and whatever WAL and shared-memory files exist to 0600: a ledger
    /// made by an older storefront was 0644. Only for a file known to be ours; a file we may
    /// not change the mode of (owned by someone else) is left as it is.
    static func makePrivate(_ path: String) {
        for file in all(path) {
            guard let status = try? PathStatus(path: file), status.mode & 0o777 != 0o600 else { continue }
            try? PathStatus.changeMode(of: file, to: 0o600)
        }
    }

    /// Whether the ledger at `path` has a write-ahead log or a shared-memory index beside it.
    static func hasLog(_ path: String) -> Bool {
        PathAccess.exists(path + "-wal") || PathAccess.exists(path + "-shm")
    }

    /// No write-ahead log beside the ledger at `path`, or an empty one: the file alone is the
    /// database.
    static func logHoldsNoFrames(_ path: String) -> Bool {
        guard let log = try? PathStatus(path: path + "-wal") else { return true }
        return log.size == 0
    }

    /// Whether nothing can be made or changed in the ledger's directory: a read-only mount, or
    /// no permission to write there (root's is never refused for permission, only on a
    /// read-only mount).
    static func nothingCanWriteBeside(_ path: String) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        return !PathAccess.isWritable(directory.isEmpty ? "." : directory)
    }

    /// Takes away the empty log and shared-memory index a reading connection made beside the
    /// ledger at `path`, once it has closed. SQLite does it under its own locks: a connection
    /// that may write, closing as the last one on the file, folds the log into the file (it is
    /// empty, so nothing is written) and removes both; while any other connection has the file
    /// open (an app, another reader), it removes nothing. Anything in the way (no permission,
    /// frames in the log, the file gone) leaves them as they are, and so does a file with no
    /// log, which is not in WAL mode: a connection that may write would roll back a journal
    /// another program left beside its file.
    static func removeLogLeftByReading(_ path: String) {
        guard PathAccess.exists(path), PathAccess.exists(path + "-wal"), logHoldsNoFrames(path) else { return }
        var handle: OpaquePointer?
        // Never SQLITE_OPEN_CREATE: a ledger removed meanwhile (`reset`) is not made again.
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            sqlite3_close_v2(handle)
            return
        }
        // A read opens the log, which is what the close then takes away.
        sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nil, nil, nil)
        sqlite3_close_v2(handle)
    }
}
