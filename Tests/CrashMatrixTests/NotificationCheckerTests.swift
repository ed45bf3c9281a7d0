import Foundation
import Ledger
import Testing

/// The notification checker can fail: outboxes written by hand with what a kill must never
/// leave (a row not delivered, a delivered one the backend never got, a post on another store's
/// path or of no row, a row for a store with no URL, one written twice, one lost) are refused,
/// each with its sentence naming the notification; every store's delivered one passes.
@Suite("Notification checker")
struct NotificationCheckerTests {
    let time = Date(timeIntervalSince1970: 1_767_258_000)
    let urls = ["appStore": "http://127.0.0.1:9000/trial-1/apple", "googlePlay": "http://127.0.0.1:9000/trial-1/play",
                "xsolla": "http://127.0.0.1:9000/trial-1/xsolla"]

    /// A fresh ledger holding `rows`, read back as the matrix reads one.
    func ledger(_ rows: [NotificationRecord]) throws -> LedgerState {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notification-checker-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ledger = try LedgerDatabase(path: folder + "/storefront.sqlite")
        for row in rows { try ledger.addNotification(row) }
        return try LedgerState.read(ledger, user: "qa")
    }

    func row(_ store: String, _ type: String, _ uuid: String, body: String, delivered: Bool = true) -> NotificationRecord {
        NotificationRecord(store: store, uuid: uuid, type: type, transactionId: "txn-000001", url: urls[store] ?? "http://127.0.0.1:9000/x",
                           body: body, createdAt: time, nextAttemptAt: delivered ? nil : time, deliveredAt: delivered ? time : nil)
    }

    /// An App Store body: a JWS whose payload carries the UUID (the signature is not read).
    func apple(_ uuid: String, delivered: Bool = true) -> NotificationRecord {
        let payload = Data(#"{"notificationUUID":"\#(uuid)","notificationType":"ONE_TIME_CHARGE"}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        return row("appStore", "ONE_TIME_CHARGE", uuid, body: #"{"signedPayload":"eyJhbGciOiJFUzI1NiJ9.\#(payload).c2ln"}"#,
                   delivered: delivered)
    }

    func play(_ messageId: String) -> NotificationRecord {
        row("googlePlay", "ONE_TIME_PRODUCT_PURCHASED", messageId,
            body: #"{"message":{"data":"e30=","messageId":"\#(messageId)"},"subscription":"projects/p/subscriptions/s"}"#)
    }

    func xsolla(_ type: String) -> NotificationRecord {
        let body = type == "order_paid"
            ? #"{"notification_type":"order_paid","order":{"id":7,"invoice_id":"100000001"},"user":{"external_id":"qa"}}"#
            : #"{"notification_type":"payment","transaction":{"id":100000001,"external_id":"txn-000001"}}"#
        return row("xsolla", type, "xsolla-\(type)-txn-000001-42", body: body)
    }

    var everyStore: [NotificationRecord] { [apple("6a1e-uuid"), play("1234567890123456"), xsolla("payment"), xsolla("order_paid")] }
    let received = [
        ReceivedPost(path: "/trial-1/apple", store: "appStore", id: "6a1e-uuid"),
        ReceivedPost(path: "/trial-1/play", store: "googlePlay", id: "1234567890123456"),
        ReceivedPost(path: "/trial-1/xsolla", store: "xsolla", id: "payment txn-000001"),
        ReceivedPost(path: "/trial-1/xsolla", store: "xsolla", id: "order_paid 100000001"),
        // Posted twice (killed before the answer was kept): at least once is the promise.
        ReceivedPost(path: "/trial-1/xsolla", store: "xsolla", id: "order_paid 100000001"),
    ]

    @Test func everyStoresDeliveredNotificationPasses() throws {
        let state = try ledger(everyStore)
        #expect(NotificationChecker.problems(killed: state, settled: state, received: received, urls: urls) == [])
    }

    @Test func theReceiversIdIsReadFromEachStoresBody() {
        #expect(everyStore.map { NotificationKey.of($0) }
            == ["6a1e-uuid", "1234567890123456", "payment txn-000001", "order_paid 100000001"])
    }

