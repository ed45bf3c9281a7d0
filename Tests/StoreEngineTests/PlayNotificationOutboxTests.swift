import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Google Play's real-time developer notifications through the outbox, without a network: each
/// is written as a Pub/Sub push request (the notification base64-encoded in its message's data)
/// in the commit that logs it, and kept under Pub/Sub's push rules.
@Suite("Outbox: Google Play's notifications as Pub/Sub pushes them")
struct PlayNotificationOutboxTests {
    static let url = "http://127.0.0.1:9/play"

    static func withPlayStore(_ body: (StoreHarness) throws -> Void) throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = harness.store.setNotificationURL(url, for: .googlePlay)
            try body(harness)
        }
    }

    /// Buys `productId` on Google Play's sheet with the approving instrument; its transaction.
    static func buy(_ productId: String, _ harness: StoreHarness) throws -> String {
        let sheet = try harness.openPlay(productId)
        try harness.sendPlay(.buy)
        return sheet.transactionId
    }

    /// The push request a delivery posts, and the notification its data carries.
    static func read(_ delivery: OutboxDelivery) throws -> (PubSubPushRequest, PlayDeveloperNotification) {
        let request = try JSONDecoder().decode(PubSubPushRequest.self, from: Data(delivery.body.utf8))
        let data = try #require(Data(base64Encoded: request.message.data))
        return (request, try JSONDecoder().decode(PlayDeveloperNotification.self, from: data))
    }

    @Test func aOneTimeProductsPurchaseIsPushedWithItsToken() throws {
        try Self.withPlayStore { harness in
            let transaction = try Self.buy(SKU.gems100, harness)
            let delivery = try #require(try harness.store.runDue().deliveries.first)
            #expect(delivery.store == .googlePlay && delivery.type == "ONE_TIME_PRODUCT_PURCHASED" && delivery.url == Self.url)
            #expect(delivery.headers == [OutboxDelivery.Header(name: "Content-Type", value: "application/json")])
            let (request, notification) = try Self.read(delivery)
            // Without `storefront keys`, the placeholder project.
            #expect(request.subscription == "projects/storefront-local/subscriptions/storefront-play")
            #expect(request.message.messageId == delivery.uuid && delivery.uuid.count == 16 && delivery.uuid.allSatisfy(\.isNumber))
            #expect(request.message.attributes.isEmpty)
            #expect(request.message.publishTime == PlayPurchaseResources.time(harness.now))
            let purchase = try #require(try harness.playRecords.purchase(of: transaction))
            #expect(notification.version == "1.0" && notification.packageName == purchase.packageName)
            #expect(notification.eventTimeMillis == String(PlayPurchase.milliseconds(harness.now)))
            #expect(notification.oneTimeProductNotification == .init(notificationType: 1, purchaseToken: purchase.purchaseToken,
                                                                      sku: SKU.gems100))
            #expect(notification.subscriptionNotification == nil && notification.voidedPurchaseNotification == nil)
            // The raw JSON says the time as a string, as Google's does.
            let data = try #require(Data(base64Encoded: request.message.data))
            let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(raw["eventTimeMillis"] is String)
        }
    }

    @Test func aSubscriptionsPurchaseAndRenewalCarryTheFirstToken() throws {
        try Self.withPlayStore { harness in
            _ = try ServerCredentials.kept(in: harness.ledger)
            let project = try #require(try ServerCredentials.read(from: harness.ledger)?.projectId)
            let transaction = try Self.buy(SKU.monthlyPass, harness)
            let token = try #require(try harness.playRecords.purchase(of: transaction)?.purchaseToken)
            let expires = try #require(harness.store.currentReport().snapshot.subscriptions.last?.expiresAt)
            // Moving the clock may hand over what is due itself; either way, once.
            let deliveries = try harness.store.advance(to: expires.addingTimeInterval(1)).deliveries
                + harness.store.runDue().deliveries
            #expect(deliveries.map(\.type) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_RENEWED"])
            let read = try deliveries.map(Self.read)
            #expect(read.allSatisfy { $0.0.subscription == "projects/\(project)/subscriptions/storefront-play" })
            #expect(read.map { $0.1.subscriptionNotification } == [
                .init(notificationType: 4, purchaseToken: token, subscriptionId: SKU.monthlyPass),
                .init(notificationType: 2, purchaseToken: token, subscriptionId: SKU.monthlyPass),
            ])
            #expect(Set(deliveries.map(\.uuid)).count == 2)
        }
    }

    @Test func withoutAURLNothingIsWritten() throws {
        try Self.withPlayStore { harness in
            _ = harness.store.setNotificationURL(nil, for: .googlePlay)
            _ = try Self.buy(SKU.gems100, harness)
            #expect(try harness.ledger.pendingNotifications().isEmpty)
        }
    }

    @Test func aNackIsRedeliveredTenSecondsLaterUnderTheSameId() throws {
        try Self.withPlayStore { harness in
            _ = try Self.buy(SKU.gems100, harness)
            let first = try #require(try harness.store.runDue().deliveries.first)
            _ = try harness.store.recordDelivery(DeliveryResult(notificationId: first.notificationId, attempt: 1, httpStatus: 503,
                                                                failure: nil, milliseconds: 2, response: ""))
            #expect(try harness.ledger.attempts(ofNotification: first.notificationId).map(\.result) == ["NACK_HTTP_503"])
            let due = try #require(try harness.ledger.notification(id: first.notificationId)?.nextAttemptAt)
            #expect(due == harness.now.addingTimeInterval(10))
            let handed = try harness.store.advance(to: due).deliveries + harness.store.runDue().deliveries
            let again = try #require(handed.first)
            #expect(again.attempt == 2 && again.uuid == first.uuid && again.body == first.body)
            _ = try harness.store.recordDelivery(DeliveryResult(notificationId: again.notificationId, attempt: 2, httpStatus: 102,
                                                                failure: nil, milliseconds: 2, response: ""))
            #expect(try harness.ledger.attempts(ofNotification: first.notificationId).map(\.result) == ["NACK_HTTP_503", "ACKNOWLEDGED"])
            #expect(try harness.ledger.notification(id: first.notificationId)?.deliveredAt != nil)
        }
    }
}

