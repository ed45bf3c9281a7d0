import Foundation
import Ledger

/// The promises a kill must not break, checked on the ledger as the kill left it and as the
/// relaunch settled it. Each broken one is a sentence naming the transaction, invoice or row.
enum CrashChecker {
    /// Pay Station statuses that mean the player paid (`delivering`: paid, still processing).
    static let paidStatuses: Set<String> = ["done", "delivering"]

    /// Everything wrong, or nothing. `purchases` is how many purchases the trial started.
    static func problems(killed: LedgerState, settled: LedgerState, purchases: Int) -> [String] {
        integrity(killed, "as the kill left it") + integrity(settled, "after the relaunch")
            + grants(settled, purchases: purchases)
            + invoices(settled)
            + redelivery(killed: killed, settled: settled)
            + dueWork(killed: killed, settled: settled)
    }

    static func integrity(_ state: LedgerState, _ when: String) -> [String] {
        state.integrityProblems.map { "integrity_check \(when): \($0)" }
    }

    /// No double grant: no more first purchases granted than were started, no grant of a
    /// transaction that was not paid, and every paid (purchased or restored) one granted (or,
    /// on Xee, given access by the server).
    static func grants(_ state: LedgerState, purchases: Int) -> [String] {
        var problems: [String] = []
        let byId = Dictionary(state.transactions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // A renewal is its own transaction with its original's id; a first purchase has none.
        let firsts = state.transactions.filter { $0.originalTransactionId == nil }
        if firsts.count > purchases {
            problems.append("\(firsts.count) transactions for \(purchases) purchase(s): \(firsts.map(\.id).joined(separator: ", "))")
        }
        let grantedFirsts = state.grants.filter { byId[$0.transactionId]?.originalTransactionId == nil }
        if grantedFirsts.count > purchases {
            problems.append("double grant: \(grantedFirsts.count) grants for \(purchases) purchase(s): "
                            + grantedFirsts.map { "\($0.transactionId) \($0.key) \($0.amount)" }.joined(separator: ", "))
        }
        for grant in state.grants {
            guard let transaction = byId[grant.transactionId] else {
                problems.append("grant of \(grant.key) for \(grant.transactionId), which is not in the ledger")
                continue
            }
            if ![.purchased, .restored].contains(transaction.state) {
                problems.append("\(transaction.id) is \(transaction.state.rawValue) but granted \(grant.key) \(grant.amount)")
            }
        }
        // A Xee subscription is unlocked by the Xee server's access, not by a grant: whether the
        // server gave it is Xee's to say (its notification is due work, checked below), and a
        // pending one a parent approved later gets none even without a kill.
        let granted = Set(state.grants.map(\.transactionId)).union(state.xeeAccess.compactMap(\.transactionId))
        let xeeSubscriptions = Set(state.subscriptions.filter { $0.integrationPath == "xee" }.map(\.originalTransactionId))
        for transaction in state.transactions where [.purchased, .restored].contains(transaction.state)
            && transaction.revokedAt == nil && !granted.contains(transaction.id)
            && !xeeSubscriptions.contains(transaction.originalTransactionId ?? transaction.id) {
            problems.append("\(transaction.id) is \(transaction.state.rawValue) but nothing was granted")
        }
        return problems
    }

    /// No paid invoice without its transaction, and a paid invoice's transaction purchased.
    static func invoices(_ state: LedgerState) -> [String] {
        let byId = Dictionary(state.transactions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        for invoice in state.invoices {
            guard let status = invoice.paymentStatus, paidStatuses.contains(status) else { continue }
            guard let transaction = byId[invoice.transactionId] else {
                problems.append("invoice \(invoice.invoiceId) is paid (\(status)) but its transaction \(invoice.transactionId) is not in the ledger")
                continue
            }
            if status == "done", ![.purchased, .restored].contains(transaction.state) {
                problems.append("invoice \(invoice.invoiceId) is paid but \(transaction.id) is \(transaction.state.rawValue)")
            }
        }
        return problems
    }

    /// Every transaction the kill left unfinished was delivered again and finished; only one
    /// waiting for its answer (Ask to Buy, an interrupted purchase: `deferred`) stays open.
    static func redelivery(killed: LedgerState, settled: LedgerState) -> [String] {
        var problems: [String] = []
        let settledById = Dictionary(settled.transactions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Delivered again: by the launch (`transaction.redelivered`), or by the work it had
        // scheduled (Pay Station's processing), which finished it in the relaunch.
        let lastBefore = killed.events.last?.id ?? 0
        let redelivered = Set(settled.events.filter {
            $0.id > lastBefore && ["transaction.redelivered", "transaction.finished"].contains($0.kind)
        }.compactMap(\.transactionId))
        for transaction in killed.transactions where !transaction.isFinished && transaction.state != .deferred {
            guard let after = settledById[transaction.id] else {
                problems.append("\(transaction.id), unfinished at the kill, is gone after the relaunch")
                continue
            }
            if !redelivered.contains(transaction.id) {
                problems.append("\(transaction.id), unfinished (\(transaction.state.rawValue)) at the kill, was not delivered again")
            }
            if !after.isFinished, after.state != .deferred {
                problems.append("\(transaction.id), unfinished at the kill, is still \(after.state.rawValue) and unfinished after the relaunch")
            }
        }
        for transaction in settled.transactions where !transaction.isFinished && transaction.state != .deferred
            && !killed.transactions.contains(where: { $0.id == transaction.id }) {
            problems.append("\(transaction.id) (\(transaction.state.rawValue)) is unfinished after the relaunch")
        }
        return problems
    }

    /// Google Play's deadline for acknowledging a purchase is withdrawn when the app
    /// acknowledges (or consumes) it: gone before its time is right once that is logged.
    static func withdrawnOnceAcknowledged(_ row: DueWorkRecord, settled: LedgerState) -> Bool {
        guard row.path == "play", row.kind == "acknowledgementDeadline",
              let fields = try? JSONSerialization.jsonObject(with: Data(row.payload.utf8)) as? [String: String],
              let transaction = fields["transactionId"] else { return false }
        return settled.events.contains { ["play.ack", "play.consume"].contains($0.kind) && $0.transactionId == transaction }
    }

    /// Every item the kill left scheduled is still scheduled, or was due by the settled clock
    /// (and so done); and nothing the settled ledger holds is overdue.
    static func dueWork(killed: LedgerState, settled: LedgerState) -> [String] {
        var problems: [String] = []
        let kept = Set(settled.dueWork.compactMap(\.id))
        let now = settled.now ?? .distantPast
        for row in killed.dueWork where !kept.contains(row.id ?? -1) && row.dueAt > now
            && !withdrawnOnceAcknowledged(row, settled: settled) {
            problems.append("due work \(row.id ?? -1) (\(row.path) \(row.kind), due \(row.dueAt)) was lost: not due by \(now), yet gone")
        }
        for row in settled.dueWork where row.dueAt <= now {
            problems.append("due work \(row.id ?? -1) (\(row.path) \(row.kind)) was due at \(row.dueAt) but is still waiting at \(now)")
        }
        return problems
    }
}
