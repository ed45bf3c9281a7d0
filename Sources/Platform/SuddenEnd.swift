#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The end a power cut makes, for the crash tests: SIGKILL sent to this process, which no
/// handler sees, so nothing is cleaned up, flushed or restored.
public enum SuddenEnd {
    public static func now() -> Never {
        kill(getpid(), SIGKILL)
        // The signal is delivered before `kill` returns to a process that sends it itself;
        // should it not be, nothing more of this process runs.
        while true { pause() }
    }
}
