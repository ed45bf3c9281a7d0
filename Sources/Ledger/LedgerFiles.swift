import CSQLite
import Foundation

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
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { return false }
            if code == ENOSPC || code == EDQUOT { throw LedgerError.diskFull(path: path) }
            throw LedgerError.cannotOpen(path: path, message: String(cString: strerror(code)))
        }
        // open's mode passes through the umask; the umask may have left it wider or narrower.
        fchmod(descriptor, 0o600)
        close(descriptor)
        return true
    }

    /// Narrows the database and whatever WAL and shared-memory files exist to 0600: a ledger
    /// made by an older storefront was 0644. Only for a file known to be ours; a file we may
    /// not change the mode of (owned by someone else) is left as it is.
    static func makePrivate(_ path: String) {
        for file in all(path) {
            var info = stat()
            guard stat(file, &info) == 0, Int(info.st_mode) & 0o777 != 0o600 else { continue }
            chmod(file, 0o600)
        }
    }

    /// Whether the ledger at `path` has a write-ahead log or a shared-memory index beside it.
    static func hasLog(_ path: String) -> Bool {
        access(path + "-wal", F_OK) == 0 || access(path + "-shm", F_OK) == 0
    }

    /// No write-ahead log beside the ledger at `path`, or an empty one: the file alone is the
    /// database.
    static func logHoldsNoFrames(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) != 0 || info.st_size == 0
    }

    /// Whether nothing can be made or changed in the ledger's directory: a read-only mount, or
    /// no permission to write there (root's is never refused for permission, only on a
    /// read-only mount).
    static func nothingCanWriteBeside(_ path: String) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        return access(directory.isEmpty ? "." : directory, W_OK) != 0
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
        guard access(path, F_OK) == 0, access(path + "-wal", F_OK) == 0, logHoldsNoFrames(path) else { return }
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
