#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting on several descriptors at once with `poll`, the same call on Linux and Darwin.
public enum Readiness {
    /// What `poll` said of one descriptor when the wait ended.
    public struct State: Equatable, Sendable {
        /// Something waits to be read (POLLIN).
        public var isReadable: Bool
        /// Its other end has gone, it failed, or it is not open (POLLHUP, POLLERR, POLLNVAL):
        /// a terminal that has gone says so at once, for ever, with nothing to read.
        public var isGone: Bool
        /// Either, or anything else `poll` reported: a read would not wait.
        public var isReady: Bool

        public init(isReadable: Bool = false, isGone: Bool = false, isReady: Bool = false) {
            self.isReadable = isReadable
            self.isGone = isGone
            self.isReady = isReady
        }

        init(_ events: Int16) {
            isReadable = events & Int16(POLLIN) != 0
            isGone = events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
            isReady = events != 0
        }
    }

    /// How a wait ended: each descriptor's state (none ready when the time passed), or
    /// interrupted by a signal before either (a caller with a deadline waits again).
    public struct Outcome: Equatable, Sendable {
        public var states: [State]
        public var interrupted: Bool
    }

    /// For each of `descriptors`, whether it is readable (or hung up) once the wait ends: when
    /// one is, or after `seconds` (nil: no limit; an interrupted wait just ends early).
    public static func wait(for descriptors: [Int32], upTo seconds: Double?) -> [Bool] {
        poll(descriptors, upTo: seconds).states.map(\.isReady)
    }

    /// Waits until one of `descriptors` is ready, `seconds` pass (nil: no limit), or a signal
    /// comes, and says what each was then.
    public static func poll(_ descriptors: [Int32], upTo seconds: Double?) -> Outcome {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let count = pollDescriptors(&entries, milliseconds(seconds))
        return Outcome(states: entries.map { State($0.revents) }, interrupted: count < 0 && errno == EINTR)
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

/// `poll(2)`, whose name `Readiness.poll` takes.
private func pollDescriptors(_ entries: inout [pollfd], _ milliseconds: Int32) -> Int32 {
    poll(&entries, nfds_t(entries.count), milliseconds)
}
