import Foundation
import Testing

extension EndToEnd {
    /// One full-screen app per state directory (issue 7, items 11 and 12), with two real apps in
    /// two terminals: the second refuses to start, naming the first, before it touches the
    /// ledger; `reset` refuses while the app runs; `history` reads alongside.
    @Suite("A busy state directory", .needsTmux)
    struct BusyState {
        private func run(_ arguments: [String]) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), arguments)
        }

        /// The pid the running app wrote into its lock file.
        private func lockHolder(_ state: String) throws -> String {
            try String(contentsOfFile: state + "/storefront.lock", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        @Test("a second app refuses to start and names the first; the first's open purchase still completes")
        func secondAppRefused() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let first = try TmuxSession(stateDirectory: state.path)
            defer { first.close() }
            try first.waitForLaunch()
            try Purchases.openPayStation(first)
            let pid = try lockHolder(state.path)
            #expect(Int32(pid) != nil)

            // Wide enough that the refusal is one row.
            let second = try TmuxSession(stateDirectory: state.path, width: 220)
            defer { second.close() }
            let refusal = "storefront: \(state.path) is in use by another storefront (pid \(pid)); quit that one first, "
                + "or pass --state-dir DIR to run on another state directory."
            try second.waitUntil("the second app refuses with exit 75, naming the first one's pid") { screen in
                screen.first == refusal && screen.contains("EXIT=75")
            }
            second.close()

            // Read-only commands work alongside; a scenario run claims the directory like an app.
            let history = try run(["history", "--state-dir", state.path])
            #expect(history.status == 0, "\(history.standardError)")
            #expect(history.standardOutput.contains("gems_100  USA  $0.99 due  purchasing"), "\(history.standardOutput)")
            let scenario = FileManager.default.temporaryDirectory.appendingPathComponent("busy-\(UUID().uuidString.prefix(8)).scenario").path
            try "catalog \(BuiltBinary.catalog)\n".write(toFile: scenario, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: scenario) }
            let scripted = try run(["scenario", scenario, "--state-dir", state.path, "--quiet"])
            #expect(scripted.status == 75)
            #expect(scripted.standardError == refusal + "\n")

            // The first app's purchase was not closed as interrupted: it pays and is granted.
            try first.pay(withCard: Purchases.succeeds)
            try first.waitUntil("the sheet says the payment succeeded") { $0.shows("✓ Payment successful (status done)") }
            first.sendKeys("Enter")
            try first.waitUntil("the purchase is granted") { screen in
                screen.pane("Transactions")?.first?.hasPrefix("txn-000001 gems_100    purchased  ✓") == true
                    && screen.pane("Entitlements")?.first == "gems: 100"
            }
            #expect(first.capture().pane("Events")?.contains { $0.contains("interrupted") } == false)
            try first.quit()
        }

        @Test("reset refuses while an app runs, naming it; the app's next purchase is kept; after quitting, reset works")
        func resetAgainstARunningApp() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()
            let pid = try lockHolder(state.path)

            let refused = try run(["reset", "--state-dir", state.path])
            #expect(refused.status == 75)
            #expect(refused.standardError == "storefront: Cannot reset \(state.path) while a storefront runs on it (pid \(pid)); "
                + "quit that one first, then reset again.\n")
            #expect(refused.standardOutput.isEmpty)
            #expect(FileManager.default.fileExists(atPath: state.path + "/storefront.sqlite"))

            try Purchases.openPayStation(app)
            try app.pay(withCard: Purchases.succeeds)
            try app.waitUntil("the sheet says the payment succeeded") { $0.shows("✓ Payment successful (status done)") }
            app.sendKeys("Enter")
            try app.waitUntil("the purchase is granted") { $0.pane("Entitlements")?.first == "gems: 100" }
            let history = try run(["history", "--state-dir", state.path])
            #expect(history.standardOutput.contains("purchased  finished"), "the purchase is on disk: \(history.standardOutput)")
            #expect(history.standardOutput.contains("balance gems: 100"))
            try app.quit()

            let reset = try run(["reset", "--state-dir", state.path])
            #expect(reset.status == 0, "\(reset.standardError)")
            #expect(reset.standardOutput.hasPrefix("Removed \(state.path)/storefront.sqlite"))
        }
    }
}
