#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed, with the `errno` it left: the caller decides what it means
/// (a lock another process holds, no app listening) and says it in its own words.
public struct SystemError: Error, Equatable, Sendable {
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The error the last failed call left in `errno`.
    static var last: SystemError { SystemError(code: errno) }
}
