import Foundation
import Platform
import Synchronization

/// A running app's claim on its state directory (one full-screen app per state
/// directory): an advisory `flock` on `storefront.lock`, which holds the pid for the message
/// another app shows. The kernel lets go of a `flock` when its holder dies, however it dies, so
/// a lock file left by a killed app blocks nothing, whatever pid it still names.
///
/// `flock` belongs to the open file, not the process: two opens of the lock file conflict even
/// inside one process, so every `StateLock` is a claim of its own. Released by `release()` or
/// when the last reference goes.
public final class StateLock: Sendable {
    public let path: String
    /// The open lock file; nil once released.
    private let file: Mutex<LockFile?>

    /// Takes the lock on the file at `path` (made 0600 if missing) without waiting.
    init(path: String) throws(StoreError) {
        self.path = path
        let claim: Claim
        do throws(SystemError) {
            claim = try Self.claim(path)
        } catch {
            throw .stateLock(path: path, reason: systemErrorText(error.code))
        }
        switch claim {
        case .taken(let file):
            self.file = Mutex(file)
        case .heldBy(let pid):
            throw .stateDirectoryInUse(path: (path as NSString).deletingLastPathComponent, pid: pid)
        }
    }

    private enum Claim {
        case taken(LockFile)
        /// Another open file has the lock; the pid it wrote, if any yet.
        case heldBy(Int32?)
    }

    private static func claim(_ path: String) throws(SystemError) -> Claim {
        // Private whatever the umask, like the ledger: the pid is no secret, but nothing here is shared.
        let file = try LockFile(path: path, permissions: 0o600)
        do throws(SystemError) {
            guard try file.lockWithoutWaiting() else {
                defer { file.close() }
                return .heldBy(pid(in: file))
            }
            // The lock is ours: the file now names this process (a stale pid is overwritten).
            try file.replaceContents(with: Array("\(ProcessInfo.processInfo.processIdentifier)\n".utf8))
            return .taken(file)
        } catch {
            file.close()
            throw error
        }
    }

    deinit { release() }

    /// Lets go of the claim now (closing the file releases the `flock`); again does nothing.
    public func release() {
        file.withLock { file in
            file?.close()
            file = nil
        }
    }

    /// The pid the holder wrote, if it has written one yet.
    private static func pid(in file: LockFile) -> Int32? {
        let text = String(decoding: file.contents(upTo: 32), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text).flatMap { $0 > 0 ? $0 : nil }
    }
}

extension StateDirectory {
    /// The lock file of the running app.
    public var lockPath: String { path + "/storefront.lock" }

    /// Claims the state directory for one app (or one `storefront scenario --state-dir` run),
    /// making the directory if needed. Throws `stateDirectoryInUse`, naming the holder's pid,
    /// while another app has it. Readers (`history`) never take it.
    public func lock() throws(StoreError) -> StateLock {
        try create()
        return try StateLock(path: lockPath)
    }
}
