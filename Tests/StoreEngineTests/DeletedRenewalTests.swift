import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// QA deletes a transaction of a running subscription with the manager's Delete, as Xcode's
/// transaction manager does: the subscription it belongs to goes with it, whichever of its
/// transactions was deleted, and nothing later trips over a transaction that is gone.
@Suite("Store: deleting a subscription's transaction")
struct DeletedRenewalTests {
    @Test func deletingTheLatestRenewalEndsTheSubscriptionAndTheCalendarGoesOn() throws {
        try withStore { harness in
            let (session, _) = try harness.buy(SKU.weeklyPass)
            let first = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            _ = try harness.store.advance(to: first.expiresAt.addingTimeInterval(1))
            let renewed = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            let latest = renewed.latestTransactionId
            #expect(latest != session.transactionId, "renewed once: a transaction of its own")

            let deleted = try harness.store.act(.delete, on: latest)
            #expect(deleted.notice == StoreNotice(.info, "\(latest) was deleted."))
            #expect(try harness.ledger.transaction(id: latest) == nil)
            #expect(deleted.snapshot.subscriptions.allSatisfy { $0.latestTransactionId != latest },
                    "no subscription speaks through a deleted transaction")

            // The calendar goes on past the renewal's period, and a purchase still works.
            let later = try harness.store.advance(to: renewed.expiresAt.addingTimeInterval(3600))
            #expect(later.notice?.tone != .error, "\(later.notice?.text ?? "")")
            let (gems, report) = try harness.buyThroughStoreKit(SKU.gems100)
            #expect(report.notice?.tone == .success, "\(report.notice?.text ?? "")")
            #expect(try harness.ledger.transaction(id: gems)?.finishedAt != nil)

            // A relaunch reads the same: no subscription left naming the deleted transaction.
            try harness.relaunch()
            #expect(harness.store.currentReport().snapshot.subscriptions.allSatisfy { $0.latestTransactionId != latest })
        }
    }
}
