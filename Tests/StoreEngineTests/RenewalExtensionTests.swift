import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// A renewal date moved later at no charge (`TransactionAction.extendRenewal`) on a real ledger
/// file: every reader of the period's end follows in one commit, and what does not apply is
/// refused with nothing written. The stores' APIs that ask for it: RenewalExtensionAPITests.
@Suite("Renewal extension: the engine's action")
struct RenewalExtensionTests {
    static let day: TimeInterval = 86_400

    /// A monthly pass bought through the App Store sheet: its transaction id and period's end.
    static func subscribe(_ harness: StoreHarness) throws -> (id: String, end: Date) {
        let (id, _) = try harness.buyThroughStoreKit(SKU.monthlyPass)
        let end = try #require(harness.store.account.subscriptions[id]?.expiresAt, "no subscription started")
        return (id, end)
    }

    @Test func theRowTheTransactionTheGrantTheAgendaAndTheSignatureMoveInOneCommit() throws {
        try withStore { harness in
            let (id, end) = try Self.subscribe(harness)
            let before = harness.store.commitCount
            let report = try harness.store.act(.extendRenewal(RenewalExtension(.days(7))), on: id)
            #expect(report.notice?.isRefusal != true, "\(report.notice?.text ?? "")")
            #expect(harness.store.commitCount == before + 1)
            let moved = end.addingTimeInterval(7 * Self.day)
            #expect(try harness.ledger.subscriptions(user: "player-1").first?.expiresAt == moved)
            #expect(try harness.ledger.transaction(id: id)?.periodEnd == moved)
            #expect(try harness.ledger.grant(forTransaction: id)?.expiresAt == moved)
            #expect(harness.store.agenda.due { $0 == .subscriptionDue(originalTransactionId: id) } == moved)
            let payload = try jwsPayload(try harness.ledger.transaction(id: id)?.signedTransaction)
            #expect((payload["expiresDate"] as? NSNumber)?.int64Value == SignedTransactionPayload.milliseconds(moved))
            let event = try #require(try harness.events(.renewalExtended).last)
            #expect(event.transactionId == id && event.message.contains("at no charge"), "\(event.message)")
            // The panes: the subscription and the entitlement run to the new end.
            let snapshot = report.snapshot
            #expect(snapshot.subscriptions.first?.expiresAt == moved)
            #expect(snapshot.entitlements.first { $0.isActive }?.expiresAt == moved)
            // Nothing renews at the old end; the renewal comes at the new one.
            _ = try harness.store.advance(to: end.addingTimeInterval(Self.day))
            #expect(try harness.ledger.transactions(newestFirst: 10, user: "player-1").count == 1)
            _ = try harness.store.advance(to: moved.addingTimeInterval(1))
            #expect(try harness.ledger.transactions(newestFirst: 10, user: "player-1").count == 2)
        }
    }

    @Test func anEndNoLongerTheOneReadOrNotLaterIsRefusedAndNothingMoves() throws {
        try withStore { harness in
            let (id, end) = try Self.subscribe(harness)
            let count = try harness.events(.renewalExtended).count
            for refused in [RenewalExtension(.days(3), expectedEnd: end.addingTimeInterval(-60)),
                            RenewalExtension(.until(end)), RenewalExtension(.until(end.addingTimeInterval(-Self.day))),
                            RenewalExtension(.days(0))] {
                let report = try harness.store.act(.extendRenewal(refused), on: id)
                #expect(report.notice?.isRefusal == true, "\(refused)")
            }
            #expect(try harness.ledger.subscriptions(user: "player-1").first?.expiresAt == end)
            #expect(try harness.events(.renewalExtended).count == count)
            // The end it expects, exactly: moved.
            let report = try harness.store.act(.extendRenewal(RenewalExtension(.days(1), expectedEnd: end)), on: id)
            #expect(report.notice?.isRefusal != true)
        }
    }

    /// Only a paid period that runs moves: not one in grace, one that ended, or a one-time purchase.
    @Test func graceAnEndedSubscriptionAndAOneTimePurchaseAreRefused() throws {
        try withStore { harness in
            let (id, end) = try Self.subscribe(harness)
            _ = try harness.store.act(.billingIssue(true), on: id)
            _ = try harness.store.advance(to: end.addingTimeInterval(60))
            let inGrace = try harness.store.act(.extendRenewal(.byQA), on: id)
            #expect(inGrace.notice?.isRefusal == true && inGrace.notice?.text.contains("grace") == true, "\(inGrace.notice?.text ?? "")")
            #expect(try harness.summary(of: id).actions.contains { if case .extendRenewal = $0 { true } else { false } } == false)
            _ = try harness.store.act(.expire, on: id)
            #expect(try harness.store.act(.extendRenewal(.byQA), on: id).notice?.isRefusal == true)
            let (gems, _) = try harness.buyThroughStoreKit(SKU.removeAds)
            #expect(try harness.store.act(.extendRenewal(.byQA), on: gems).notice?.isRefusal == true)
            #expect(try harness.events(.renewalExtended).isEmpty)
        }
    }

    /// QA's menu offers a week, in each store's words.
    @Test func theMenuOffersAWeek() throws {
        try withStore { harness in
            let (id, _) = try Self.subscribe(harness)
            let actions = try harness.summary(of: id).actions
            #expect(actions.contains(.extendRenewal(.byQA)))
            #expect(TransactionAction.extendRenewal(.byQA).title == "Extend the renewal date by 7 days")
            #expect(TransactionAction.extendRenewal(.byQA).title(on: .play) == "Defer the next renewal by 7 days (no charge)")
        }
    }
}
