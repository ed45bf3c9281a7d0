import Catalog
import Foundation
import Ledger
import StoreEngine
import Synchronization
import TestFixtures
import Testing
@testable import Host

/// `storefront open-url`'s delivery: to the app holding the state directory through its socket,
/// or into the ledger for the next launch, decided by the directory's lock.
@Suite("URLs from outside")
struct URLDeliveryTests {
    static let foreign = "com.example.stardust://xsollaconfirm/payment?user_id=someone&foreignInvoice=txn-000001"
        + "&invoice_id=1&status=done"

    /// Short enough for a socket path: the system temporary directory may not be.
    private func withShortDirectory<T>(_ body: (StateDirectory) throws -> T) throws -> T {
        let path = "/tmp/sf-url-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(StateDirectory(path: path))
    }

    @Test func withNoAppTheURLIsKeptAndTheLaunchOpensItFirstThenForgetsIt() throws {
        try withShortDirectory { directory in
            let delivery = try directory.deliver(url: Self.foreign)
            #expect(delivery == .keptForNextLaunch(ledgerPath: directory.ledgerPath))
            #expect(try LedgerDatabase(path: directory.ledgerPath).keptURLs().map(\.url) == [Self.foreign])

            let store = try directory.openStore(catalog: defaultCatalog, user: "player-1")
            let report = try store.launch()
            #expect(report.notice?.text.hasPrefix("Redirect rejected: user_id someone") == true, "\(String(describing: report.notice))")
            let kinds = report.snapshot.events.map(\.kind.rawValue)
            #expect(kinds.contains("launch.url"))
            #expect(kinds.contains("redirect.rejected"))
            #expect(try LedgerDatabase(path: directory.ledgerPath).keptURLs().isEmpty, "opened once, then let go")
        }
    }

    @Test func aRunningAppTakesTheURLThroughItsSocket() throws {
        try withShortDirectory { directory in
            let lock = try directory.lock()
            defer { lock.release() }
            let received = Mutex<[String]>([])
            let listener = try URLListener(path: directory.urlSocketPath) { url in received.withLock { $0.append(url) } }
            defer { listener.stop() }
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.urlSocketPath)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)

            #expect(try directory.deliver(url: Self.foreign) == .handedToApp(pid: getpid()))
            // The app answers `ok`, then takes the URL (so a client that did not stay for the
            // answer hands nothing on): it arrives right after, however loaded the machine.
            let deadline = Date().addingTimeInterval(60)
            while received.withLock({ $0.isEmpty }), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            #expect(received.withLock { $0 } == [Self.foreign])
            #expect(!FileManager.default.fileExists(atPath: directory.ledgerPath), "nothing kept while an app runs")
            listener.stop()
            #expect(!FileManager.default.fileExists(atPath: directory.urlSocketPath))
        }
    }

    /// A scenario run holds the directory without listening: refused, nothing kept.
    @Test func anAppThatTakesNoURLsIsNamed() throws {
        try withShortDirectory { directory in
            let lock = try directory.lock()
            defer { lock.release() }
            #expect(try directory.deliver(url: Self.foreign) == .notTaken(pid: getpid()))
            #expect(!FileManager.default.fileExists(atPath: directory.ledgerPath))
        }
    }

    /// A socket file left by an app that was killed is no app: the URL is kept.
    @Test func aStaleSocketIsNoApp() throws {
        try withShortDirectory { directory in
            try directory.create()
            let lock = try directory.lock()
            let listener = try URLListener(path: directory.urlSocketPath) { _ in }
            // Killed: the lock goes with the process, the socket file stays.
            lock.release()
            #expect(try directory.deliver(url: Self.foreign) == .keptForNextLaunch(ledgerPath: directory.ledgerPath))
            listener.stop()
        }
    }

    @Test func aSocketPathTooLongIsSaidPlainly() throws {
        let long = "/tmp/" + String(repeating: "d", count: 120) + "/storefront.sock"
        #expect {
            try URLListener(path: long) { _ in }
        } throws: { error in
            guard case .urlSocket(let path, let reason)? = error as? StoreError else { return false }
            return path == long && reason.contains("use a shorter --state-dir")
        }
    }

    /// More than `maxURLBytes` is refused by the app without being read whole.
    @Test func anOverlongURLIsRefusedByTheApp() throws {
        try withShortDirectory { directory in
            let lock = try directory.lock()
            defer { lock.release() }
            let listener = try URLListener(path: directory.urlSocketPath) { _ in Issue.record("an overlong URL was taken") }
            defer { listener.stop() }
            let long = "a://b/" + String(repeating: "x", count: URLSocket.maxURLBytes + 10)
            let delivery = try directory.deliver(url: long)
            guard case .notDelivered(let reason) = delivery else {
                Issue.record("an overlong URL was \(delivery)")
                return
            }
            #expect(reason.contains("longer than"), "\(reason)")
        }
    }

    /// `--state-dir` naming a regular file: the delivery says so, as every other use does.
    @Test func aStatePathThatIsAFileIsRefusedAndLeftAsItWas() throws {
        try withShortDirectory { directory in
            try "not a folder\n".write(toFile: directory.path, atomically: true, encoding: .utf8)
            #expect(throws: StoreError.stateDirectoryNotADirectory(path: directory.path, kind: "a file")) {
                try directory.deliver(url: "com.example.stardust://x")
            }
            #expect(try String(contentsOfFile: directory.path, encoding: .utf8) == "not a folder\n")
        }
    }
}
