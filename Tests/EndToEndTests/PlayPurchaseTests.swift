import Foundation
import Testing

extension EndToEnd {
    /// Buying on Google Play in a real terminal at 80x24: `i` puts the USA storefront on the
    /// Play path, and each test instrument is chosen on Google Play's sheet by its digit. The
    /// slow cards settle at the next due time (`>`). The app consumes each purchase it grants, so
    /// the next can be bought; the ledger, read by `history` from another process, agrees.
    @Suite("Google Play purchases", .needsTmux)
    struct PlayPurchases {
        @Test("each test instrument on Google Play's sheet; the app consumes what it grants")
        func eachInstrument() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, width: 80, height: 24, arguments: ["--storefront", "USA"])
            defer { app.close() }
            try app.waitUntil("the app shows the USA storefront") { screen in
                screen.statusBar.contains(" USA en_US USD│") && screen.pane("Transactions") != nil
            }
            try app.choosePath(named: "Google Play")
            try app.select("Pouch of Gems")

            // 1: always approves.
            app.sendKeys("Enter")
            try Self.waitForSheet(app)
            app.sendKeys("1", "Enter")
            try app.waitUntil("the approved purchase is granted") { screen in
                screen.pane("Google Play") == nil && screen.bottomLine == "Purchased Pouch of Gems: +100 gems."
            }
            // 2: always declines.
            app.sendKeys("Enter")
            try Self.waitForSheet(app)
            app.sendKeys("2")
            try app.waitUntil("2 chooses the declining instrument") { screen in
                screen.pane("Google Play")?.contains { $0.hasPrefix("(•) Test instrument, always declines") } == true
            }
            app.sendKeys("Enter")
            try app.waitUntil("the declined purchase charges nothing") { screen in
                screen.pane("Google Play") == nil && screen.bottomLine.contains("the test instrument declined the payment")
            }
            // 3 and 4: the slow cards stay pending until they settle.
            for (digit, settled) in [("3", "Purchased Pouch of Gems: +100 gems."),
                                     ("4", "the slow test card declined")] {
                app.sendKeys("Enter")
                try Self.waitForSheet(app)
                app.sendKeys(digit, "Enter")
                try app.waitUntil("the slow card's purchase is pending") { screen in
                    screen.pane("Google Play") == nil && screen.bottomLine.contains("is pending (slow test card)")
                }
                app.sendKeys(">")
                try app.waitUntil("> settles the slow card: \(settled)") { screen in
                    screen.bottomLine.contains(settled)
                }
            }
            try app.quit()

            let result = try Finished.run(try BuiltBinary.path(), ["history", "--json", "--state-dir", state.path])
            #expect(result.status == 0, "\(result.standardError)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let transactions = try #require(document["transactions"] as? [[String: Any]])
            #expect(transactions.count == 4)
            #expect(transactions.allSatisfy { $0["path"] as? String == "play" && $0["finished"] as? Bool == true })
            #expect(transactions.map { $0["state"] as? String } == ["failed", "purchased", "failed", "purchased"])
            #expect(transactions.allSatisfy { ($0["orderId"] as? String)?.hasPrefix("GPA.") == true && $0["invoiceId"] == nil })
            #expect(((document["balances"] as? [String: Any])?["gems"] as? NSNumber)?.intValue == 200)

            // The spreadsheet has the same order ids, in their own column.
            let csv = try Finished.run(try BuiltBinary.path(), ["history", "--csv", "--state-dir", state.path])
            #expect(csv.status == 0, "\(csv.standardError)")
            let rows = csv.standardOutput.components(separatedBy: "\r\n").dropLast().map { $0.components(separatedBy: ",") }
            let column = try #require(rows.first?.firstIndex(of: "orderId"))
            #expect(rows.dropFirst().map { $0[column] } == transactions.compactMap { $0["orderId"] as? String })
        }

        @Test("a plan change on Google Play's sheet: p picks the replacement mode, the ledger charges what it showed")
        func planChangeByReplacementMode() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, width: 120, height: 40, arguments: ["--storefront", "USA"])
            defer { app.close() }
            try app.waitUntil("the app shows the USA storefront") { screen in
                screen.statusBar.contains(" USA en_US USD") && screen.pane("Transactions") != nil
            }
            try app.choosePath(named: "Google Play")
            try app.select("Weekly Pass")
            app.sendKeys("Enter")
            try app.waitUntil("Google Play's sheet opens on the Weekly Pass") { $0.pane("Google Play") != nil }
            app.sendKeys("1", "Enter")
            try app.waitUntil("the weekly pass is bought") { screen in
                screen.pane("Google Play") == nil && screen.bottomLine.contains("Purchased Weekly Pass")
            }
            // The weekly card is the last: the monthly one is to its left.
            app.sendKeys("h")
            try app.waitUntil("h moves to the Monthly Pass") { $0.contains { $0.contains("▸ Monthly Pass") } }
            app.sendKeys("Enter")
            try app.waitUntil("the sheet says it replaces the weekly pass, by Google's default, for nothing now") { screen in
                guard let sheet = screen.pane("Google Play") else { return false }
                return sheet.contains { $0.hasPrefix("Replaces · Weekly Pass  p WITH_TIME_PRORATION") }
                    && sheet.contains { $0.hasPrefix("Monthly Pass") && $0.hasSuffix("$0.00") }
            }
            app.sendKeys("p")
            var shown = ""
            try app.waitUntil("p picks CHARGE_PRORATED_PRICE, which charges the difference for the time left") { screen in
                guard let sheet = screen.pane("Google Play"),
                      sheet.contains(where: { $0.hasPrefix("Replaces · Weekly Pass  p CHARGE_PRORATED_PRICE") }),
                      let title = sheet.first(where: { $0.hasPrefix("Monthly Pass") }),
                      let price = title.split(separator: " ").last, price != "$0.00" else { return false }
                shown = String(price)
                return true
            }
            app.sendKeys("Enter")
            try app.waitUntil("the change is bought") { screen in
                screen.pane("Google Play") == nil && screen.bottomLine.contains("Purchased Monthly Pass")
            }
            try app.quit()

            let result = try Finished.run(try BuiltBinary.path(), ["history", "--json", "--state-dir", state.path])
            #expect(result.status == 0, "\(result.standardError)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let transactions = try #require(document["transactions"] as? [[String: Any]])
            let monthly = try #require(transactions.first { $0["productId"] as? String == "com.example.stardust.pass.monthly" })
            #expect("$" + (monthly["amountCharged"] as? String ?? "") == shown, "the ledger charged what the sheet showed")
            let player = try #require((document["players"] as? [[String: Any]])?.first)
            let subscriptions = try #require(player["subscriptions"] as? [[String: Any]])
            #expect(subscriptions.contains { $0["productId"] as? String == "com.example.stardust.pass.weekly"
                && $0["endReason"] as? String == "replaced" })
        }

        /// Waits for Google Play's sheet on the Pouch of Gems at $0.99, with the test notice.
        private static func waitForSheet(_ app: TmuxSession) throws {
            try app.waitUntil("Google Play's sheet opens on the Pouch of Gems at $0.99") { screen in
                guard let sheet = screen.pane("Google Play") else { return false }
                return sheet.contains { $0.hasPrefix("Pouch of Gems") && $0.hasSuffix("$0.99") }
                    && sheet.contains { $0.contains("This is a test order; you will not be charged.") }
            }
        }
    }
}
