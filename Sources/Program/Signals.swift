import Foundation

/// The write end of the pipe a quit signal is reported through. A signal handler may do almost
/// nothing safely; writing one byte to a pipe is one of the few things it may.
nonisolated(unsafe) private var quitSignalPipe: Int32 = -1

private func reportQuitSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(quitSignalPipe, &byte, 1)
}

/// SIGTERM, SIGHUP, SIGINT and SIGQUIT become one `.quit` through the inbox, so the program
/// leaves the way `q` does: the loop ends, the last engine call finishes, and the terminal is
/// restored. The exit status is still the signal's (128 + its number). SIGINT arrives only by
/// `kill`: the terminal is raw, so Ctrl-C is a key. SIGQUIT would otherwise dump a backtrace
/// over the screen and wait there, deaf to SIGTERM; a QA tool has no core to keep.
///
/// The handlers are installed with `sigaction` before `init` returns, so no signal is lost
/// however early it comes; a thread of its own turns the bytes into messages. One per process:
/// the pipe is the process's.
public final class QuitSignals: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?

    public init(_ signals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT], inbox: Inbox) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        quitSignalPipe = descriptors[1]
        let reader = descriptors[0]
        let thread = Thread { [weak self] in
            var byte: UInt8 = 0
            while read(reader, &byte, 1) == 1 {
                self?.record(Int32(byte))
                inbox.post(.quit)
            }
        }
        thread.name = "storefront.signals"
        thread.start()
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = reportQuitSignal
            sigemptyset(&action.sa_mask)
            // A `poll` it interrupts just returns early; its callers loop.
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    private func record(_ number: Int32) {
        lock.lock()
        if received == nil { received = number }
        lock.unlock()
    }

    /// 128 + the signal that arrived, as shells report it; nil when none did.
    public var exitStatus: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received.map { 128 + $0 }
    }
}
