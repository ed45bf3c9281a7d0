import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The outbox on a real ledger, without a network: a notification is written in one commit,
/// handed over once for the host to post, kept with each attempt under the App Store's rules,
/// and handed over again after a relaunch when its attempt never came back.
@Suite("Outbox: notifications written, handed over, attempted, never lost")
struct OutboxTests {
    static let url = "http://127.0.0.1:9/apple"

    private static func withStore(_ body: (StoreHarness) throws -> Void) throws {
        try withTemporaryLedgerPath { path in
            let harness = try StoreHarness(path: path, catalog: try defaultCatalog(), userId: "player-1", rate: .paused)
            _ = harness.store.setNotificationURL(url, for: .appStore)
            try body(harness)
        }
    }

    private static func answered(_ delivery: OutboxDelivery, status: Int?, failure: DeliveryFailure? = nil) -> DeliveryResult {
        DeliveryResult(notificationId: delivery.notificationId, attempt: delivery.attempt, httpStatus: status, failure: failure,
                       milliseconds: 3, response: "")
    }

    /// Headers are kept one a line and read back as written, the spaces around a value apart.
    @Test func headersReadBackAsWritten() {
        let headers = [OutboxDelivery.Header(name: "Content-Type", value: "application/json"),
                       OutboxDelivery.Header(name: "Authorization", value: "Signature 0a1b: 2c"),
                       OutboxDelivery.Header(name: "X-Empty", value: "")]
        #expect(OutboxDelivery.headers(fromLines: OutboxDelivery.lines(of: headers)) == headers)
        #expect(OutboxDelivery.headers(fromLines: "A:  spaced \t\nno colon\nB:\tx") == [
            .init(name: "A", value: "spaced"), .init(name: "B", value: "x"),
        ])
    }

    @Test func aTestNotificationIsHandedOverOnceAndItsAttemptKept() throws {
        try Self.withStore { harness in
            let requested = try harness.store.requestTestNotification(uuid: "0b5c9d0e-1111-4222-8333-944455556666")
            // Written and due now: the next run of what is due hands it over, not the request itself.
            #expect(requested.deliveries.isEmpty)
            let due = try harness.store.runDue()
            let delivery = try #require(due.deliveries.first)
            #expect(due.deliveries.count == 1 && delivery.attempt == 1 && delivery.url == Self.url && delivery.type == "TEST")
            #expect(delivery.headers == [OutboxDelivery.Header(name: "Content-Type", value: "application/json")])
            let payload = try #require(JWS(compact: AppStoreServerAPI.signedPayload(ofBody: delivery.body)))
            let decoded = try #require(try JSONSerialization.jsonObject(with: payload.payload) as? [String: Any])
            #expect(decoded["notificationType"] as? String == "TEST" && decoded["version"] as? String == "2.0")
            #expect(decoded["notificationUUID"] as? String == "0b5c9d0e-1111-4222-8333-944455556666")
            // In flight: not handed over twice while the host posts it.
            #expect(try harness.store.runDue().deliveries.isEmpty)

            _ = try harness.store.recordDelivery(Self.answered(delivery, status: 204))
            let attempts = try harness.ledger.attempts(ofNotification: delivery.notificationId)
            #expect(attempts.map(\.result) == ["SUCCESS"] && attempts.first?.httpStatus == 204)
            #expect(try harness.ledger.notification(id: delivery.notificationId)?.nextAttemptAt == nil)
            #expect(try harness.ledger.notification(id: delivery.notificationId)?.deliveredAt != nil)
            // The same answer again (a duplicate from the host) changes nothing.
            _ = try harness.store.recordDelivery(Self.answered(delivery, status: 204))
            #expect(try harness.ledger.attempts(ofNotification: delivery.notificationId).count == 1)
            let kinds = harness.store.currentReport().snapshot.events.map(\.kind)
            #expect(kinds.contains(.notificationQueued) && kinds.contains(.notificationDelivered))
        }
    }

    @Test func withoutAURLNothingIsWrittenAndTheRequestIsRefused() throws {
        try Self.withStore { harness in
            _ = harness.store.setNotificationURL(nil, for: .appStore)
            let report = try harness.store.requestTestNotification(uuid: "0b5c9d0e-1111-4222-8333-944455556666")
            #expect(report.notice?.isRefusal == true)
            #expect(try harness.ledger.pendingNotifications().isEmpty)
        }
    }

    @Test func theSandboxAttemptsOnceAndProductionRetriesOnItsCalendar() throws {
        try Self.withStore { harness in
            _ = try harness.store.requestTestNotification(uuid: "0b5c9d0e-1111-4222-8333-944455556666")
            let first = try #require(try harness.store.runDue().deliveries.first)
            _ = try harness.store.recordDelivery(Self.answered(first, status: nil, failure: .timedOut))
            #expect(try harness.ledger.attempts(ofNotification: first.notificationId).map(\.result) == ["TIMED_OUT"])
            #expect(try harness.ledger.notification(id: first.notificationId)?.nextAttemptAt == nil, "the sandbox gives up")

            _ = harness.store.configureOutbox(OutboxSettings(urls: [.appStore: Self.url], appStoreRetries: true))
            _ = try harness.store.requestTestNotification(uuid: "1b5c9d0e-1111-4222-8333-944455556666")
            var delivery = try #require(try harness.store.runDue().deliveries.first)
            var times: [TimeInterval] = []
            for attempt in 1...6 {
                #expect(delivery.attempt == attempt)
                let madeAt = harness.store.now()
                _ = try harness.store.recordDelivery(Self.answered(delivery, status: 500))
                guard let next = try harness.ledger.notification(id: delivery.notificationId)?.nextAttemptAt else { break }
                times.append(next.timeIntervalSince(madeAt) / 3_600)
                // Moving the clock runs what falls due: its report hands the retry over.
                delivery = try #require(try harness.store.advance(to: next).deliveries.first,
                                        "attempt \(attempt + 1) is handed over when due")
            }
            #expect(times == [1, 12, 24, 48, 72])
            #expect(try harness.ledger.attempts(ofNotification: delivery.notificationId).map(\.result)
                    == Array(repeating: "UNSUCCESSFUL_HTTP_RESPONSE_CODE", count: 6))
        }
    }

    /// Killed after the commit and before the answer came back: the next launch hands the same
    /// notification over again, as attempt 1, under the same id.
    @Test func anAttemptThatNeverCameBackIsHandedOverAgainAfterARelaunch() throws {
        try Self.withStore { harness in
            _ = try harness.store.requestTestNotification(uuid: "0b5c9d0e-1111-4222-8333-944455556666")
            let lost = try #require(try harness.store.runDue().deliveries.first)
            try harness.relaunch(rate: .paused)
            // The next launch is given the URL again (`--apple-notifications`), as the app is.
            _ = harness.store.setNotificationURL(Self.url, for: .appStore)
            let launched = try harness.store.launch()
            let again = try #require((launched.deliveries + (try harness.store.runDue().deliveries)).first)
            #expect(again.notificationId == lost.notificationId && again.uuid == lost.uuid && again.body == lost.body)
            #expect(again.attempt == 1)
        }
    }

    /// Turned off, the store posts nothing: what is pending waits, and goes (to the URL it was
    /// written for) once a URL is set again.
    @Test func withTheURLOffAPendingNotificationWaitsForOne() throws {
        try Self.withStore { harness in
            _ = try harness.store.requestTestNotification(uuid: "0b5c9d0e-1111-4222-8333-944455556666")
            _ = harness.store.setNotificationURL(nil, for: .appStore)
            #expect(try harness.store.runDue().deliveries.isEmpty)
            #expect(try harness.ledger.pendingNotifications().count == 1)
            _ = harness.store.setNotificationURL("http://127.0.0.1:10/other", for: .appStore)
            let delivery = try #require(try harness.store.runDue().deliveries.first)
            #expect(delivery.url == Self.url)
        }
    }

    @Test func theRulesNameEachFailureAsAppleDoes() {
        let rules = AppStoreDeliveryRules()
        func word(_ status: Int?, _ failure: DeliveryFailure? = nil) -> String {
            rules.resultName(for: DeliveryResult(notificationId: 1, attempt: 1, httpStatus: status, failure: failure, milliseconds: 0, response: ""))
        }
        #expect(word(200) == "SUCCESS" && word(206) == "SUCCESS" && word(207) == "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
        #expect(word(301) == "UNSUCCESSFUL_HTTP_RESPONSE_CODE" && word(500) == "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
        #expect(word(nil, .timedOut) == "TIMED_OUT" && word(nil, .noResponse) == "NO_RESPONSE" && word(nil, .tls) == "TLS_ISSUE")
        #expect(word(nil, .circularRedirect) == "CIRCULAR_REDIRECT" && word(nil, .socket) == "SOCKET_ISSUE")
        #expect(word(nil, .prematureClose) == "PREMATURE_CLOSE" && word(nil, .invalidResponse) == "INVALID_RESPONSE")
        #expect(word(nil, .other("x")) == "OTHER")
    }

    @Test func aHistoryQueryIsReadAsAppleReadsIt() {
        func codeAt(day: Double, _ body: String) -> Int? {
            let now = Date(timeIntervalSince1970: day * 86_400)
            if case .failure(let refusal) = NotificationHistoryQuery.reading(Data(body.utf8), paginationToken: nil, now: now) {
                return refusal.code
            }
            return nil
        }
        func code(_ body: String, token: String? = nil) -> Int? {
            let now = Date(timeIntervalSince1970: 100 * 86_400)
            if case .failure(let refusal) = NotificationHistoryQuery.reading(Data(body.utf8), paginationToken: token, now: now) {
                return refusal.code
            }
            return nil
        }
        #expect(code("[]") == 4000000 && code("{}") == 4000015 && code(#"{"startDate": 1}"#) == 4000016)
        #expect(code(#"{"startDate": "1", "endDate": 2}"#) == 4000015 && code(#"{"startDate": 1.5, "endDate": 2}"#) == 4000015)
        #expect(code(#"{"startDate": 2, "endDate": 2}"#) == 4000013)
        #expect(code(#"{"startDate": 1, "endDate": 2, "notificationType": "TEST", "transactionId": "2000000000000001"}"#) == 4000019)
        #expect(code(#"{"startDate": 1, "endDate": 2, "notificationType": 7}"#) == 4000018)
        #expect(code(#"{"startDate": 1, "endDate": 2, "notificationSubtype": "INITIAL_BUY"}"#) == 4000000)
        #expect(code(#"{"startDate": 1, "endDate": 2, "notificationType": "NOT_A_TYPE"}"#) == 4000018)
        #expect(code(#"{"startDate": 1, "endDate": 2, "notificationType": "TEST", "notificationSubtype": "NOPE"}"#) == 4000018)
        // The API's time is day 100: a start 181 days before it is too far back; 179 is not.
        let day = 86_400_000
        #expect(code(#"{"startDate": -1, "endDate": 2}"#) == 4000015)
        #expect(code(#"{"startDate": 1, "endDate": 2}"#) == nil)
        let farBack = #"{"startDate": \#(1000 * day - 181 * day), "endDate": \#(1100 * day)}"#
        #expect(codeAt(day: 1000, farBack) == 4000012)
        let withinReach = #"{"startDate": \#(1000 * day - 179 * day), "endDate": \#(1100 * day)}"#
        #expect(codeAt(day: 1000, withinReach) == nil)
        #expect(code(#"{"startDate": 1, "endDate": 2, "onlyFailures": 1}"#) == 4000000)
        #expect(code(#"{"startDate": 1, "endDate": 2}"#, token: "nope") == 4000014)
        #expect(code(#"{"startDate": 1, "endDate": 2, "onlyFailures": true, "notificationType": "TEST"}"#, token: "history-4") == nil)
    }
}
