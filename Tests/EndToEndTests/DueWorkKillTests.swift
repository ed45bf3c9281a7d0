import Foundation
import Testing

extension EndToEnd {
    /// Work scheduled on the clock survives a SIGKILL between its scheduling and its due time:
    /// the real binary is killed (no cleanup, like a power cut) right after the purchase that
    /// scheduled it, and the next launch still does it, at its own time.
    @Suite("Due work across a kill", .needsTmux)
    struct DueWorkAcrossAKill {
        /// Xee without the In-App Purchase key: access comes with the server's notification 4 s
        /// after the purchase. Killed before it arrives, the relaunch still gets it.
        @Test("killed before the Xee notification, the relaunch still unlocks the paid plan")
        func xeeNotificationAfterAKill() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let catalog = try Self.catalog(in: state, replacing: "\"inAppPurchaseKey\": true", with: "\"inAppPurchaseKey\": false")
            let app = try TmuxSession(stateDirectory: state.path + "/state", arguments: ["--catalog", catalog])
            defer { app.close() }
            try app.waitForLaunch()
            try app.choosePath(named: "│ Xee │")
            app.sendKeys("Enter")
            try app.waitUntil("the App Store sheet opens under the Xee SDK") { $0.shows("App Store · Sandbox · Xee") }
            app.sendKeys("b")
            try app.waitUntil("the paywall waits for access") { $0.shows("Waiting for access") }
            #expect(kill(try app.appProcess(), SIGKILL) == 0)
            try app.waitUntil("the app is gone") { $0.joined().contains("EXIT=137") }
            app.close()

            let relaunched = try TmuxSession(stateDirectory: state.path + "/state", arguments: ["--catalog", catalog])
            defer { relaunched.close() }
            let screen = try relaunched.waitUntil("the notification arrives after the relaunch") { screen in
                screen.pane("Entitlements")?.contains { $0.hasPrefix("premium active") } == true
            }
            #expect(screen.pane("Transactions")?.filter { $0.hasPrefix("txn-") }.count == 1)
            try relaunched.quit()
        }

        /// A slow card: Pay Station says `delivering` (paid, still processing) and `done` 3 s
        /// later. Killed in between, the relaunch neither grants it early nor loses it.
        @Test("killed while Pay Station processes a payment, the relaunch delivers it once it is done")
        func slowPaymentAfterAKill() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()
            try Purchases.openPayStation(app)
            try app.pay(withCard: "4111111111111103")
            try app.waitUntil("Pay Station says it is processing") { $0.joined().contains("delivering") }
            #expect(kill(try app.appProcess(), SIGKILL) == 0)
            try app.waitUntil("the app is gone") { $0.joined().contains("EXIT=137") }
            app.close()

            let relaunched = try TmuxSession(stateDirectory: state.path)
            defer { relaunched.close() }
            let screen = try relaunched.waitUntil("the payment is delivered once done") { screen in
                screen.pane("Entitlements")?.first == "gems: 100"
                    && screen.pane("Transactions")?.first?.contains("purchased  ✓") == true
            }
            #expect(screen.pane("Transactions")?.filter { $0.hasPrefix("txn-") }.count == 1)
            try relaunched.quit()
            let again = try TmuxSession(stateDirectory: state.path)
            defer { again.close() }
            let later = try again.waitUntil("a second relaunch shows the one grant") { $0.pane("Entitlements")?.first != nil }
            #expect(later.pane("Entitlements")?.filter { $0.hasPrefix("gems:") } == ["gems: 100"])
            try again.quit()
        }

        static func catalog(in state: TemporaryDirectory, replacing old: String, with new: String) throws -> String {
            let text = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8).replacingOccurrences(of: old, with: new)
            #expect(text.contains(new), "catalog.json no longer spells \(old) this way")
            let path = state.path + "/catalog.json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }
}
