import Testing

extension EndToEnd {
    /// Buying the Pouch of Gems through the mocked Pay Station (USA: external browser) with the
    /// sandbox test cards.
    @Suite("Pay Station purchases", .needsTmux)
    struct Purchases {
        static let succeeds = "4111111111111111"
        static let declined = "4111111111111178"

        @Test("a paid purchase grants 100 gems, and both survive a relaunch")
        func purchaseSurvivesRelaunch() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()
            try Self.openPayStation(app)

            try app.pay(withCard: Self.succeeds)
            try app.waitUntil("the sheet says the payment succeeded and counts down") {
                $0.shows("✓ Payment successful (status done)") && $0.shows("Returning to Stardust Quest in ")
            }
            // No key: the redirect brings the player back after its delay.
            let screen = try app.waitUntil("the sheet closes and the purchase shows in every pane") { screen in
                screen.pane("Pay Station") == nil
                    && screen.pane("Transactions")?.first?.hasPrefix("txn-000001 gems_100    purchased  ✓") == true
                    && screen.pane("Entitlements")?.first == "gems: 100"
                    && screen.bottomLine == "Purchased Pouch of Gems: +100 gems."
            }
            let events = screen.pane("Events") ?? []
            #expect(events.contains { $0.contains(#/^\d\d:\d\d:\d\d txn\.purchased purchased$/#) })
            #expect(events.contains { $0.contains(#/^\d\d:\d\d:\d\d grant \+100 gems$/#) })
            #expect(screen.pane("Transactions")?.first == "txn-000001 gems_100    purchased  ✓ $0.99")
            try app.quit()
            app.close()

            // The done-when of the issue: the history and the balance are still there.
            let again = try TmuxSession(stateDirectory: state.path)
            defer { again.close() }
            let relaunched = try again.waitUntil("the relaunched app shows the kept purchase") { screen in
                screen.pane("Transactions")?.first?.hasPrefix("txn-000001 gems_100    purchased  ✓") == true
                    && screen.pane("Entitlements")?.first == "gems: 100"
            }
            #expect(relaunched.pane("Transactions")?.filter { $0.hasPrefix("txn-") }.count == 1)
            #expect(relaunched.pane("Entitlements")?.filter { $0.hasPrefix("gems:") } == ["gems: 100"])
            try again.quit()
        }

        @Test("a declined card fails the purchase and grants nothing")
        func declinedCard() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()
            try Self.openPayStation(app)

            try app.pay(withCard: Self.declined)
            try app.waitUntil("the sheet says the bank declined") { screen in
                screen.shows("✗ Payment declined (status troubled)")
                    && screen.bottomLine == "Payment declined by the bank. Nothing was charged or granted."
            }
            app.sendKeys("Escape")
            let screen = try app.waitUntil("the sheet closes and the transaction shows as failed") { screen in
                screen.pane("Pay Station") == nil
                    && screen.pane("Transactions")?.first?.hasPrefix("txn-000001 gems_100    failed") == true
            }
            #expect(screen.pane("Entitlements")?.contains { $0.hasPrefix("gems:") } == false)
            #expect(screen.pane("Entitlements")?.first == "Nothing owned yet.")
            #expect(screen.pane("Events")?.contains { $0.contains("grant") } == false)
            #expect(screen.bottomLine == "Payment declined by the bank. Nothing was charged or granted.")
            try app.quit()
        }

        @Test("Esc in the card form cancels the purchase")
        func escapeCancels() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()
            try Self.openPayStation(app)

            app.type("4111")
            try app.waitUntil("the card number field shows 4111") {
                $0.sheetLine(startingWith: "▸ Card number")?.contains("4111") == true
            }
            app.sendKeys("Escape")
            let screen = try app.waitUntil("the sheet closes and the purchase shows as cancelled") { screen in
                screen.pane("Pay Station") == nil
                    && screen.pane("Transactions")?.first?.hasPrefix("txn-000001 gems_100    cancelled") == true
                    && screen.bottomLine == "Purchase cancelled."
            }
            #expect(screen.pane("Entitlements")?.contains { $0.hasPrefix("gems:") } == false)
            try app.quit()
        }

        /// Selects the Pouch of Gems and presses Enter: the USA Pay Station opens in the browser.
        static func openPayStation(_ app: TmuxSession) throws {
            try app.select("Pouch of Gems")
            app.sendKeys("Enter")
            try app.waitUntil("the Pay Station sheet opens on the card number") { screen in
                screen.shows("Pay Station · sandbox · external browser")
                    && screen.pane("Pay Station")?.contains { $0.hasPrefix("Pouch of Gems") && $0.hasSuffix("$0.99") } == true
                    && screen.sheetLine(startingWith: "▸ Card number") != nil
            }
        }
    }
}
