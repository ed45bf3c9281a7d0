import Foundation
import Ledger

/// The newest notifications as the Server pane lists them, read again only after the outbox
/// changed (a notification written, an attempt kept, a resend, a call rolled back), so a report
/// that changed nothing of it costs no read.
struct OutboxList {
    /// As many as the other panes can scroll through (`Account.listLimit`).
    static let limit = Account.listLimit

    private(set) var rows: [OutboxNotification] = []
    /// Whether the ledger may hold what `rows` does not; true until the first read.
    private var isStale = true

    /// The outbox changed, or may have: the next report reads it again.
    mutating func invalidate() {
        isStale = true
    }

    /// The rows, read again first when the outbox changed. A read that fails keeps the rows
    /// as they were and tries again at the next report: a report never fails for the pane.
    mutating func current(in ledger: LedgerDatabase) -> [OutboxNotification] {
        guard isStale else { return rows }
        if let read = try? OutboxNotification.newest(Self.limit, in: ledger) {
            rows = read
            isStale = false
        }
        return rows
    }
}