    @Test func aNotificationStillPendingAfterTheRelaunchIsRefused() throws {
        let state = try ledger([apple("6a1e-uuid", delivered: false)])
        let problems = NotificationChecker.problems(killed: state, settled: state, received: [], urls: urls)
        #expect(problems == ["notification appStore ONE_TIME_CHARGE 6a1e-uuid of txn-000001 to http://127.0.0.1:9000/trial-1/apple"
            + " is not delivered after the relaunch: still pending (next attempt \(time))"])
    }

    @Test func aDeliveredNotificationTheReceiverNeverGotIsRefused() throws {
        let state = try ledger([play("1234567890123456")])
        #expect(NotificationChecker.problems(killed: state, settled: state, received: [], urls: urls) == [
            "notification googlePlay ONE_TIME_PRODUCT_PURCHASED 1234567890123456 of txn-000001 to http://127.0.0.1:9000/trial-1/play"
                + " is delivered, but the receiver never got 1234567890123456 at /trial-1/play",
        ])
    }

    @Test func aPostOnAnotherStoresPathIsRefused() throws {
        let state = try ledger([apple("6a1e-uuid")])
        let posts = [ReceivedPost(path: "/trial-1/apple", store: "appStore", id: "6a1e-uuid"),
                     ReceivedPost(path: "/trial-1/play", store: "appStore", id: "6a1e-uuid")]
        #expect(NotificationChecker.problems(killed: state, settled: state, received: posts, urls: urls)
            == ["appStore notification 6a1e-uuid went to /trial-1/play, not http://127.0.0.1:9000/trial-1/apple"])
    }

    @Test func aPostNoRowIsAndABodyOfNoStoresShapeAreRefused() throws {
        let state = try ledger([])
        let posts = [ReceivedPost(path: "/trial-1/xsolla", store: "xsolla", id: "refund txn-000009"),
                     ReceivedPost(path: "/trial-1/apple", error: "ValueError('a body of no store's shape')")]
        #expect(NotificationChecker.problems(killed: state, settled: state, received: posts, urls: urls) == [
            "xsolla notification refund txn-000009 reached /trial-1/xsolla, but no row of the ledger is it",
            "the receiver got a post at /trial-1/apple it could not read: ValueError('a body of no store's shape')",
        ])
    }

    @Test func aRowForAStoreWithNoURLIsRefused() throws {
        let state = try ledger([xsolla("payment")])
        var none = urls
        none["xsolla"] = nil
        let problems = NotificationChecker.problems(killed: state, settled: state,
                                                    received: [ReceivedPost(path: "/trial-1/xsolla", store: "xsolla", id: "payment txn-000001")],
                                                    urls: none)
        #expect(problems.contains { $0.hasSuffix("was written, but xsolla had no URL") })
        #expect(problems.contains("xsolla posted payment txn-000001 to /trial-1/xsolla, but it had no URL"))
    }

    /// What the matrix found: killed at `paid`, the relaunch finished the purchase and wrote
    /// no notification of it (a script's URL came after the launch).
    @Test func aPaidTransactionItsStoreWroteNothingOfIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notification-checker-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ledger = try LedgerDatabase(path: folder + "/storefront.sqlite")
        try ledger.insert(TransactionRecord(id: "txn-000001", productId: "com.example.stardust.gems_100", userId: "qa", storefront: "USA",
                                            integrationPath: "storekit", state: .purchased, quantity: 1, price: "0.99",
                                            currency: "USD", createdAt: time, updatedAt: time, finishedAt: time))
        let state = try LedgerState.read(ledger, user: "qa")
        #expect(NotificationChecker.problems(killed: state, settled: state, received: [], urls: urls) == [
            "txn-000001 (storekit) is purchased, but appStore wrote no notification of it for http://127.0.0.1:9000/trial-1/apple",
        ])
        var none = urls
        none["appStore"] = nil
        #expect(NotificationChecker.problems(killed: state, settled: state, received: [], urls: none) == [])
    }

    @Test func aNotificationWrittenTwiceIsRefused() throws {
        let state = try ledger([apple("6a1e-uuid"), apple("7b2f-uuid")])
        let posts = [ReceivedPost(path: "/trial-1/apple", store: "appStore", id: "6a1e-uuid"),
                     ReceivedPost(path: "/trial-1/apple", store: "appStore", id: "7b2f-uuid")]
        #expect(NotificationChecker.problems(killed: state, settled: state, received: posts, urls: urls) == [
            "notification appStore ONE_TIME_CHARGE 7b2f-uuid of txn-000001 to http://127.0.0.1:9000/trial-1/apple"
                + " was written twice (another row has its type and transaction)",
        ])
    }

    @Test func aNotificationInTheOutboxAtTheKillAndGoneAfterIsRefused() throws {
        let killed = try ledger([apple("6a1e-uuid", delivered: false)])
        let settled = try ledger([])
        #expect(NotificationChecker.problems(killed: killed, settled: settled, received: [], urls: urls) == [
            "notification appStore ONE_TIME_CHARGE 6a1e-uuid of txn-000001 to http://127.0.0.1:9000/trial-1/apple"
                + ", in the outbox at the kill, is gone after the relaunch",
        ])
    }

    @Test func aBodyCutShortByAKilledSenderIsNoPost() {
        let log = """
            {"path": "/trial-1/apple", "contentType": "application/json", "store": "appStore", "id": "6a1e-uuid", "answered": 200}
            {"path": "/trial-1/apple", "contentType": "application/json", "truncated": true, "answered": 200}
            """
        #expect(ReceivedPost.read(log: log) == [ReceivedPost(path: "/trial-1/apple", store: "appStore", id: "6a1e-uuid")])
    }
}
