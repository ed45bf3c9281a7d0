import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Refund requests on a real ledger: the App Store's sheet opens on one of its purchases, the
/// player's reason is kept in one commit with what the App Store posts (a consumable's
/// `CONSUMPTION_REQUEST`), and the App Store's later decision refunds, declines or reverses,
/// each with its notification in the outbox.
@Suite("Refund requests: the App Store's sheet, its decision, a reversal")
struct RefundRequestTests {
    static let url = "http://127.0.0.1:9/apple"

    private static func withAppStore(_ body: (StoreHarness) throws -> Void) throws {
        try withStore { harness in
            _ = harness.store.setNotificationURL(url, for: .appStore)
            try body(harness)
        }
    }

    /// The App Store's notifications of `transaction` in the outbox, oldest first, as `TYPE`.
    private static func posted(_ harness: StoreHarness, about transaction: String) -> [String] {
        harness.store.currentReport().snapshot.notifications.filter { $0.transactionId == transaction }.reversed().map(\.type)
    }

    /// The signed payload of the newest notification of `type`, decoded by hand.
    private static func payload(_ harness: StoreHarness, type: String) throws -> [String: Any] {
        let notification = try #require(harness.store.currentReport().snapshot.notifications.first { $0.type == type })
        let body = try #require(try JSONSerialization.jsonObject(with: Data(notification.body.utf8)) as? [String: Any])
        return try jwsPayload(body["signedPayload"] as? String)
    }

    private static func openSheet(on id: String, _ harness: StoreHarness) throws -> RefundRequestSheet {
        let report = try harness.store.act(.requestRefund, on: id)
        guard case .refundRequest(let sheet)? = report.storeSheet else {
            Issue.record("no refund sheet: \(report.notice?.text ?? "no notice")")
            throw CancellationError()
        }
        return sheet
    }