/// Pub/Sub's push rules on their own: which answers acknowledge, the backoff, the retention.
@Suite("Outbox: Pub/Sub's delivery rules")
struct PubSubDeliveryRulesTests {
    private let rules = PubSubDeliveryRules()
    private static let written = Date(timeIntervalSinceReferenceDate: 800_000_000)

    private func result(_ status: Int?, _ failure: DeliveryFailure? = nil) -> DeliveryResult {
        DeliveryResult(notificationId: 1, attempt: 1, httpStatus: status, failure: failure, milliseconds: 1, response: "")
    }

    @Test func onlyPubSubsStatusesAcknowledge() {
        #expect([102, 200, 201, 202, 204].allSatisfy { rules.isDelivered(result($0)) })
        #expect([100, 203, 205, 206, 301, 400, 404, 429, 500, 503].allSatisfy { !rules.isDelivered(result($0)) })
        #expect(!rules.isDelivered(result(nil, .timedOut)))
        #expect(rules.resultName(for: result(204)) == "ACKNOWLEDGED")
        #expect(rules.resultName(for: result(503)) == "NACK_HTTP_503")
        #expect(rules.resultName(for: result(nil, .timedOut)) == "TIMED_OUT")
        #expect(rules.resultName(for: result(nil, .noResponse)) == "NO_RESPONSE")
    }

    @Test func theBackoffDoublesFromTenSecondsToTenMinutes() {
        let delays = (1...9).map { attempt in
            rules.nextAttempt(after: attempt, madeAt: Self.written, writtenAt: Self.written)?.timeIntervalSince(Self.written)
        }
        #expect(delays == [10, 20, 40, 80, 160, 320, 600, 600, 600])
        #expect(rules.nextAttempt(after: 10_000, madeAt: Self.written, writtenAt: Self.written) == Self.written.addingTimeInterval(600))
    }

    @Test func redeliveryStopsWhenTheRetentionEnds() {
        let week: TimeInterval = 7 * 86_400
        let late = Self.written.addingTimeInterval(week - 601)
        #expect(rules.nextAttempt(after: 40, madeAt: late, writtenAt: Self.written) == late.addingTimeInterval(600))
        #expect(rules.nextAttempt(after: 40, madeAt: Self.written.addingTimeInterval(week - 600), writtenAt: Self.written) == nil)
        #expect(rules.nextAttempt(after: 1, madeAt: Self.written.addingTimeInterval(week - 5), writtenAt: Self.written) == nil)
    }

    @Test func eachStoreHasItsOwnRules() {
        let settings = OutboxSettings(appStoreRetries: true)
        #expect(settings.rules(of: .googlePlay, type: "SUBSCRIPTION_RENEWED") is PubSubDeliveryRules)
        #expect((settings.rules(of: .appStore, type: "DID_RENEW") as? AppStoreDeliveryRules)?.retries == true)
        #expect((settings.rules(of: .xsolla, type: "payment") as? XsollaDeliveryRules)?.type == "payment")
    }
}
