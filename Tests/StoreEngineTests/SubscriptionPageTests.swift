import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The stores' own subscription pages on a real ledger: what each offers for the subscription as
/// it stands, each choice the same change QA's action makes, Google Play's cancel survey kept for
/// its API, and a plan chosen bought through the store's purchase sheet.
@Suite("Subscription pages: the App Store's and Google Play's")
struct SubscriptionPageTests {
    private static func page(_ report: StoreReport) throws -> ManageSubscriptionsSheet {
        guard case .manageSubscriptions(let page)? = report.storeSheet else {
            Issue.record("no subscription page: \(report.notice?.text ?? "no notice")")
            throw CancellationError()
        }
        return page
    }

    @Test func theAppStoresPageCancelsResubscribesAndChangesPlan() throws {
        try withStore { harness in
            let id = try harness.buyThroughStoreKit(SKU.monthlyPass).transactionId
            let opened = try Self.page(try harness.store.act(.manageSubscriptions, on: id))
            #expect(opened.marketplace == .appStore && !opened.asksWhyOnCancel)
            #expect(opened.options.first == .cancel)
            #expect(opened.options.dropFirst().map { if case .plan(let product, _, _) = $0 { product } else { "" } }
                    == [SKU.weeklyPass, "com.example.stardust.pass.yearly"])
            // Cancel: auto-renew off, one commit, the page closed.
            let commits = harness.store.commitCount
            let cancelled = try harness.store.answerStoreSheet(.confirm)
            #expect(harness.store.commitCount == commits + 1)
            #expect(cancelled.storeSheet == nil)
            #expect(try harness.summary(of: id).subscription?.autoRenew == false)
            #expect((try harness.events(.didChangeRenewalStatus)).count == 1)
            // Now it offers to resubscribe, first.
            let again = try Self.page(try harness.store.act(.manageSubscriptions, on: id))
            #expect(again.options.first == .resubscribe)
            _ = try harness.store.answerStoreSheet(.confirm)
            #expect(try harness.summary(of: id).subscription?.autoRenew == true)
            // Another plan: the App Store's purchase sheet opens for it.
            _ = try Self.page(try harness.store.act(.manageSubscriptions, on: id))
            let chosen = try harness.store.answerStoreSheet(.choose(3))
            #expect(try Self.page(chosen).chosen == 2)
            let changing = try harness.store.answerStoreSheet(.confirm)
            #expect(changing.storeSheet == nil)
            #expect(changing.sheet?.productId == "com.example.stardust.pass.yearly", "\(changing.notice?.text ?? "")")
        }
    }

    @Test func closingThePageChangesNothing() throws {
        try withStore { harness in
            let id = try harness.buyThroughStoreKit(SKU.monthlyPass).transactionId
            _ = try Self.page(try harness.store.act(.manageSubscriptions, on: id))
            let closed = try harness.store.answerStoreSheet(.cancel)
            #expect(closed.storeSheet == nil)
            #expect(try harness.summary(of: id).subscription?.autoRenew == true)
            #expect(closed.snapshot.events.first?.kind == .manageSubscriptions)
        }
    }

    @Test func googlePlaysCancelAsksWhyAndItsAPIReportsTheAnswer() throws {
        try PlayDeveloperAPIHandlerTests.withAPI { servers, keys, harness in
            let (sheet, token) = try PlayDeveloperAPIHandlerTests.buy(SKU.weeklyPass, on: harness)
            let opened = try Self.page(try harness.store.act(.manageSubscriptions, on: sheet.transactionId))
            #expect(opened.marketplace == .googlePlay && opened.asksWhyOnCancel)
            let survey = try Self.page(try harness.store.answerStoreSheet(.confirm))
            #expect(survey.step == .cancelReasons)
            // Esc goes back to the options, not out.
            #expect(try Self.page(try harness.store.answerStoreSheet(.cancel)).step == .options)
            _ = try harness.store.answerStoreSheet(.confirm)
            _ = try harness.store.answerStoreSheet(.choose(3))
            let cancelled = try harness.store.answerStoreSheet(.confirm)
            #expect(cancelled.storeSheet == nil)
            #expect((try harness.events(.subscriptionCanceled)).count == 1)

            let bearer = try PlayDeveloperAPIHandlerTests.bearer(servers, keys)
            let read = try PlayDeveloperAPIHandlerTests.response(servers.answer(
                PlayDeveloperAPIHandlerTests.get("/subscriptionsv2/tokens/\(token)", bearer)))
            let body = try #require(try JSONSerialization.jsonObject(with: read.body) as? [String: Any])
            let user = (body["canceledStateContext"] as? [String: Any])?["userInitiatedCancellation"] as? [String: Any]
            #expect((user?["cancelSurveyResult"] as? [String: Any])?["reason"] as? String == "CANCEL_SURVEY_REASON_COST_RELATED",
                    "\(body)")

            // Restored, then cancelled by QA without the survey: no reason is reported for it.
            let cancelledAt = try #require(try harness.summary(of: sheet.transactionId).subscription?.unsubscribedAt)
            _ = try harness.store.act(.enableRenewal, on: sheet.transactionId)
            _ = try harness.store.advance(to: cancelledAt.addingTimeInterval(60))
            _ = try harness.store.act(.cancelRenewal, on: sheet.transactionId)
            let later = try PlayDeveloperAPIHandlerTests.response(servers.answer(
                PlayDeveloperAPIHandlerTests.get("/subscriptionsv2/tokens/\(token)", bearer)))
            let laterBody = try #require(try JSONSerialization.jsonObject(with: later.body) as? [String: Any])
            let laterUser = (laterBody["canceledStateContext"] as? [String: Any])?["userInitiatedCancellation"] as? [String: Any]
            #expect(laterUser != nil && laterUser?["cancelSurveyResult"] == nil, "\(laterBody)")
        }
    }

    /// Google Play's in-app message: offered only while a renewal's payment fails; fixing the
    /// payment from it recovers the subscription in the commit that answers the app.
    @Test func googlePlaysInAppMessageFixesThePaymentInOneCommit() throws {
        try withStore { harness in
            let sheet = try harness.openPlay(SKU.monthlyPass)
            try harness.sendPlay(.buy)
            #expect(!(try harness.summary(of: sheet.transactionId).actions.contains(.showInAppMessages)))
            _ = try harness.store.act(.billingIssue(true), on: sheet.transactionId)
            let renewal = try #require(harness.store.currentReport().snapshot.subscriptions.first?.expiresAt)
            _ = try harness.store.advance(to: renewal.addingTimeInterval(1))
            let latest = try #require(harness.store.currentReport().snapshot.subscriptions.first)
            #expect(latest.status == .inGracePeriod)
            let opened = try harness.store.act(.showInAppMessages, on: latest.latestTransactionId)
            guard case .inAppMessage(let message)? = opened.storeSheet else { Issue.record("no message"); return }
            #expect(!message.onHold && message.marketplace == .googlePlay)
            let commits = harness.store.commitCount
            let fixed = try harness.store.answerStoreSheet(.confirm)
            #expect(harness.store.commitCount == commits + 1)
            #expect(fixed.storeSheet == nil)
            #expect(fixed.snapshot.subscriptions.first?.status == .subscribed)
            #expect((try harness.events(.subscriptionRecovered)).count == 1)
            #expect((try harness.events(.inAppMessageResult)).map(\.message).first?.contains("SUBSCRIPTION_STATUS_UPDATED") == true)
        }
    }

    @Test func payStationHasNoSubscriptionPage() throws {
        try withStore { harness in
            let id = try harness.buy(SKU.monthlyPass).session.transactionId
            #expect(!(try harness.summary(of: id).actions.contains(.manageSubscriptions)))
            #expect(try harness.store.act(.manageSubscriptions, on: id).storeSheet == nil)
        }
    }
}
