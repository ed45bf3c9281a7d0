import Foundation
import Ledger

/// The newest notifications as the Server pane lists them, kept between reports and read
/// again only where the outbox changed: the rows written since, and the rows an attempt or a
/// resend changed. A backend timing out, or a storm of deliveries, changes one row a report;
/// reading all of them again (each with its request body) for every report kept the engine's
/// core busy, and the rows it handed up new each time made the app compare every one of them
/// again. Unchanged rows are the very values of the last report, so comparing them is cheap.
struct OutboxList {
    /// As many as the other panes can scroll through (`Account.listLimit`).
    static let limit = Account.listLimit

    private(set) var rows: [OutboxNotification] = []
    /// Whether the ledger may hold anything `rows` does not (a call rolled back, nothing read
    /// yet): the next report reads every row again. True until the first read.
    private var isStale = true
    /// Notifications have been written since the last read.
    private var hasNewRows = false
    /// Rows changed since the last read (an attempt kept, a resend).
    private var changedIds: Set<Int64> = []

    /// The outbox may have changed in any way: the next report reads it all again.
    mutating func invalidate() {
        isStale = true
    }

    /// A notification was written: the next report reads the rows newer than those it lists.
    mutating func noteWritten() {
        hasNewRows = true
    }

    /// Notification `id` changed: the next report reads it again, if it is listed.
    mutating func noteChanged(_ id: Int64) {
        changedIds.insert(id)
    }

    /// The rows, with what changed read again first. A read that fails keeps the rows as they
    /// were and tries again at the next report: a report never fails for the pane.
    mutating func current(in ledger: LedgerDatabase) -> [OutboxNotification] {
        if isStale {
            guard let read = try? OutboxNotification.newest(Self.limit, in: ledger) else { return rows }
            rows = read
            isStale = false
        } else if hasNewRows || !changedIds.isEmpty {
            guard let updated = try? rows(updatedFrom: ledger) else { return rows }
            rows = updated
        } else {
            return rows
        }
        hasNewRows = false
        changedIds = []
        return rows
    }

    /// `rows` with the rows written since put first and the changed ones read again.
    private func rows(updatedFrom ledger: LedgerDatabase) throws -> [OutboxNotification] {
        var updated = rows
        if hasNewRows {
            let added = try OutboxNotification.newer(than: rows.first?.id ?? 0, limit: Self.limit, in: ledger)
            updated = Array((added + updated).prefix(Self.limit))
        }
        for id in changedIds {
            // Newest first, by id: a row written since was read with its change.
            guard let index = updated.firstIndex(where: { $0.id == id }) else { continue }
            if let row = try OutboxNotification.reading(id: id, in: ledger) { updated[index] = row }
        }
        return updated
    }
}
