import Foundation
import Ledger

/// One committed, synced write to a ledger file: the floor under every purchase, for benchmarks.
public final class CommitProbe {
    private let ledger: LedgerDatabase
    private var counter = 0

    public init(ledgerPath: String) throws(StoreError) {
        do {
            ledger = try LedgerDatabase(path: ledgerPath)
        } catch {
            throw StoreError(error)
        }
    }

    public func commitOnce() throws(StoreError) {
        counter += 1
        do {
            try ledger.setSetting("probe", to: "\(counter)")
        } catch {
            throw StoreError(error)
        }
    }

    public var commitCount: Int { ledger.commitCount }
}
