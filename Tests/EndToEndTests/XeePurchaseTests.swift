import Foundation
import Testing

extension EndToEnd {
    /// The Xee path in a real terminal, on a catalog whose Xee server has no In-App Purchase key:
    /// the Monthly Pass bought through the App Store sheet, "Waiting for access" on the paywall
    /// while the app polls, and the access level turning active when the notification arrives
    /// (4 s of real time later).
    @Suite("Xee purchases", .needsTmux)
    struct XeePurchases {
        @Test("without the key, Waiting for access turns into an active level")
        func withoutTheKeyAccessArrivesLater() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let catalogText = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
                .replacingOccurrences(of: "\"inAppPurchaseKey\": true", with: "\"inAppPurchaseKey\": false")
            #expect(catalogText.contains("\"inAppPurchaseKey\": false"), "catalog.json no longer spells the key this way")
            let catalog = state.path + "/no-key.json"
            try catalogText.write(toFile: catalog, atomically: true, encoding: .utf8)
            let app = try TmuxSession(stateDirectory: state.path + "/state", arguments: ["--catalog", catalog])
            defer { app.close() }
            try app.waitForLaunch()
            try app.choosePath(named: "│ Xee │")
            // The highlighted plan: Continue buys it.
            app.sendKeys("Enter")
            try app.waitUntil("the App Store sheet opens under the Xee SDK") { $0.shows("App Store · Sandbox · Xee") }
            app.sendKeys("b")
            let waiting = try app.waitUntil("the paywall says it waits for access") { screen in
                screen.shows("Waiting for access…") && screen.pane("App Store · Sandbox · Xee") == nil
            }
            #expect(waiting.pane("Entitlements")?.contains { $0.contains("premium active") } != true)
            let active = try app.waitUntil("the notification brings the level and the polling stops") { screen in
                screen.pane("Entitlements")?.contains { $0.hasPrefix("premium active · renews") } == true
                    && !screen.shows("Waiting for access…")
            }
            #expect(active.joined().contains("premium is active."))
            // The pane is narrow here: it cuts the kind (`xee.notificat…`).
            #expect(active.pane("Events")?.contains { $0.contains("xee.notif") } == true, "\(active.pane("Events") ?? [])")
            try app.quit()
            // The sale keeps the paywall variant it came from (issue 9, item 5).
            let history = try Finished.run(try BuiltBinary.path(), ["history", "--json", "--state-dir", state.path + "/state",
                                                                    "--catalog", catalog])
            #expect(history.status == 0, "\(history.standardError)")
            let document = try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any]
            let sale = try #require((document?["transactions"] as? [[String: Any]])?.first)
            #expect(sale["path"] as? String == "xee")
            #expect((sale["variationId"] as? String)?.hasPrefix("main.") == true, "\(sale)")
        }
    }
}
