import Foundation
import Testing

extension EndToEnd {
    /// Issue 33 item 17: QA's settings survive a real quit and relaunch on the same state
    /// directory. The path chosen with `i` was forgotten while Google Play's `a` was kept; now
    /// the path, the rate (`]`), Google Play's acknowledgement (`a`) and the Xee server's key
    /// (`x`) all come back as they were left.
    @Suite("QA's settings across a quit and relaunch", .needsTmux)
    struct QASettingsKept {
        /// What the status bar says of the clock's rate: the part after the time.
        private static func rate(in screen: [String]) -> String {
            screen.statusBar.components(separatedBy: " · ").dropFirst().joined(separator: " · ")
                .trimmingCharacters(in: .whitespaces)
        }

        @Test("the path, the rate, Google Play's acknowledgement and the Xee server's key come back")
        func keptAcrossAQuit() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let first = try TmuxSession(stateDirectory: state.path)
            defer { first.close() }
            try first.waitForLaunch()
            // The Xee server's key off, from the x menu.
            first.sendKeys("x")
            try first.waitUntil("the Xee server's menu shows the key on") { $0.shows("In-App Purchase key  on") }
            first.sendKeys("Enter")
            try first.waitUntil("the key is off") { $0.shows("In-App Purchase key  off") }
            first.sendKeys("Escape")
            try first.waitUntil("the menu closes") { !$0.shows("Xee server (QA)") }
            // A faster rate.
            let before = Self.rate(in: first.capture())
            first.sendKeys("]")
            let faster = try first.waitUntil("the rate changes") { !Self.rate(in: $0).isEmpty && Self.rate(in: $0) != before }
            let chosenRate = Self.rate(in: faster)
            // Google Play, and its acknowledgement off on its sheet.
            try first.choosePath(named: "Google Play")
            first.sendKeys("Enter")
            try first.waitUntil("Google Play's sheet opens") { $0.shows("a app acknowledges on") }
            first.sendKeys("a")
            try first.waitUntil("the app's acknowledgement is off") { $0.shows("a app acknowledges off") }
            first.sendKeys("Escape")
            try first.waitUntil("the sheet closes") { $0.pane("Google Play") == nil }
            try first.quit()

            let second = try TmuxSession(stateDirectory: state.path)
            defer { second.close() }
            let launched = try second.waitUntil("the app comes back on Google Play") { screen in
                screen.statusBar.hasPrefix(" Stardust Quest │ ") && screen.statusBar.contains("│ Google Play │")
            }
            #expect(Self.rate(in: launched) == chosenRate, "\(launched.statusBar)")
            second.sendKeys("x")
            try second.waitUntil("the Xee server's key is still off") { $0.shows("In-App Purchase key  off") }
            second.sendKeys("Escape")
            try second.waitUntil("the menu closes") { !$0.shows("Xee server (QA)") }
            second.sendKeys("Enter")
            try second.waitUntil("the acknowledgement is still off") { $0.shows("a app acknowledges off") }
            second.sendKeys("Escape")
            try second.waitUntil("the sheet closes") { $0.pane("Google Play") == nil }
            try second.quit()
        }
    }
}
