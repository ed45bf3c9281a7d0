import Foundation

/// A running app's claim on its state directory (one full-screen app per state
/// directory): an advisory `flock` on `storefront.lock`, which holds the pid for the message
/// another app shows. The kernel lets go of a `flock` when its holder dies, however it dies, so
/// a lock file left by a killed app blocks nothing, whatever pid it still names.
///
/// `flock` belongs to the open file, not the process: two opens of the lock file conflict even
/// inside one process, so every `StateLock` is a claim of its own. Released by `release()` or
/// when the last reference goes. `@unchecked Sendable`: the descriptor is only closed under
/// `descriptorLock`.
public final class StateLock: @unchecked Sendable {
    public let path: String
    private var descriptor: Int32
    private let descriptorLock = NSLock()

    /// Takes the lock on the file at `path` (made 0600 if missing) without waiting.
    init(path: String) throws(StoreError) {
        self.path = path
        // O_CLOEXEC: a program the app starts must not inherit, and so keep, the claim.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .stateLock(path: path, reason: systemErrorText(errno)) }
        // Private whatever the umask, like the ledger: the pid is no secret, but nothing here is shared.
        fchmod(descriptor, 0o600)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            defer { close(descriptor) }
            guard code == EWOULDBLOCK else { throw .stateLock(path: path, reason: systemErrorText(code)) }
            let directory = (path as NSString).deletingLastPathComponent
            throw .stateDirectoryInUse(path: directory, pid: Self.pid(in: descriptor))
        }
        self.descriptor = descriptor
        // The lock is ours: the file now names this process (a stale pid is overwritten).
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) != 0 || pwrite(descriptor, text, text.count, 0) != text.count {
            let code = errno
            close(descriptor)
            throw .stateLock(path: path, reason: systemErrorText(code))
        }
    }

    deinit { release() }

    /// Lets go of the claim now (closing the file releases the `flock`); again does nothing.
    public func release() {
        descriptorLock.lock()
        defer { descriptorLock.unlock() }
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// The pid the holder wrote, if it has written one yet.
    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
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
