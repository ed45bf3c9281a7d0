import Foundation
import Platform
import Synchronization

/// The one way into the program for everything that is not a key (Bubble Tea's
/// `Program.Send`): engine answers, signals, and later redirects from outside and file changes.
/// Any thread may post; the program's thread takes the mail. A pipe wakes a waiting backend,
/// so the terminal can wait on its input and on the inbox at once with `poll`.
public final class Inbox: Sendable {
    /// A message, and whether it answers an engine call (the program counts calls in flight).
    public struct Mail: Sendable {
        public var message: Message
        public var answersCall: Bool
    }

    private let mail = Mutex<[Mail]>([])
    /// Non-blocking: a full pipe already wakes the reader, so a lost byte loses nothing. Nil
    /// only when the process has no descriptors left: the mail still arrives, and a waiting
    /// backend sees it when its wait times out.
    private let wakePipe = WakePipe(nonBlocking: true)

    public init() {}

    deinit {
        wakePipe?.closeReadEnd()
        wakePipe?.closeWriteEnd()
    }

    /// The read end of the wake pipe: readable while mail waits.
    public var wakeDescriptor: Int32 { wakePipe?.readEnd ?? -1 }

    /// Hands a message in, from any thread.
    public func post(_ message: Message) {
        deliver(Mail(message: message, answersCall: false))
    }

    /// The answer to work the program handed out and counts: an engine call, a screen save.
    func answer(_ message: Message) {
        deliver(Mail(message: message, answersCall: true))
    }

    private func deliver(_ item: Mail) {
        mail.withLock { $0.append(item) }
        wakePipe?.wake()
    }

    /// Everything posted so far, oldest first.
    public func take() -> [Mail] {
        wakePipe?.drain()
        return mail.withLock { mail in
            let taken = mail
            mail.removeAll()
            return taken
        }
    }

    /// Waits until mail arrives or `timeout` seconds pass (nil: no limit); true when mail waits.
    @discardableResult
    public func wait(timeout: TimeInterval?) -> Bool {
        if hasMail { return true }
        _ = Readiness.wait(for: [wakeDescriptor], upTo: timeout)
        return hasMail
    }

    public var hasMail: Bool {
        mail.withLock { !$0.isEmpty }
    }

    /// `poll`'s timeout in milliseconds for `timeout` seconds: -1 waits for ever.
    public static func pollTimeout(_ timeout: TimeInterval?) -> Int32 {
        Readiness.milliseconds(timeout)
    }
}
