#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe whose only job is to wake a thread that waits on its read end with `poll` (the
/// self-pipe trick): the inbox's mail, a caught signal, a watcher told to stop. The bytes
/// carry little or nothing; that the read end is readable is the news.
///
/// A pair of descriptors, closed on exec (a program the app starts keeps none of them), and
/// closed by the owner when it is done: the value does not close them itself, because the two
/// ends often belong to two threads.
public struct WakePipe: Sendable {
    public let readEnd: Int32
    public let writeEnd: Int32

    /// A new pipe; nil when the process has no descriptors left. `nonBlocking`: neither end
    /// ever waits, so a full pipe drops a byte (the reader is awake already, so nothing is
    /// lost) and `drain()` returns once it is empty.
    public init?(nonBlocking: Bool) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            if nonBlocking { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        }
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
    }

    /// Writes `byte` to the pipe. Only `write(2)`: safe from a signal handler.
    public func wake(with byte: UInt8 = 1) {
        var byte = byte
        _ = write(writeEnd, &byte, 1)
    }

    /// Reads everything that waits (for a non-blocking pipe), so the read end is quiet again.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// The next byte, waiting for it on a blocking pipe; nil once every write end is closed.
    public func nextByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(readEnd, &byte, 1)
            if count == 1 { return byte }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    public func closeReadEnd() {
        close(readEnd)
    }

    public func closeWriteEnd() {
        close(writeEnd)
    }
}
