import Foundation
import Ledger
import Synchronization

/// A store API's connections to a state directory's ledger, read-only, each for one request at
/// a time (an SQLite connection is not for two threads at once) and taken in turn, so the
/// server's threads answer side by side; and what the API learnt on each from the ledger's
/// credentials (its keys, read and parsed once), made the first time a request finds them.
/// SQLite's write-ahead log keeps a reader apart from the app's writer: a request never waits
/// for a commit, and sees every one made before it.
final class LedgerReaders<Learnt>: Sendable {
    private let slots: [Slot]
    private let turn = Atomic<Int>(0)
    private let learn: @Sendable (ServerCredentials) throws -> Learnt

    /// One connection and what was learnt on it.
    struct Reader {
        let ledger: LedgerDatabase
        /// Nil until the ledger holds credentials (`storefront keys` makes them).
        var learnt: Learnt?
    }

    /// A reader behind its lock (a lock cannot be copied into an array by itself).
    private final class Slot: Sendable {
        let reader: Mutex<Reader>

        init(_ ledger: sending LedgerDatabase) {
            reader = Mutex(Reader(ledger: ledger))
        }
    }

    /// As many as the server has threads at most (`HTTPServer`'s pool).
    static var count: Int { StoreServers.connections }

    /// Opens the connections; an error when there is no ledger to read.
    init(stateDirectory: StateDirectory, learning learn: @escaping @Sendable (ServerCredentials) throws -> Learnt) throws(StoreError) {
        do {
            slots = try (0..<Self.count).map { _ in Slot(try LedgerDatabase(readingOnly: stateDirectory.ledgerPath)) }
        } catch {
            throw StoreError(error)
        }
        self.learn = learn
    }

    /// Runs `body` on the next connection in turn, once it is free, with what was learnt on it.
    func withReader<Result: Sendable>(_ body: (inout Reader) throws -> Result) throws -> Result {
        let index = Int(UInt(bitPattern: turn.wrappingAdd(1, ordering: .relaxed).oldValue) % UInt(slots.count))
        return try slots[index].reader.withLock { reader in
            if reader.learnt == nil, let credentials = try ServerCredentials.read(from: reader.ledger) {
                reader.learnt = try learn(credentials)
            }
            return try body(&reader)
        }
    }
}
