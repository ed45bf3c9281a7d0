import Foundation
import Host
import StoreEngine
import Synchronization

/// `storefront open-url` to a running app: the socket round trip from `deliver(url:)` to the
/// app's answer, with a listener in this process standing for the app. Each URL is checked to
/// have arrived, in order, or the bench fails.
enum URLHandOffBench {
    static func measure(runs: Int) throws(CommandFailure) -> Measurement {
        // A short path: a socket's must fit 107 bytes, which a temporary directory may not.
        let directory = StateDirectory(path: "/tmp/storefront-bench-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let received = Mutex<[String]>([])
        do {
            let lock = try directory.lock()
            defer { lock.release() }
            let listener = try URLListener(path: directory.urlSocketPath) { url in received.withLock { $0.append(url) } }
            defer { listener.stop() }
            var sent: [String] = []
            let measurement = try Measurement.time("open-url hand-off to a running app", runs: runs) {
                let url = "com.example.bench://xsollaconfirm/payment?invoice_id=\(sent.count)&status=done"
                sent.append(url)
                let delivery = try directory.deliver(url: url)
                guard case .handedToApp = delivery else {
                    throw CommandFailure(.ioError, "open-url bench: the URL was not handed to the listener (\(delivery))")
                }
            }
            // The listener answers `ok` before it hands the URL on (a client that gave up was
            // told nothing was kept), so the last URL may still be on its way: wait for it, a
            // bounded while and outside the timing, before checking that every one arrived.
            let giveUp = Date().addingTimeInterval(5)
            while received.withLock({ $0.count }) < sent.count, Date() < giveUp { Thread.sleep(forTimeInterval: 0.001) }
            guard received.withLock({ $0 }) == sent else {
                throw CommandFailure(.ioError, "open-url bench: the listener took \(received.withLock(\.count)) of \(sent.count) URLs")
            }
            return measurement
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.ioError, "open-url bench: \(error)")
        }
    }
}
