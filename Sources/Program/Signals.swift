import Dispatch
import Foundation

/// SIGTERM and SIGHUP become one `.quit` through the inbox, so the program leaves the way `q`
/// does: the loop ends, the last engine call finishes, and the terminal is restored.
public final class QuitSignals: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []
    /// The signal that arrived, for the exit status (128 + signal, as shells report it).
    public private(set) var received: Int32?
    private let lock = NSLock()

    public init(_ signals: [Int32] = [SIGTERM, SIGHUP], inbox: Inbox) {
        for number in signals {
            // The default action would end the process before the terminal is given back.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                self?.record(number)
                inbox.post(.quit)
            }
            source.resume()
            sources.append(source)
        }
    }

    private func record(_ number: Int32) {
        lock.lock()
        if received == nil { received = number }
        lock.unlock()
    }

    public var exitStatus: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received.map { 128 + $0 }
    }
}
