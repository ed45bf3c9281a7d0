import Foundation
import Testing

extension EndToEnd {
    /// Issue 37 part 6, "Seen as it happens", in a real terminal at 80x24: a purchase through
    /// the App Store sheet posts ONE_TIME_CHARGE to a receiver that verifies it with Apple's
    /// library; the Server pane lists the delivery (200, attempt 1), Enter shows its request
    /// decoded down to the transaction's productId, and `R` posts it again: attempt 2, the same
    /// notificationUUID, reaches the receiver.
    @Suite("The Server pane", .needsTmux)
    struct ServerPane {
        @Test func aDeliveryIsListedDecodedAndResent() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let python = try BuiltBinary.libraryPython(for: "Apple's app-store-server-library")
            let receiver = try NotificationReceiver(in: directory.path, state: state, keys: directory.path + "/keys", python: python)
            defer { receiver.stop() }

            let app = try TmuxSession(stateDirectory: state, width: 80, height: 24, arguments: [
                "--storefront", "JPN", "--apple-notifications", "http://127.0.0.1:\(receiver.port)/apple",
            ])
            defer { app.close() }
            try app.waitUntil("the JPN storefront on StoreKit 2") { $0.statusBar.contains("│StoreKit 2│") }
            try app.select("ジェムの袋")
            app.sendKeys("Enter")
            try app.waitUntil("the App Store sheet opens") { $0.pane("App Store · Sandbox") != nil }
            app.sendKeys("Enter")
            try app.waitUntil("the purchase is delivered") { $0.bottomLine == "Purchased Pouch of Gems: +100 gems." }

            // Paywall, Transactions, Entitlements, Events, Server.
            app.sendKeys("Tab", "Tab", "Tab", "Tab")
            try app.waitUntil("the Server pane lists the delivery: 200, attempt 1") { screen in
                screen.pane("Server")?.first.map { $0.contains("App Store") && $0.contains("ONE_TIME_CHARGE")
                    && $0.contains(" 200 ") && $0.contains("#1") } == true
            }
            // Esc clears the purchase's line: the bottom line says the pane's keys.
            app.sendKeys("Escape")
            try app.waitUntil("the bottom line names R and N") { $0.bottomLine.contains("R resend now · N clock to next retry") }
            let first = try receiver.received()
            #expect(first.count == 1 && first.first?["type"] as? String == "ONE_TIME_CHARGE" && first.first?["error"] == nil,
                    "\(first)")

            app.sendKeys("Enter")
            try app.waitUntil("the details show the decoded notificationType") { screen in
                screen.pane("Notification ONE_TIME_CHARGE") != nil && screen.shows(#""notificationType": "ONE_TIME_CHARGE""#)
            }
            // The nested transaction's productId a few lines down, the backend's answer further: ↓ scrolls.
            for text in [#""productId": "com.example.stardust.gems_100""#, "HTTP 200, SUCCESS"] {
                #expect(Self.scroll(app, until: text), "\(text)\n\(app.capture().joined(separator: "\n"))")
            }
            app.sendKeys("Escape")
            try app.waitUntil("the details close") { $0.pane("Notification ONE_TIME_CHARGE") == nil && $0.pane("Server") != nil }

            app.sendKeys("R")
            try app.waitUntil("attempt 2 is listed, answered 200") { screen in
                screen.pane("Server")?.first.map { $0.contains(" 200 ") && $0.contains("#2") } == true
            }
            let got = try receiver.received()
            #expect(got.count == 2 && got.allSatisfy { $0["error"] == nil }, "\(got)")
            #expect(got.map { $0["uuid"] as? String }.allSatisfy { $0 == first.first?["uuid"] as? String }, "the same notificationUUID")
            try app.quit()
        }

        /// Over a failing Xsolla webhook's details, the clock keys bring its retries without
        /// closing them: the backend answers the payment 500 twice, `>` brings attempt 2 and `N`
        /// attempt 3, which it takes; the details say each next attempt, then that it was
        /// delivered, and their last line stops offering `N`.
        @Test func overAFailingWebhooksDetailsTheClockKeysBringItsRetries() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let receiver = try NotificationReceiver(script: "receive_xsolla.py", in: directory.path, python: "/usr/bin/python3",
                                                    arguments: [XsollaWebhooks.secret, "500", "500"])
            defer { receiver.stop() }
            let app = try TmuxSession(stateDirectory: directory.path + "/state", width: 80, height: 24, arguments: [
                "--catalog", try XsollaWebhooks.catalog(in: directory.path, webhookMode: false),
                "--xsolla-notifications", "http://127.0.0.1:\(receiver.port)/xsolla",
            ])
            defer { app.close() }
            // At 80 columns the status bar has no room for the game's name that waitForLaunch looks for.
            try app.waitUntil("the USA storefront on Pay Station, its products loaded") { screen in
                screen.statusBar.contains("│Pay Station (browser)│") && screen.pane("Transactions") != nil
                    && !screen.joined().contains("Loading products…")
            }
            try Purchases.openPayStation(app)
            try app.pay(withCard: Purchases.succeeds)
            try app.waitUntil("the purchase is granted") { $0.bottomLine == "Purchased Pouch of Gems: +100 gems." }
            app.sendKeys("Tab", "Tab", "Tab", "Tab")
            try app.waitUntil("the Server pane lists the payment answered 500") { screen in
                screen.pane("Server")?.first.map { $0.contains("payment") && $0.contains("HTTP_500") && $0.contains("#1") } == true
            }
            app.sendKeys("Enter")
            try app.waitUntil("the details say the next attempt and the keys that bring it") { screen in
                screen.pane("Notification payment") != nil && screen.shows("attempt 2 at")
                    && screen.shows("Esc closes · R resend · N next retry · > next due")
            }
            app.sendKeys(">")
            try app.waitUntil("> brings attempt 2, answered 500: attempt 3 is next") { screen in
                screen.pane("Notification payment") != nil && screen.shows("attempt 3 at")
            }
            app.sendKeys("N")
            try app.waitUntil("N brings attempt 3, taken: delivered, and N no longer offered") { screen in
                screen.pane("Notification payment") != nil && screen.shows("delivered")
                    && screen.shows("Esc closes · R resend · > next due")
            }
            // order_paid follows the payment taken.
            for _ in 0..<100 where try receiver.received().count < 4 { Thread.sleep(forTimeInterval: 0.1) }
            let got = try receiver.received()
            #expect(got.map { $0["type"] as? String } == ["payment", "payment", "payment", "order_paid"], "\(got)")
            #expect(got.map { $0["answered"] as? Int } == [500, 500, 204, 204], "\(got)")
            #expect(got.allSatisfy { $0["signed"] as? Bool == true }, "\(got)")
            try app.quit()
        }

        /// Presses ↓ until `text` shows, at most 60 times; whether it did.
        private static func scroll(_ app: TmuxSession, until text: String) -> Bool {
            for _ in 0..<60 {
                let before = app.capture()
                if before.shows(text) { return true }
                app.sendKeys("Down")
                // The next press once this one is drawn (or the overlay is at its end).
                _ = try? app.waitUntil("↓ scrolls the details", timeout: 2) { $0 != before }
            }
            return app.capture().shows(text)
        }
    }
}
