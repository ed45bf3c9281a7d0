import Testing

extension EndToEnd {
    /// The real binary killed with SIGKILL at each durable step of a purchase on each path
    /// (`STOREFRONT_CRASH_AT`, no cleanup, like a power cut): the next launch loses no purchase,
    /// delivers every unfinished transaction again and finishes it, and grants exactly once,
    /// however often the app is relaunched.
    @Suite("Crash recovery", .needsTmux)
    struct CrashRecovery {
        struct Case: Sendable, CustomTestStringConvertible {
            var path: String
            var step: String
            /// Killed before anything was paid: the purchase ends interrupted, nothing granted.
            var paid: Bool { step != "opened" }
            var testDescription: String { "\(path) at \(step)" }
        }

        /// The three commits of a purchase: the sheet opened, the payment, the app's delivery.
        static let cases = ["opened", "paid", "finished"].map { Case(path: "paystation", step: $0) }
            + ["opened", "paid", "finished"].map { Case(path: "storekit", step: $0) }
            + ["opened", "paid", "finished"].map { Case(path: "play", step: $0) }

        @Test("killed after a step of a purchase, the next launch settles it and grants at most once",
              arguments: cases)
        func crashThenRelaunch(_ crash: Case) throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let crashing = try TmuxSession(stateDirectory: state.path, environment: ["STOREFRONT_CRASH_AT": crash.step])
            defer { crashing.close() }
            try crashing.waitForLaunch()
            if crash.path == "storekit" {
                try buyOnStoreKit(crashing, confirming: crash.step != "opened")
            } else if crash.path == "play" {
                try buyOnGooglePlay(crashing, confirming: crash.step != "opened")
            } else if crash.step == "opened" {
                // Killed as the sheet opens, before it is drawn.
                try crashing.select("Pouch of Gems")
                crashing.sendKeys("Enter")
            } else {
                try Purchases.openPayStation(crashing)
                try crashing.pay(withCard: Purchases.succeeds)
                if crash.step == "finished" {
                    try crashing.waitUntil("the sheet says the payment succeeded") {
                        $0.shows("✓ Payment successful (status done)")
                    }
                    crashing.sendKeys("Enter")  // back to the game at once: the redirect reaches the app
                }
            }
            // The terminal is not restored, so the shell's line may wrap: read the screen as one string.
            try crashing.waitUntil("the app dies at the \(crash.step) step") { $0.joined().contains("EXIT=137") }
            crashing.close()

            // Tall, so the Events pane holds every event of the launch (23 rows): what the test
            // reads is there however the launch's events interleave on a loaded machine.
            let relaunched = try TmuxSession(stateDirectory: state.path, height: 60)
            defer { relaunched.close() }
            let state1 = crash.paid ? "purchased  ✓" : "failed"
            let screen = try relaunched.waitUntil("the relaunch settles the transaction and finishes it") { screen in
                screen.pane("Transactions")?.first?.hasPrefix("txn-000001 gems_100") == true
                    && screen.pane("Transactions")?.first?.contains(state1) == true
                    && screen.pane("Entitlements")?.first == (crash.paid ? "gems: 100" : "Nothing owned yet.")
                    // The Events pane is drawn from the ledger too, and may come a frame later.
                    && (crash.step == "finished"
                        || screen.pane("Events")?.contains { $0.contains("txn.redelivered") } == true)
            }
            let events = screen.pane("Events") ?? []
            // Finished before the kill: nothing was left to deliver again.
            #expect(events.contains { $0.contains("txn.redelivered") } == (crash.step != "finished"))
            try relaunched.quit()
            relaunched.close()

            let again = try TmuxSession(stateDirectory: state.path)
            defer { again.close() }
            let later = try again.waitUntil("a second relaunch shows the transaction again") { screen in
                screen.pane("Entitlements")?.first != nil
                    && screen.pane("Transactions")?.contains { $0.hasPrefix("txn-000001 ") } == true
            }
            let shown = later.joined(separator: "\n")
            #expect(later.pane("Entitlements")?.filter { $0.hasPrefix("gems:") } == (crash.paid ? ["gems: 100"] : []),
                    "the screen:\n\(shown)")
            #expect(later.pane("Transactions")?.filter { $0.hasPrefix("txn-") }.count == 1, "the screen:\n\(shown)")
            try again.quit()
        }

        /// `i` until the Google Play path, the Pouch of Gems, Enter for Google Play's sheet, and
        /// Enter on Buy with the instrument that always approves when `confirming`.
        private func buyOnGooglePlay(_ app: TmuxSession, confirming: Bool) throws {
            try app.choosePath(named: "Google Play")
            try app.select("Pouch of Gems")
            app.sendKeys("Enter")
            guard confirming else { return }
            try app.waitUntil("Google Play's sheet opens") { $0.shows("This is a test order") }
            app.sendKeys("Enter")
        }

        /// `i` until the StoreKit path, the Pouch of Gems, Enter for the App Store sheet, and Enter
        /// on its Buy button when `confirming`.
        private func buyOnStoreKit(_ app: TmuxSession, confirming: Bool) throws {
            try app.choosePath(named: "StoreKit 2")
            try app.select("Pouch of Gems")
            app.sendKeys("Enter")
            guard confirming else { return }
            try app.waitUntil("the App Store sheet opens") { $0.shows("App Store · Sandbox") }
            app.sendKeys("Enter")
        }
    }
}
