import Testing

extension EndToEnd {
    /// The real binary killed at a durable step of a purchase (`STOREFRONT_CRASH_AT`, which
    /// `_exit`s like a power cut, no cleanup): the next launch delivers the transaction again,
    /// finishes it, and grants exactly once, however often the app is relaunched.
    @Suite("Crash recovery", .needsTmux)
    struct CrashRecovery {
        @Test("killed after a step of a purchase, the next launch finishes it and grants once",
              arguments: ["purchased", "granted"])
        func crashThenRelaunch(step: String) throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let crashing = try TmuxSession(stateDirectory: state.path, environment: ["STOREFRONT_CRASH_AT": step])
            defer { crashing.close() }
            try crashing.waitForLaunch()
            try Purchases.openPayStation(crashing)
            try crashing.pay(withCard: Purchases.succeeds)
            try crashing.waitUntil("the sheet says the payment succeeded") { $0.shows("✓ Payment successful (status done)") }
            crashing.sendKeys("Enter")  // back to the game at once: the redirect reaches the app
            // The terminal is not restored, so the shell's line may wrap: read the screen as one string.
            try crashing.waitUntil("the app dies at the \(step) step") { $0.joined().contains("EXIT=137") }
            crashing.close()

            let relaunched = try TmuxSession(stateDirectory: state.path)
            defer { relaunched.close() }
            let screen = try relaunched.waitUntil("the relaunch delivers the transaction again and finishes it") { screen in
                screen.pane("Transactions")?.first?.hasPrefix("txn-000001 gems_100    purchased  ✓") == true
                    && screen.pane("Entitlements")?.first == "gems: 100"
            }
            let events = screen.pane("Events") ?? []
            #expect(events.contains { $0.contains("transaction.redelivered") })
            #expect(events.contains { $0.contains("transaction.finished") })
            try relaunched.quit()
            relaunched.close()

            let again = try TmuxSession(stateDirectory: state.path)
            defer { again.close() }
            let later = try again.waitUntil("a second relaunch shows the same single grant") { screen in
                screen.pane("Entitlements")?.first != nil && screen.pane("Transactions")?.first != nil
            }
            #expect(later.pane("Entitlements")?.filter { $0.hasPrefix("gems:") } == ["gems: 100"])
            #expect(later.pane("Transactions")?.filter { $0.hasPrefix("txn-") }.count == 1)
            try again.quit()
        }
    }
}
