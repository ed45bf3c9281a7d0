import Catalog
import Foundation

/// The one way into the program for everything that is not a key (Bubble Tea's
/// `Program.Send`): engine answers, signals, and later redirects from outside and file changes.
/// Any thread may post; the program's thread takes the mail. A pipe wakes a waiting backend,
/// so the terminal can wait on its input and on the inbox at once with `poll`.
public final class Inbox: @unchecked Sendable {
    /// A message, and whether it answers an engine call (the program counts calls in flight).
    public struct Mail: Sendable {
        public var message: Message
        public var answersCall: Bool
    }

    private let lock = NSLock()
    private var mail: [Mail] = []
    /// The read end of the wake pipe: readable while mail waits.
    public let wakeDescriptor: Int32
    private let writeDescriptor: Int32

    public init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        wakeDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(wakeDescriptor)
        close(writeDescriptor)
    }

    /// Hands a message in, from any thread.
    public func post(_ message: Message) {
        deliver(Mail(message: message, answersCall: false))
    }

    /// An engine call's answer.
    func answer(_ message: Message) {
        deliver(Mail(message: message, answersCall: true))
    }

    private func deliver(_ item: Mail) {
        lock.lock()
        mail.append(item)
        lock.unlock()
        var byte: UInt8 = 1
        // Non-blocking: a full pipe already wakes the reader, so a lost byte loses nothing.
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Everything posted so far, oldest first.
    public func take() -> [Mail] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeDescriptor, &buffer, buffer.count) > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let taken = mail
        mail.removeAll()
        return taken
    }

    /// Waits until mail arrives or `timeout` seconds pass (nil: no limit); true when mail waits.
    @discardableResult
    public func wait(timeout: TimeInterval?) -> Bool {
        if hasMail { return true }
        var descriptor = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Self.pollTimeout(timeout))
        return hasMail
    }

    public var hasMail: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !mail.isEmpty
    }

    /// `poll`'s timeout in milliseconds for `timeout` seconds: -1 waits for ever.
    public static func pollTimeout(_ timeout: TimeInterval?) -> Int32 {
        guard let timeout else { return -1 }
        return max(0, Int32(saturating: (timeout * 1000).rounded(.up)))
    }
}
