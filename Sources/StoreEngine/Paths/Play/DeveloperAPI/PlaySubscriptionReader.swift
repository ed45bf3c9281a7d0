import Foundation
import Ledger

/// A Google Play subscription as the ledger holds it at its simulated now, read for the
/// Developer API: only the one player's account whose purchase is asked about is read.
struct PlaySubscriptionReader {
    let ledger: LedgerDatabase
    let wallTime: Date

    /// The subscription `purchase` started (a plan change's purchase starts one of its own), or
    /// nil while it has none (pending, declined, or a one-time product).
    func subscription(startedBy purchase: PlayPurchase) throws -> SubscriptionSummary? {
        guard let record = try ledger.transaction(id: purchase.transactionId) else { return nil }
        var account = try Account(reading: ledger, user: record.userId, catalog: nil)
        account.renewalRate = try LedgerHistory.renewalRate(keptIn: ledger) ?? .realTime
        account.readsTheLedgerAlone = true
        let summaries = account.subscriptionSummaries(at: try now())
        return summaries.first { $0.originalTransactionId == purchase.transactionId }
            ?? summaries.first { $0.latestTransactionId == purchase.transactionId }
    }

    /// The ledger's simulated now, as the app's clock has it at this wall time.
    func now() throws -> Date {
        try LedgerHistory.simulatedNow(of: ledger, atWall: wallTime)
    }
}
