import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 37 part 6, "keys resend one now and move the clock to the next retry", over the
/// details too: a reader of a failing notification's details presses `>` or `N` and watches
/// its next attempt appear in them, and `R` resends it, without closing them first. The keys
/// act on the notification the details show, whichever row the pane beneath has selected by
/// then, and the details' last line names only the keys that do something.
@Suite("Server details' keys")
struct ServerDetailsKeysTests {
    /// The details of `DID_RENEW` (id 8), retried in an hour, open over the Server pane.
    private static func detailsOfTheRetryingOne(_ notifications: [OutboxNotification] = ServerPaneTests.notifications,
                                                width: Int = 80, height: Int = 24) -> App {
        var app = ServerPaneTests.app(width: width, height: height, notifications: notifications)
        app.receive(.key(.down))
        app.receive(.key(.enter))
        return app
    }

    @Test func rNAndGreaterThanActOnTheOpenNotificationAndKeepItsDetailsOpen() {
        var app = Self.detailsOfTheRetryingOne()
        #expect(app.overlay?.text.title == "Notification DID_RENEW")
        // A newer notification listed first: the row beneath that was selected is another one now.
        let newer = OutboxNotification(id: 9, store: "appStore", uuid: "2d", type: "TEST", url: "http://127.0.0.1:8080/apple",
                                       body: "{}", createdAt: fixedNow)
        var snapshot = StoreSnapshot()
        snapshot.notifications = [newer] + ServerPaneTests.notifications.reversed()
        app.receive(report(snapshot))

        #expect(app.update(.key(.character(">"))) == [.engine(.advanceToNextDue)])
        #expect(app.update(.key(.character("N"))) == [.engine(.advanceToNextAttempt(ofNotification: 8))])
        #expect(app.update(.key(.character("R"))) == [.engine(.resendNotification(id: 8))])
        #expect(app.overlay?.text.title == "Notification DID_RENEW")
        // Esc still closes them; then the keys are the pane's again.
        app.receive(.key(.escape))
        #expect(app.overlay == nil)
    }

    /// Over the help or a transaction in full they mean nothing: the clock does not move under
    /// text that would not show it.
    @Test func overOtherOverlaysTheyDoNothing() {
        var app = ServerPaneTests.app(width: 80, height: 24)
        app.receive(.key(.character("?")))
        for key in [">", "N", "R"] {
            #expect(app.update(.key(.character(Character(key)))).isEmpty, "\(key)")
        }
        #expect(app.overlay?.kind == .keys)
    }

    /// A notification whose details are taller than 80x24 (with 300 fields, hundreds of lines):
    /// a long Xsolla body, retried.
    private static func tall(fields: Int = 300) -> OutboxNotification {
        let body = "{" + (1...fields).map { #""field_\#($0)": "value \#($0)""# }.joined(separator: ", ") + "}"
        return OutboxNotification(
            id: 12, store: "xsolla", uuid: "xsolla-payment-txn-000001-1", type: "payment", url: "http://127.0.0.1:8080/xsolla",
            body: body, headers: [.init(name: "Authorization", value: "Signature 0123456789abcdef0123456789abcdef01234567")],
            createdAt: fixedNow, nextAttemptAt: fixedNow.addingTimeInterval(300),
            attempts: [.init(number: 1, time: fixedNow, result: "HTTP_500", httpStatus: 500, milliseconds: 3, response: "oops")])
    }

    @Test func theLastLineNamesTheKeysAndFitsAt80x24ScrolledMidway() throws {
        var app = ServerPaneTests.app(width: 80, height: 24, notifications: [Self.tall()])
        app.receive(.key(.enter))
        for _ in 0..<110 { app.receive(.key(.down)) }
        let bottom = try #require(app.lines.last { $0.contains("Esc closes") }, "\(app.text)")
        #expect(bottom.contains("Esc closes · R resend · N next retry · > next due  ▲ 110  ▼ "), "\(bottom)")
        #expect(bottom.contains("· ↑↓ scroll"), "the scroll marks fit beside the keys: \(bottom)")

        // Delivered: no retry is to come, and the line no longer offers one; the reader stays put.
        var delivered = Self.tall()
        delivered.attempts.append(.init(number: 2, time: fixedNow.addingTimeInterval(300), result: "SUCCESS", httpStatus: 204,
                                        milliseconds: 2))
        delivered.nextAttemptAt = nil
        delivered.deliveredAt = fixedNow.addingTimeInterval(300)
        var snapshot = StoreSnapshot()
        snapshot.notifications = [delivered]
        app.receive(report(snapshot))
        #expect(app.overlay?.text.footer == "Esc closes · R resend · > next due")
        #expect(app.overlay?.scroll == 110)
        #expect(app.lines.contains { $0.contains("Esc closes · R resend · > next due  ▲ 110") }, "\(app.text)")
    }

    /// Scrolled down to the last attempt, the reader stays at the end as the next one is
    /// recorded: the attempt `>` or `N` made shows where they are looking.
    @Test func aReaderAtTheEndSeesTheNextAttemptThere() throws {
        var app = ServerPaneTests.app(width: 80, height: 24, notifications: [Self.tall(fields: 30)])
        app.receive(.key(.enter))
        for _ in 0..<40 { app.receive(.key(.down)) }
        #expect(app.text.contains("attempt 1") && !app.text.contains("▼"), "\(app.text)")
        var retried = Self.tall(fields: 30)
        retried.attempts.append(.init(number: 2, time: fixedNow.addingTimeInterval(300), result: "HTTP_503", httpStatus: 503,
                                      milliseconds: 2, response: "busy"))
        retried.nextAttemptAt = fixedNow.addingTimeInterval(600)
        var snapshot = StoreSnapshot()
        snapshot.notifications = [retried]
        app.receive(report(snapshot))
        #expect(app.text.contains("HTTP 503, HTTP_503, 2 ms") && app.text.contains("busy"), "\(app.text)")
        #expect(!app.text.contains("▼"), "\(app.text)")
    }

    /// At 120x40, a short notification's details are a box over the panes, its last line the keys.
    @Test func aShortNotificationsBoxSaysTheKeysAt120x40() {
        let app = Self.detailsOfTheRetryingOne(width: 120, height: 40)
        #expect(app.text.contains("Esc closes · R resend · N next retry · > next due"), "\(app.text)")
    }
}
