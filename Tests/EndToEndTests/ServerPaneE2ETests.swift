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
