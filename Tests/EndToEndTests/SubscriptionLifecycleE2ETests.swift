import Foundation
import Testing

extension EndToEnd {
    /// Issue 10's whole lifecycle in a real terminal: a monthly plan bought through StoreKit at a
    /// fast rate (every period 2 seconds) renews twice by itself; then, the clock paused with `[`,
    /// `>` steps the calendar while `m` turns a billing issue on (the renewal fails, grace keeps
    /// access, billing retry takes it), clears it (a renewal with a new period) and refunds. The
    /// Entitlements pane is checked at each step.
    @Suite("Subscription lifecycle", .needsTmux)
    struct SubscriptionLifecycle {
        @Test("renewals at a fast rate, a billing issue recovered, then a refund")
        func renewalsBillingIssueRefund() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let text = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let fast = text.replacingOccurrences(of: #""timeRate": "sandbox""#, with: #""timeRate": "every-2s""#)
            try #require(fast != text, "catalog.json no longer spells its timeRate this way")
            let catalog = state.path + "/fast.json"
            try fast.write(toFile: catalog, atomically: true, encoding: .utf8)
            let app = try TmuxSession(stateDirectory: state.path + "/state",
                                      arguments: ["--catalog", catalog, "--storefront", "JPN"])
            defer { app.close() }
            try app.waitForLaunch()
            try app.waitUntil("the status bar shows the rate") { $0.statusBar.hasSuffix("· every 2 s") }
            try app.select("月間パス")
            app.sendKeys("Enter")
            try app.waitUntil("the App Store sheet opens") { $0.shows("App Store · Sandbox") }
            app.sendKeys("b")
            let renewed = try app.waitUntil("two renewals by themselves") { screen in
                (screen.pane("Transactions")?.filter { $0.contains("monthly") && $0.contains("purchased") }.count ?? 0) >= 3
                    && screen.pane("Entitlements")?.contains { $0.hasPrefix("premium active · renews") } == true
            }
            #expect(renewed.pane("Events")?.contains { $0.contains("DID_RENEW") } == true)

            // Pause (the slowest rate, past real time), so each step below happens when `>` says.
            app.sendKeys(String(repeating: "[", count: 14))
            // Applied once the keys settle: the rates passed through never ran, so periods still
            // last 2 s (`paused, every 2 s`).
            try app.waitUntil("the clock is paused") { $0.statusBar.contains("· paused, every 2 s") }

            // The newest transaction is the latest renewal: its actions include the subscription's.
            try Self.choose("Billing issue on (the next renewal fails)", at: 6, in: app)
            try app.waitUntil("the billing issue is on") { $0.bottomLine.hasPrefix("Billing issue on") }
            app.sendKeys(">")
            try app.waitUntil("the renewal fails: grace keeps access") { screen in
                screen.pane("Entitlements")?.contains { $0.hasPrefix("premium active in grace to") } == true
                    && screen.pane("Events")?.contains { $0.contains(" DID_FAIL_") } == true
            }
            app.sendKeys(">")
            try app.waitUntil("grace ends: billing retry, no access") { screen in
                screen.pane("Entitlements")?.contains { $0.hasPrefix("premium inactive · billing retry") } == true
            }
            try Self.choose("Clear the billing issue", at: 6, in: app)
            let recovered = try app.waitUntil("cleared: a renewal with a new period, access back") { screen in
                screen.pane("Entitlements")?.contains { $0.hasPrefix("premium active · renews") } == true
                    && screen.bottomLine.hasPrefix("Monthly Pass renewed until")
            }
            let count = recovered.pane("Transactions")?.filter { $0.contains("monthly") }.count ?? 0

            try Self.choose("Refund (other)", at: 0, in: app)
            let refunded = try app.waitUntil("refunded: access goes at once") { screen in
                screen.pane("Entitlements")?.contains { $0.hasPrefix("premium refunded") } == true
            }
            #expect(refunded.pane("Events")?.contains { $0.contains("REFUND") } == true)
            app.sendKeys(">")
            try app.waitUntil("nothing renews a refunded plan") { $0.bottomLine == "Nothing is scheduled on the calendar." }
            #expect(app.capture().pane("Transactions")?.filter { $0.contains("monthly") }.count == count)
            try app.quit()
        }

        /// `m` on the newest transaction, then down to `item` (at `index` in the menu: refund,
        /// refund, the App Store's refund sheet, expire, renew, auto-renew, billing issue) and Enter.
        static func choose(_ item: String, at index: Int, in app: TmuxSession) throws {
            app.sendKeys("m")
            try app.waitUntil("m lists \(item)") { $0.shows("▸ Refund (other)") && $0.shows(item) }
            if index > 0 { app.sendKeys(String(repeating: "j", count: index)) }
            try app.waitUntil("\(item) is selected") { $0.shows("▸ \(item)") }
            app.sendKeys("Enter")
        }
    }
}
