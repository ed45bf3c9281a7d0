import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Issue 37 part 6: the Server pane's rows come up in the report as the engine's own values
/// (the request, its headers, each attempt with the backend's answer), newest first, up to date
/// after each attempt; `R` posts one again now under the same id, `N` moves the calendar to
/// its next retry.
@Suite("Outbox: the Server pane's rows, a resend, the clock to the next retry")
struct OutboxResendTests {
    static let url = "http://127.0.0.1:9/apple"

    private static func withStore(retries: Bool = false, _ body: (StoreHarness) throws -> Void) throws {
        try withTemporaryLedgerPath { path in
            let harness = try StoreHarness(path: path, catalog: try defaultCatalog(), userId: "player-1", rate: .paused)
            _ = harness.store.configureOutbox(OutboxSettings(urls: [.appStore: url], appStoreRetries: retries))
            try body(harness)
        }
    }

    private static func answered(_ delivery: OutboxDelivery, status: Int, response: String = "") -> DeliveryResult {
        DeliveryResult(notificationId: delivery.notificationId, attempt: delivery.attempt, httpStatus: status, failure: nil,
                       milliseconds: 7, response: response)
    }

    @Test func theReportListsEachNotificationNewestFirstWithItsAttempts() throws {
        try Self.withStore { harness in
            #expect(harness.store.currentReport().snapshot.notifications.isEmpty)
            _ = try harness.store.requestTestNotification(uuid: "first")
            _ = try harness.store.requestTestNotification(uuid: "second")
            let listed = harness.store.currentReport().snapshot.notifications
            #expect(listed.map(\.uuid) == ["second", "first"])
            #expect(listed.allSatisfy { $0.standing == .due && $0.body.contains("signedPayload") })
            #expect(listed.first?.headers == [OutboxDelivery.Header(name: "Content-Type", value: "application/json")])

            let deliveries = try harness.store.runDue().deliveries
            #expect(deliveries.count == 2)
            var answered: StoreReport?
            for delivery in deliveries {
                answered = try harness.store.recordDelivery(Self.answered(delivery, status: 200, response: "ok \(delivery.uuid)"))
            }
            // The report of the call that kept the attempt already shows it: no stale rows.
            let second = try #require(answered?.snapshot.notifications.first { $0.uuid == "second" })
            #expect(second.standing == .delivered)
            #expect(second.attempts.map(\.response) == ["ok second"] && second.attempts.first?.httpStatus == 200)
        }
    }

    @Test func aResendIsAnotherAttemptUnderTheSameIdNow() throws {
        try Self.withStore { harness in
            _ = try harness.store.requestTestNotification(uuid: "same-id")
            let first = try #require(try harness.store.runDue().deliveries.first)
            _ = try harness.store.recordDelivery(Self.answered(first, status: 200))

            let resent = try harness.store.resendNotification(id: first.notificationId)
            let again = try #require(resent.deliveries.first)
            #expect(again.attempt == 2 && again.uuid == "same-id" && again.body == first.body)
            #expect(resent.notice?.text.contains("attempt 2") == true)
            // In flight: a second R waits for the answer.
            #expect(try harness.store.resendNotification(id: first.notificationId).deliveries.isEmpty)
            let recorded = try harness.store.recordDelivery(Self.answered(again, status: 500))
            let row = try #require(recorded.snapshot.notifications.first)
            #expect(row.attempts.map(\.result) == ["SUCCESS", "UNSUCCESSFUL_HTTP_RESPONSE_CODE"])
            #expect(row.standing == .gaveUp, "the sandbox attempts once: a failed resend is the last")
        }
    }

    @Test func theClockMovesToTheNextRetryWhichThenGoesOut() throws {
        try Self.withStore(retries: true) { harness in
            _ = try harness.store.requestTestNotification(uuid: "retried")
            let first = try #require(try harness.store.runDue().deliveries.first)
            let failedAt = harness.store.now()
            let failed = try harness.store.recordDelivery(Self.answered(first, status: 503))
            let next = try #require(failed.snapshot.notifications.first?.nextAttemptAt)
            #expect(next == failedAt.addingTimeInterval(3_600), "production's first retry, an hour on")

            let moved = try harness.store.advanceToNextAttempt(ofNotification: first.notificationId)
            #expect(harness.store.now() == next)
            #expect(moved.deliveries.map(\.attempt) == [2])

            _ = try harness.store.recordDelivery(Self.answered(try #require(moved.deliveries.first), status: 200))
            let done = try harness.store.advanceToNextAttempt(ofNotification: first.notificationId)
            #expect(done.deliveries.isEmpty && harness.store.now() == next, "delivered: nothing to move to")
            #expect(done.notice?.text.contains("was delivered") == true)
        }
    }
}
