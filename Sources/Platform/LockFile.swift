#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file that can hold an advisory exclusive lock (`flock`, the same call on Linux and
/// Darwin). The lock belongs to the open file, not the process: two opens conflict even inside
/// one process; the kernel lets go of it when the file is closed, however its holder ends.
///
/// A descriptor the owner closes with `close()` (which releases the lock); the caller says
/// what holding the lock means.
public struct LockFile: Sendable {
    public let descriptor: Int32

    /// Opens `path` for reading and writing, making it if missing; never through a symbolic
    /// link; closed on exec (a program the app starts must not inherit, and so keep, the
    /// lock). Its mode is set to `permissions` whatever the umask.
    public init(path: String, permissions: mode_t) throws(SystemError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, permissions)
        guard descriptor >= 0 else { throw .last }
        fchmod(descriptor, permissions)
        self.descriptor = descriptor
    }

    /// Takes the lock without waiting: false when another open file holds it.
    public func lockWithoutWaiting() throws(SystemError) -> Bool {
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = SystemError.last
            guard error.code == EWOULDBLOCK else { throw error }
            return false
        }
        return true
    }

    /// Up to `count` bytes from the start of the file.
    public func contents(upTo count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = pread(descriptor, &buffer, count, 0)
        return read > 0 ? Array(buffer[0..<read]) : []
    }

    /// Makes `bytes` the whole of the file.
    public func replaceContents(with bytes: [UInt8]) throws(SystemError) {
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, bytes, bytes.count, 0) == bytes.count else {
            throw .last
        }
    }

    /// Closes the file, which lets go of the lock.
    public func close() {
        _ = unistdClose(descriptor)
    }
}

/// `close(2)`, which `LockFile.close()` hides inside the type.
private func unistdClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
