#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting on several descriptors at once with `poll`, the same call on Linux and Darwin.
public enum Readiness {
    /// For each of `descriptors`, whether it is readable (or hung up) once the wait ends: when
    /// one is, or after `seconds` (nil: no limit; an interrupted wait just ends early).
    public static func wait(for descriptors: [Int32], upTo seconds: Double?) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&entries, nfds_t(entries.count), milliseconds(seconds))
        return entries.map { $0.revents != 0 }
    }

    /// `poll`'s timeout in milliseconds for `seconds`: -1 waits for ever; never negative
    /// otherwise, and never past `Int32.max`.
    public static func milliseconds(_ seconds: Double?) -> Int32 {
        guard let seconds else { return -1 }
        let value = (seconds * 1000).rounded(.up)
        guard value > 0 else { return 0 }
        return value >= Double(Int32.max) ? Int32.max : Int32(value)
    }
}
