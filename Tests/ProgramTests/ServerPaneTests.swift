import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 37 part 6, "Seen as it happens": the Server pane lists what the stores' servers
/// posted, Enter shows one in full with its request decoded, `R` resends it and `N` moves the
/// calendar to its next retry, each the engine's call for the selected row.
@Suite("Server pane")
struct ServerPaneTests {
    /// A compact JWS of `payload`; the app reads it, it never checks the signature.
    private static func jws(_ payload: String) -> String {
        func part(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return part(#"{"alg":"ES256"}"#) + "." + part(payload) + ".c2ln"
    }

    /// A delivered `SUBSCRIBED` (id 7) and a `DID_RENEW` timing out, retried in an hour (id 8).
    static var notifications: [OutboxNotification] {
        let transaction = jws(#"{"productId":"com.example.stardust.pro_monthly","transactionId":"2000000042"}"#)
        let payload = jws(#"{"notificationType":"SUBSCRIBED","subtype":"INITIAL_BUY","notificationUUID":"0b5c9d0e","data":{"signedTransactionInfo":"\#(transaction)"}}"#)
        let delivered = OutboxNotification(
            id: 7, store: "appStore", uuid: "0b5c9d0e", type: "SUBSCRIBED", subtype: "INITIAL_BUY",
            url: "http://127.0.0.1:8080/apple", body: #"{"signedPayload":"\#(payload)"}"#,
            headers: [.init(name: "Content-Type", value: "application/json")], createdAt: fixedNow, deliveredAt: fixedNow,
            attempts: [.init(number: 1, time: fixedNow, result: "SUCCESS", httpStatus: 200, milliseconds: 12,
                             response: "{\"received\": true}")])
        let retrying = OutboxNotification(
            id: 8, store: "appStore", uuid: "1c", type: "DID_RENEW", url: "http://127.0.0.1:8080/apple", body: "{}",
            createdAt: fixedNow, nextAttemptAt: fixedNow.addingTimeInterval(3_600),
            attempts: [.init(number: 1, time: fixedNow, result: "TIMED_OUT", httpStatus: nil, milliseconds: 30_000)])
        return [delivered, retrying]
    }

    /// The app with the Server pane focused on `notifications`.
    static func app(width: Int, height: Int, notifications: [OutboxNotification] = notifications) -> App {
        var app = makeApp(width: width, height: height)
        var snapshot = StoreSnapshot()
        snapshot.notifications = notifications
        app.receive(report(snapshot))
        for _ in 0..<4 { app.receive(.key(.tab)) }
        return app
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func eachDeliveryIsARowAndTheBottomLineSaysItsKeys(width: Int, height: Int) throws {
        let app = Self.app(width: width, height: height)
        #expect(app.focus == .server)
        let rows = app.view().inside(app.layout.server)
        #expect(rows.contains { $0.contains("11:06:40 App Store") && ($0.contains(" 200 ") || $0.hasSuffix(" 200")) }, "\(app.text)\n\(rows)")
        #expect(rows.contains { $0.contains("TIMED_OUT") }, "\(app.text)")
        #expect(app.text.contains("R resend now · N clock to next retry"))
        if width == 80 { #expect(rows.contains { $0.contains("SUBSCRIBED · INITIAL_BUY") && $0.contains("#1") }) }
    }

    @Test func enterShowsTheRequestDecodedTheHeadersAndTheAnswer() throws {
        var app = Self.app(width: 80, height: 24)
        app.receive(.key(.enter))
        let text = try #require(app.overlay?.text)
        let entries = Dictionary(text.entries.map { ($0.label, $0.text) }, uniquingKeysWith: { first, _ in first })
        #expect(entries["type"] == "SUBSCRIBED · INITIAL_BUY")
        let request = try #require(entries["request"])
        #expect(request.contains(#""notificationType": "SUBSCRIBED""#))
        #expect(request.contains(#""productId": "com.example.stardust.pro_monthly""#))
        #expect(request.contains("\u{00A0}\u{00A0}\"signedPayload\""), "indents kept through wrapping")
        #expect(entries["headers"] == "Content-Type: application/json")
        #expect(entries["attempt 1"]?.contains("HTTP 200, SUCCESS, 12 ms") == true)
        #expect(entries["  answer"] == "{\"received\": true}")
        // Taller than the screen: one scroll away, not cut.
        #expect(app.text.contains("↑↓ scroll"))
    }

    @Test func rAndNAskTheEngineForTheSelectedRow() {
        var app = Self.app(width: 80, height: 24)
        #expect(app.update(.key(.character("R"))) == [.engine(.resendNotification(id: 7))])
        app.receive(.key(.down))
        #expect(app.update(.key(.character("N"))) == [.engine(.advanceToNextAttempt(ofNotification: 8))])
        // Elsewhere they say where they work, and ask nothing.
        app.receive(.key(.tab))
        #expect(app.update(.key(.character("R"))).isEmpty)
    }

    /// Open details follow their notification: the next attempt's answer appears in them as it
    /// is recorded, where the reader had scrolled, though the new report lists a newer row first.
    @Test func openDetailsShowTheNextAttemptAsItIsRecorded() throws {
        var app = Self.app(width: 80, height: 24)
        app.receive(.key(.down))
        app.receive(.key(.enter))
        app.receive(.key(.down))
        let scrolled = try #require(app.overlay?.text.scroll)
        #expect(app.overlay?.text.title == "Notification DID_RENEW")
        #expect(app.overlay?.text.entries.contains { $0.label == "attempt 2" } == false)

        var notifications = Self.notifications
        notifications[1].attempts.append(.init(number: 2, time: fixedNow.addingTimeInterval(3_600), result: "SUCCESS",
                                               httpStatus: 200, milliseconds: 9, response: ""))
        notifications[1].nextAttemptAt = nil
        notifications[1].deliveredAt = fixedNow.addingTimeInterval(3_600)
        let newer = OutboxNotification(id: 9, store: "appStore", uuid: "2d", type: "TEST", url: "http://127.0.0.1:8080/apple",
                                       body: "{}", createdAt: fixedNow)
        var snapshot = StoreSnapshot()
        snapshot.notifications = [newer] + notifications
        app.receive(report(snapshot))
        let text = try #require(app.overlay?.text)
        #expect(text.title == "Notification DID_RENEW")
        #expect(text.entries.first { $0.label == "attempt 2" }?.text.contains("HTTP 200, SUCCESS, 9 ms") == true, "\(text.entries)")
        #expect(text.entries.contains { $0.label == "delivered" })
        #expect(text.scroll == scrolled)
    }
}
