import Foundation
import Platform
import Synchronization

/// SIGTERM, SIGHUP, SIGINT and SIGQUIT become one `.quit` through the inbox, so the program
/// leaves the way `q` does: the loop ends, the last engine call finishes, and the terminal is
/// restored. The exit status is still the signal's (128 + its number). SIGINT arrives only by
/// `kill`: the terminal is raw, so Ctrl-C is a key. SIGQUIT would otherwise dump a backtrace
/// over the screen and wait there, deaf to SIGTERM; a QA tool has no core to keep.
///
/// The handlers (`SignalForwarding`: each writes its signal's number to a pipe) are installed
/// before `init` returns, so no signal is lost however early it comes; a thread of its own
/// turns the bytes into messages. One per process: the handlers are the process's.
public final class QuitSignals: Sendable {
    /// The first signal that came.
    private let received = Mutex<Int32?>(nil)

    public init(_ signals: [Int32] = [SignalNumber.terminate, SignalNumber.hangUp, SignalNumber.interrupt, SignalNumber.quit],
                inbox: Inbox) {
        guard let pipe = WakePipe(nonBlocking: false) else { return }
        let thread = Thread { [weak self] in
            while let byte = pipe.nextByte() {
                self?.record(Int32(byte))
                inbox.post(.quit)
            }
        }
        thread.name = "storefront.signals"
        thread.start()
        SignalForwarding.forward(signals, to: pipe)
    }

    private func record(_ number: Int32) {
        received.withLock { received in
            if received == nil { received = number }
        }
    }

    /// 128 + the signal that arrived, as shells report it; nil when none did.
    public var exitStatus: Int32? {
        received.withLock { $0.map { 128 + $0 } }
    }
}
