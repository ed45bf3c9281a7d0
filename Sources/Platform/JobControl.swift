#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stopping a process as a shell's job control does (Ctrl-Z): with SIGSTOP, which no handler
/// can catch or ignore, so nothing runs between the stop and the SIGCONT of `fg`.
public enum JobControl {
    /// Stops this process; returns once it is continued.
    public static func stopThisProcess() {
        _ = stop(getpid())
    }

    /// Stops the process `id`; false when there is none, or it is not this user's.
    @discardableResult
    public static func stop(_ id: Int32) -> Bool {
        kill(id, SIGSTOP) == 0
    }
}
