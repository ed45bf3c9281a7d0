#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed, with the `errno` it left: the caller decides what it means
/// (a lock another process holds, no app listening) and says it in its own words. The `errno`
/// values callers tell apart are named here, so no code outside Platform needs the C library's
/// constants; `reason` is the C library's own words for any of them.
public struct SystemError: Error, Equatable, Sendable {
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The error the last failed call left in `errno`.
    public static var last: SystemError { SystemError(code: errno) }

    /// `strerror`: "No such file or directory", "Permission denied", "Read-only file system".
    public var reason: String {
        String(cString: strerror(code))
    }

    /// No space left on the device, or the owner's quota used up: either way, a full disk.
    public var isDiskFull: Bool {
        self == .noSpace || self == .quotaExceeded
    }

    /// ENOENT: nothing at the path (or a part of it missing).
    public static let noSuchEntry = SystemError(code: ENOENT)
    /// ENOTDIR: a part of the path that should be a folder is not one.
    public static let notAFolder = SystemError(code: ENOTDIR)
    /// EEXIST: something is at the name already.
    public static let alreadyExists = SystemError(code: EEXIST)
    /// ELOOP: symbolic links that lead round in a loop (or too many of them).
    public static let linkLoop = SystemError(code: ELOOP)
    /// EACCES: the permissions refuse it.
    public static let accessDenied = SystemError(code: EACCES)
    /// EPERM: not permitted to anyone but the owner or root.
    public static let notPermitted = SystemError(code: EPERM)
    /// EINTR: a signal came during the call, which did nothing; ask again.
    public static let interrupted = SystemError(code: EINTR)
    /// ECONNREFUSED: no one listens at the socket.
    public static let connectionRefused = SystemError(code: ECONNREFUSED)
    /// ECONNABORTED: a client gave up while its connection was queued.
    public static let connectionAborted = SystemError(code: ECONNABORTED)
    /// ECONNRESET: the peer ended the connection abruptly (closed it with bytes unread).
    public static let connectionReset = SystemError(code: ECONNRESET)
    /// ENOSPC: no space left on the device.
    public static let noSpace = SystemError(code: ENOSPC)
    /// EDQUOT: the owner's disk quota is used up.
    public static let quotaExceeded = SystemError(code: EDQUOT)
}
