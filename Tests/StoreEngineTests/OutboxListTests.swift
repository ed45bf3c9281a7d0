import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The Server pane's rows are kept between reports and read again only where the outbox
/// changed (`OutboxList`): after every kind of change they must be what a fresh read of the
/// ledger gives, as the window of the newest rows slides past its limit too.
@Suite("Outbox: the listed rows, kept between reports, as a fresh read gives them")
struct OutboxListTests {
    private static func fresh(_ harness: StoreHarness) throws -> [OutboxNotification] {
        try OutboxNotification.newest(OutboxList.limit, in: harness.store.ledger)
    }

    private static func answered(_ delivery: OutboxDelivery, status: Int) -> DeliveryResult {
        DeliveryResult(notificationId: delivery.notificationId, attempt: delivery.attempt, httpStatus: status, failure: nil,
                       milliseconds: 3, response: "answer \(delivery.attempt)")
    }

    @Test func afterWritesAttemptsAndResendsTheRowsAreAFreshRead() throws {
        try withTemporaryLedgerPath { path in
            let harness = try StoreHarness(path: path, catalog: try defaultCatalog(), userId: "player-1", rate: .paused)
            _ = harness.store.configureOutbox(OutboxSettings(urls: [.appStore: "http://127.0.0.1:9/apple"], appStoreRetries: true))
            #expect(harness.store.currentReport().snapshot.notifications.isEmpty)

            // More than the list holds, a report after each few, so the window slides.
            for index in 0..<(OutboxList.limit + 7) {
                _ = try harness.store.requestTestNotification(uuid: "n-\(index)")
                if index % 50 == 0 { #expect(harness.store.currentReport().snapshot.notifications == (try Self.fresh(harness))) }
            }
            let written = harness.store.currentReport().snapshot.notifications
            #expect(written.count == OutboxList.limit && written.first?.uuid == "n-\(OutboxList.limit + 6)")
            #expect(written == (try Self.fresh(harness)))

            // Attempts answered one at a time, each report checked: taken, retried, failing again.
            let deliveries = try harness.store.runDue().deliveries
            for (index, delivery) in deliveries.prefix(12).enumerated() {
                let report = try harness.store.recordDelivery(Self.answered(delivery, status: index.isMultiple(of: 3) ? 204 : 503))
                #expect(report.snapshot.notifications == (try Self.fresh(harness)))
            }
            let retried = try #require(harness.store.currentReport().snapshot.notifications.first { $0.standing == .retrying })
            #expect(retried.attempts.map(\.result) == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE"])

            // A resend, its answer, and new rows written among them.
            let taken = try #require(harness.store.currentReport().snapshot.notifications.first { $0.standing == .delivered })
            let resent = try #require(try harness.store.resendNotification(id: taken.id).deliveries.first)
            #expect(harness.store.currentReport().snapshot.notifications == (try Self.fresh(harness)))
            _ = try harness.store.requestTestNotification(uuid: "after-resend")
            let report = try harness.store.recordDelivery(Self.answered(resent, status: 500))
            #expect(report.snapshot.notifications == (try Self.fresh(harness)))
            #expect(report.snapshot.notifications.first?.uuid == "after-resend")
            #expect(report.snapshot.notifications.first { $0.id == taken.id }?.attempts.count == 2)
        }
    }
}
