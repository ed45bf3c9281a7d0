import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Xsolla's webhooks through the outbox, without a network: what each purchase posts, signed,
/// in Xsolla's order (`order_paid` only once the backend took `payment`), Xsolla's resend
/// rules, and webhook mode, where the backend's answers decide the purchase. The answers are
/// fed in as the host would report them; a real receiver checks the signature end to end
/// (`XsollaWebhookEndToEndTests`).
@Suite("Outbox: Xsolla's webhooks and webhook mode")
struct XsollaWebhookTests {
    static let url = "http://127.0.0.1:9/xsolla"
    static let secret = "project-secret-key"

    private static func withXsollaStore(webhookMode: Bool = false, _ body: (StoreHarness) throws -> Void) throws {
        try withTemporaryLedgerPath { path in
            let harness = try StoreHarness(path: path, catalog: try defaultCatalog(), userId: "player-1")
            _ = harness.store.configureOutbox(OutboxSettings(urls: [.xsolla: url], xsollaWebhookMode: webhookMode,
                                                             xsollaSecretKey: secret))
            try body(harness)
        }
    }

    private static func answer(_ delivery: OutboxDelivery, status: Int?, body: String = "",
                               failure: DeliveryFailure? = nil) -> DeliveryResult {
        DeliveryResult(notificationId: delivery.notificationId, attempt: delivery.attempt, httpStatus: status,
                       failure: failure, milliseconds: 4, response: body)
    }

    /// What `report`'s call handed over, and what the next run of what is due hands over.
    private static func handedOver(after report: StoreReport, _ harness: StoreHarness) throws -> [OutboxDelivery] {
        report.deliveries + (try harness.store.runDue().deliveries)
    }

