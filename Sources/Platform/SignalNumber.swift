#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The numbers of the signals the app handles or reports, by what they ask: an exit status
/// of 128 + the number is how a shell says a process ended by one.
public enum SignalNumber {
    /// SIGHUP: the terminal went away.
    public static let hangUp = SIGHUP
    /// SIGINT: Ctrl-C, or `kill -INT`.
    public static let interrupt = SIGINT
    /// SIGQUIT: Ctrl-\\, or `kill -QUIT`.
    public static let quit = SIGQUIT
    /// SIGTERM: `kill`'s default, asking the process to end.
    public static let terminate = SIGTERM
}