    @Test func submittingKeepsTheReasonAndAsksTheBackendAboutAConsumableInOneCommit() throws {
        try Self.withAppStore { harness in
            let id = try harness.buyThroughStoreKit(SKU.gems100).transactionId
            #expect(try harness.summary(of: id).actions.contains(.requestRefund))
            let sheet = try Self.openSheet(on: id, harness)
            #expect(sheet.chosen == .unintendedPurchase && sheet.productName == "ジェムの袋" && sheet.amount == "¥160")
            let moved = try harness.store.answerStoreSheet(.next)
            guard case .refundRequest(let chosen)? = moved.storeSheet else { Issue.record("the sheet closed"); return }
            #expect(chosen.chosen == .fulfillmentIssue)

            let commits = harness.store.commitCount
            let submitted = try harness.store.answerStoreSheet(.confirm)
            #expect(harness.store.commitCount == commits + 1)
            #expect(submitted.storeSheet == nil)
            let request = try #require(try harness.summary(of: id).refundRequest)
            #expect(request.reason == .fulfillmentIssue && request.isWaiting)
            #expect(try harness.ledger.transaction(id: id)?.refundRequest?.reason == "FULFILLMENT_ISSUE")
            #expect(Self.posted(harness, about: id).last == "CONSUMPTION_REQUEST")
            let data = try #require(try Self.payload(harness, type: "CONSUMPTION_REQUEST")["data"] as? [String: Any])
            #expect(data["consumptionRequestReason"] as? String == "FULFILLMENT_ISSUE")
            let result = submitted.snapshot.events.first { $0.kind == .refundRequestResult }
            #expect(result?.message.contains("→ success") == true)
            // Nothing is refunded yet: the App Store decides later.
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.summary(of: id).actions.contains(.decideRefundRequest(approve: true)))
            #expect(!(try harness.summary(of: id).actions.contains(.requestRefund)))
        }
    }

    @Test func aNonConsumableRequestPostsNoConsumptionRequest() throws {
        try Self.withAppStore { harness in
            let id = try harness.buyThroughStoreKit(SKU.removeAds).transactionId
            _ = try Self.openSheet(on: id, harness)
            _ = try harness.store.answerStoreSheet(.confirm)
            #expect(!Self.posted(harness, about: id).contains("CONSUMPTION_REQUEST"))
            #expect(try harness.summary(of: id).refundRequest?.reason == .unintendedPurchase)
        }
    }

    @Test func closingTheSheetRecordsUserCancelledAndNoRequest() throws {
        try Self.withAppStore { harness in
            let id = try harness.buyThroughStoreKit(SKU.gems100).transactionId
            _ = try Self.openSheet(on: id, harness)
            let closed = try harness.store.answerStoreSheet(.cancel)
            #expect(closed.storeSheet == nil)
            #expect(closed.snapshot.events.first { $0.kind == .refundRequestResult }?.message.contains("userCancelled") == true)
            #expect(try harness.summary(of: id).refundRequest == nil)
            #expect(try harness.summary(of: id).actions.contains(.requestRefund))
        }
    }

    @Test func anApprovedRequestRefundsWithTheReasonItImplies() throws {
        try Self.withAppStore { harness in
            let id = try harness.buyThroughStoreKit(SKU.gems100).transactionId
            _ = try Self.openSheet(on: id, harness)
            _ = try harness.store.answerStoreSheet(.choose(3))  // It isn't what I expected: the app's issue.
            _ = try harness.store.answerStoreSheet(.confirm)
            _ = try harness.store.act(.decideRefundRequest(approve: true), on: id)
            let summary = try harness.summary(of: id)
            #expect(summary.revokedAt != nil && summary.revocationReason == "developerIssue")
            #expect(summary.refundRequest?.decision == .approved)
            #expect(try harness.ledger.balances()["gems", default: 0] == 0)
            #expect(Self.posted(harness, about: id).suffix(2) == ["CONSUMPTION_REQUEST", "REFUND"])
            #expect(try jwsPayload(summary.signedTransaction)["revocationReason"] as? Int == 1)
        }
    }

    @Test func aDeclinedRequestKeepsThePurchaseAndPostsRefundDeclined() throws {
        try Self.withAppStore { harness in
            let id = try harness.buyThroughStoreKit(SKU.removeAds).transactionId
            _ = try Self.openSheet(on: id, harness)
            _ = try harness.store.answerStoreSheet(.confirm)
            let commits = harness.store.commitCount
            let declined = try harness.store.act(.decideRefundRequest(approve: false), on: id)
            #expect(harness.store.commitCount == commits + 1)
            #expect(declined.snapshot.owns(productId: SKU.removeAds))
            #expect(try harness.summary(of: id).refundRequest?.decision == .declined)
            #expect(try harness.summary(of: id).revokedAt == nil)
            #expect(Self.posted(harness, about: id).last == "REFUND_DECLINED")
            // Decided: nothing more to decide, and no second request.
            let actions = try harness.summary(of: id).actions
            #expect(!actions.contains(.requestRefund) && !actions.contains(.decideRefundRequest(approve: false)))
            #expect(try harness.store.act(.decideRefundRequest(approve: true), on: id).notice?.text.contains("does not apply") == true)
        }
    }

    @Test func aReversedRefundGivesTheGoodsBackSignedAgainWithoutTheRevocation() throws {
        try Self.withAppStore { harness in
            let id = try harness.buyThroughStoreKit(SKU.gems100).transactionId
            _ = try harness.store.act(.refund(.other), on: id)
            #expect(try harness.ledger.balances()["gems", default: 0] == 0)
            #expect(try harness.summary(of: id).actions == [.reverseRefund])
            let reversed = try harness.store.act(.reverseRefund, on: id)
            #expect(reversed.snapshot.balances == ["gems": 100])
            #expect(try harness.ledger.balances() == ["gems": 100])
            let summary = try harness.summary(of: id)
            #expect(summary.revokedAt == nil && summary.displayState == "purchased")
            #expect(try jwsPayload(summary.signedTransaction)["revocationDate"] == nil)
            #expect(Self.posted(harness, about: id).suffix(2) == ["REFUND", "REFUND_REVERSED"])
            #expect(try harness.ledger.grant(forTransaction: id)?.revokedAt == nil)
            // Read back at the next launch as the running store has it.
            try harness.relaunch()
            #expect(harness.store.currentReport().snapshot.balances == ["gems": 100])
        }
    }

    @Test func aSubscriptionsRefundIsNotReversed() throws {
        try Self.withAppStore { harness in
            let id = try harness.buyThroughStoreKit(SKU.monthlyPass).transactionId
            _ = try harness.store.act(.refund(.other), on: id)
            let refused = try harness.store.act(.reverseRefund, on: id)
            #expect(refused.notice?.text.contains("one-time purchases only") == true || refused.notice?.text.contains("does not apply") == true,
                    "\(refused.notice?.text ?? "")")
            #expect(try harness.summary(of: id).revokedAt != nil)
            #expect(!Self.posted(harness, about: id).contains("REFUND_REVERSED"))
        }
    }

    @Test func noSheetOpensOverAnotherAndOnlyTheAppStoreTakesRequests() throws {
        try Self.withAppStore { harness in
            let first = try harness.buyThroughStoreKit(SKU.gems100).transactionId
            let second = try harness.buyThroughStoreKit(SKU.gems100).transactionId
            _ = try Self.openSheet(on: first, harness)
            let refused = try harness.store.act(.requestRefund, on: second)
            #expect(refused.notice?.text.contains("is open") == true, "\(refused.notice?.text ?? "")")
            guard case .refundRequest(let open)? = refused.storeSheet else { Issue.record("the first sheet closed"); return }
            #expect(open.transactionId == first)
            _ = try harness.store.answerStoreSheet(.cancel)
            // Pay Station's purchases are Xsolla's: no App Store sheet for them.
            let xsolla = try harness.buy(SKU.gems100).session.transactionId
            #expect(!(try harness.summary(of: xsolla).actions.contains(.requestRefund)))
            #expect(try harness.store.act(.requestRefund, on: xsolla).storeSheet == nil)
        }
    }
}
