import Foundation
import Ledger

/// What a state directory's ledger holds, read through the project's own `Ledger` without
/// writing a byte: the file as a kill left it, or as the relaunch settled it.
struct LedgerState {
    var transactions: [TransactionRecord]
    var grants: [GrantRecord]
    var invoices: [InvoiceRecord]
    var dueWork: [DueWorkRecord]
    /// What the Xee server granted: a Xee subscription's access is kept here, not as a grant.
    var xeeAccess: [XeeAccessRecord]
    var subscriptions: [SubscriptionRecord]
    var events: [EventRecord]
    /// The outbox: every store's notification, delivered or still to post, oldest first.
    var notifications: [NotificationRecord]
    /// The simulated time the ledger's clock was last kept at (scenarios keep it paused).
    var now: Date?
    /// What `PRAGMA integrity_check` finds wrong; empty when the file is whole.
    var integrityProblems: [String]

    /// Nothing at all: a run killed before its ledger was made.
    static let missing = LedgerState(transactions: [], grants: [], invoices: [], dueWork: [], xeeAccess: [], subscriptions: [], events: [], notifications: [], now: nil,
                                     integrityProblems: [])

    /// Reads `path` (the ledger file) for `user`; a missing file is `missing`. The open skips
    /// the check that would refuse a damaged file, so the full check can say what is wrong.
    static func read(ledgerAt path: String, user: String) throws -> LedgerState {
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        do {
            return try read(try LedgerDatabase(checking: path), user: user)
        } catch LedgerError.olderSchema {
            // Killed between two steps of making the ledger (each schema step is its own
            // commit): what it holds is read from a copy brought up to date, as the relaunch
            // will bring the file itself.
            let scratch = FileManager.default.temporaryDirectory
                .appendingPathComponent("crash-scratch-\(UUID().uuidString.prefix(8))").path
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let copy = scratch + "/storefront.sqlite"
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
            }
            return try read(try LedgerDatabase(path: copy), user: user)
        }
    }

    static func read(_ ledger: LedgerDatabase, user: String) throws -> LedgerState {
        let everything = 1_000_000
        return LedgerState(transactions: try ledger.transactions(newestFirst: everything).reversed(),
                           grants: try ledger.grants(),
                           invoices: try ledger.invoices(),
                           dueWork: try ledger.dueWork(user: user),
                           xeeAccess: try ledger.xeeAccess(user: user),
                           subscriptions: try ledger.subscriptions(user: user),
                           events: try ledger.events(newestFirst: everything).reversed(),
                           notifications: try ledger.allNotifications(),
                           now: try ledger.clock()?.simulated,
                           integrityProblems: try ledger.integrityProblems())
    }
}
