#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`): what a piece of work
/// costs, without the time the scheduler gave other threads and processes meanwhile.
public enum ThreadClock {
    /// Nanoseconds of CPU this thread has used since it started.
    public static func cpuNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