    private static func json(_ delivery: OutboxDelivery) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(delivery.body.utf8)) as? [String: Any])
    }

    private static func authorization(_ delivery: OutboxDelivery) -> String? {
        delivery.headers.first { $0.name == "Authorization" }?.value
    }

    // MARK: Xsolla's rules

    @Test func resendsFollowXsollasScheduleAndStopAfterNineteen() {
        let rules = XsollaDeliveryRules(type: "payment")
        let time = TestClock.start
        let minutes = (1...20).map { attempt in
            rules.nextAttempt(after: attempt, madeAt: time, writtenAt: time).map { Int($0.timeIntervalSince(time) / 60) }
        }
        #expect(minutes == [5, 5] + Array(repeating: 15, count: 7) + Array(repeating: 60, count: 10) + [nil])
        #expect(XsollaDeliveryRules(type: "user_validation").nextAttempt(after: 1, madeAt: time, writtenAt: time) == nil)
    }

    @Test(arguments: [(200, true, false), (201, true, false), (204, true, false), (202, false, false),
                      (400, false, true), (401, false, true), (404, false, true), (422, false, true), (500, false, false),
                      (503, false, false)])
    func whichAnswersTakeRefuseOrRetry(status: Int, taken: Bool, refused: Bool) {
        let rules = XsollaDeliveryRules(type: "payment")
        let result = DeliveryResult(notificationId: 1, attempt: 1, httpStatus: status, failure: nil, milliseconds: 1,
                                    response: #"{"error":{"code":"INVALID_PARAMETER","message":"no such item"}}"#)
        #expect(rules.isDelivered(result) == taken)
        #expect(rules.isFinal(result) == refused)
        #expect(rules.resultName(for: result) == (taken ? "SUCCESS" : "INVALID_PARAMETER"))
    }

    @Test func anAnswerWithoutXsollasErrorIsNamedByItsStatus() {
        let rules = XsollaDeliveryRules(type: "payment")
        let plain = DeliveryResult(notificationId: 1, attempt: 1, httpStatus: 500, failure: nil, milliseconds: 1,
                                   response: "<html>oops</html>")
        #expect(rules.resultName(for: plain) == "HTTP_500")
        let none = DeliveryResult(notificationId: 1, attempt: 1, httpStatus: nil, failure: .timedOut, milliseconds: 1,
                                  response: "")
        #expect(rules.resultName(for: none) == "TIMED_OUT" && !rules.isFinal(none))
    }

    // MARK: What a purchase posts

    @Test func aPaidOrderPostsPaymentThenOrderPaidOnceTheBackendTookIt() throws {
        try Self.withXsollaStore { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            let payment = try #require(try Self.handedOver(after: harness.waitForRedirect(), harness).first)
            #expect(payment.store == .xsolla && payment.type == "payment" && payment.url == Self.url)
            // Nothing follows before the backend took the payment.
            #expect(try harness.store.runDue().deliveries.isEmpty)
            let body = try Self.json(payment)
            #expect(body["notification_type"] as? String == "payment")
            #expect((body["settings"] as? [String: Any])?["project_id"] as? Int == 254_321)
            #expect((body["user"] as? [String: Any])?["id"] as? String == "player-1")
            let transaction = try #require(body["transaction"] as? [String: Any])
            #expect(transaction["external_id"] as? String == session.transactionId)
            #expect(transaction["id"] as? Int == Int(session.invoiceId) && transaction["dry_run"] as? Int == 1)
            let checkout = try #require((body["purchase"] as? [String: Any])?["checkout"] as? [String: Any])
            #expect(checkout["currency"] as? String == "USD" && (checkout["amount"] as? NSNumber)?.decimalValue == Decimal(string: "0.99"))
            // Signed as Xsolla signs: SHA-1 of the body followed by the project's secret key, in hex.
            let signature = try #require(Self.authorization(payment))
            #expect(signature == "Signature " + (Digest.sha1.hex(of: payment.body + Self.secret) ?? ""))
            #expect(signature.count == "Signature ".count + 40)

            _ = try harness.store.recordDelivery(Self.answer(payment, status: 204))
            let paid = try #require(try harness.store.runDue().deliveries.first)
            #expect(paid.type == "order_paid")
            let order = try Self.json(paid)
            let items = try #require(order["items"] as? [[String: Any]])
            #expect(items.first?["sku"] as? String == SKU.gems100 && items.first?["amount"] as? String == "0.99")
            #expect((order["order"] as? [String: Any])?["status"] as? String == "paid")
            #expect((order["order"] as? [String: Any])?["mode"] as? String == "sandbox")
        }
    }

    @Test func aRefundPostsRefundThenOrderCanceled() throws {
        try Self.withXsollaStore { harness in
            let session = try harness.open(SKU.removeAds)
            try harness.pay(card: Cards.success)
            for delivery in try Self.handedOver(after: harness.waitForRedirect(), harness) {
                _ = try harness.store.recordDelivery(Self.answer(delivery, status: 200))
            }
            for delivery in try harness.store.runDue().deliveries {
                _ = try harness.store.recordDelivery(Self.answer(delivery, status: 200))
            }
            _ = try harness.store.act(.refund(.other), on: session.transactionId)
            let refund = try #require(try harness.store.runDue().deliveries.first)
            #expect(refund.type == "refund")
            #expect((try Self.json(refund)["refund_details"] as? [String: Any]) != nil)
            _ = try harness.store.recordDelivery(Self.answer(refund, status: 204))
            let canceled = try #require(try harness.store.runDue().deliveries.first)
            #expect(canceled.type == "order_canceled")
            #expect((try Self.json(canceled)["order"] as? [String: Any])?["status"] as? String == "canceled")
        }
    }

    @Test func aRefusedWebhookIsNotResentAndKeepsXsollasCode() throws {
        try Self.withXsollaStore { harness in
            try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            let payment = try #require(try Self.handedOver(after: harness.waitForRedirect(), harness).first)
            _ = try harness.store.recordDelivery(Self.answer(
                payment, status: 400, body: #"{"error":{"code":"INCORRECT_AMOUNT","message":"price changed"}}"#))
            let kept = try #require(try OutboxNotification.all(in: harness.ledger).first { $0.type == "payment" })
            #expect(kept.nextAttemptAt == nil && kept.deliveredAt == nil)
            #expect(kept.attempts.map(\.result) == ["INCORRECT_AMOUNT"])
            // No order_paid follows a payment the backend refused.
            #expect(try harness.store.runDue().deliveries.isEmpty)
        }
    }

    @Test func aBackendThatFailsIsAskedAgainFiveMinutesLaterOnTheClock() throws {
        try Self.withXsollaStore { harness in
            try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            let first = try #require(try Self.handedOver(after: harness.waitForRedirect(), harness).first)
            _ = try harness.store.recordDelivery(Self.answer(first, status: 503))
            let due = try #require(try OutboxNotification.all(in: harness.ledger).first { $0.type == "payment" }?.nextAttemptAt)
            #expect(due.timeIntervalSince(harness.now) == 300)
            let again = try harness.store.advance(to: due).deliveries + harness.store.runDue().deliveries
            #expect(again.map(\.attempt) == [2] && again.first?.uuid == first.uuid && again.first?.body == first.body)
        }
    }

    // MARK: Webhook mode

    @Test func webhookModeAsksUserValidationAndARefusalChargesNothing() throws {
        try Self.withXsollaStore(webhookMode: true) { harness in
            let session = try harness.open(SKU.gems100)
            #expect(session.checksUser && !session.isLoaded)
            let check = try #require(try harness.store.runDue().deliveries.first)
            #expect(check.type == "user_validation")
            #expect(try Self.json(check)["notification_type"] as? String == "user_validation")
            // The page takes no card while it waits.
            try harness.type("4")
            #expect(harness.page?.session.cardNumber == "")
            _ = try harness.store.recordDelivery(Self.answer(
                check, status: 400, body: #"{"error":{"code":"INVALID_USER","message":"Invalid user"}}"#))
            let page = try #require(harness.page)
            guard case .userRefused(let reason) = page.session.phase else {
                Issue.record("the page shows \(page.session.phase)")
                return
            }
            #expect(reason.contains("INVALID_USER") && reason.contains("does not know this player"))
            let record = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(record.state == .failed && record.purchasedAt == nil)
            #expect(try harness.ledger.grant(forTransaction: session.transactionId) == nil)
            #expect(try harness.events(.payStationUserRefused).count == 1)
            // Closing leaves nothing behind.
            try harness.send(.close)
            #expect(harness.page == nil)
        }
    }

    @Test func webhookModeGrantsOnlyOnceTheBackendTakesThePayment() throws {
        try Self.withXsollaStore(webhookMode: true) { harness in
            let session = try harness.open(SKU.gems100)
            let check = try #require(try harness.store.runDue().deliveries.first)
            _ = try harness.store.recordDelivery(Self.answer(check, status: 204))
            #expect(harness.page?.session.isLoaded == true)
            try harness.pay(card: Cards.success)
            #expect(harness.page?.session.phase == .delivering)
            let payment = try #require(try harness.store.runDue().deliveries.first)
            #expect(payment.type == "payment")
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .deferred)
            #expect(try harness.ledger.grant(forTransaction: session.transactionId) == nil)

            // The backend fails: troubled, still pending, nothing granted.
            _ = try harness.store.recordDelivery(Self.answer(payment, status: 500))
            guard case .troubled(let reason, let retryAt)? = harness.page?.session.phase else {
                Issue.record("the page shows \(String(describing: harness.page?.session.phase))")
                return
            }
            #expect(reason.contains("HTTP 500"))
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .deferred)
            #expect(try harness.events(.payStationTroubled).count == 1)
            try harness.send(.close)

            // Xsolla's retry is taken: granted, and order_paid follows.
            let due = try #require(try OutboxNotification.all(in: harness.ledger).first { $0.type == "payment" }?.nextAttemptAt)
            // The page says when Xsolla resends: the outbox's own next attempt.
            #expect(retryAt == due)
            let retry = try #require((try harness.store.advance(to: due).deliveries + harness.store.runDue().deliveries).first)
            #expect(retry.attempt == 2)
            _ = try harness.store.recordDelivery(Self.answer(retry, status: 204))
            let record = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(record.state == .purchased && record.isFinished)
            #expect(try harness.ledger.grant(forTransaction: session.transactionId) != nil)
            #expect(try harness.store.runDue().deliveries.map(\.type) == ["order_paid"])
        }
    }

    @Test func webhookModeFailsThePurchaseTheBackendRefuses() throws {
        try Self.withXsollaStore(webhookMode: true) { harness in
            let session = try harness.open(SKU.gems100)
            let check = try #require(try harness.store.runDue().deliveries.first)
            _ = try harness.store.recordDelivery(Self.answer(check, status: 204))
            try harness.pay(card: Cards.success)
            let payment = try #require(try harness.store.runDue().deliveries.first)
            _ = try harness.store.recordDelivery(Self.answer(
                payment, status: 400, body: #"{"error":{"code":"INVALID_PARAMETER","message":"unknown sku"}}"#))
            let record = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(record.state == .failed && record.error?.contains("INVALID_PARAMETER") == true)
            #expect(try harness.ledger.grant(forTransaction: session.transactionId) == nil)
            #expect(try harness.store.runDue().deliveries.isEmpty)
        }
    }

    @Test func withoutAnXsollaURLWebhookModeHoldsNothing() throws {
        try withTemporaryLedgerPath { path in
            let harness = try StoreHarness(path: path, catalog: try defaultCatalog(), userId: "player-1")
            _ = harness.store.configureOutbox(OutboxSettings(xsollaWebhookMode: true))
            let session = try harness.open(SKU.gems100)
            #expect(!session.checksUser)
            try harness.pay(card: Cards.success)
            try harness.waitForRedirect()
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchased)
        }
    }
}
