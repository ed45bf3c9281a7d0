import Foundation
import Testing

extension EndToEnd {
    /// Buying the Pouch of Gems in Japan, where the storefront sells through StoreKit 2: the App
    /// Store sheet in a real terminal at 80x24, then Ask to Buy approved from the transaction's
    /// actions (`m`).
    @Suite("StoreKit purchases", .needsTmux)
    struct StoreKitPurchases {
        @Test("Enter, Enter buys through the App Store sheet; Ask to Buy approved with m grants the second")
        func buyThenAskToBuy() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, width: 80, height: 24, arguments: ["--storefront", "JPN"])
            defer { app.close() }
            // At 80 columns the status bar is the narrow one: ` JPN ja_JP JPY│StoreKit 2│…`.
            try app.waitUntil("the app shows the JPN storefront on StoreKit 2") { screen in
                screen.statusBar.contains(" JPN ja_JP JPY│StoreKit 2│") && screen.pane("Transactions") != nil
            }
            try app.select("ジェムの袋")

            app.sendKeys("Enter")
            try Self.waitForSheet(app)
            app.sendKeys("Enter")
            let bought = try app.waitUntil("the sheet closes and the purchase shows in the Transactions pane") { screen in
                screen.pane("App Store · Sandbox") == nil
                    && screen.pane("Transactions")?.first.map { $0.hasPrefix("txn-000001 gems_100") && $0.contains("purchased") } == true
                    && screen.bottomLine == "Purchased Pouch of Gems: +100 gems."
            }
            #expect(bought.pane("Transactions")?.first?.hasSuffix("¥160") == true, "\(bought.pane("Transactions") ?? [])")
            // At 80 columns one pane at a time: Tab shows the next, the width its own.
            app.sendKeys("Tab", "Tab")
            try app.waitUntil("Tab, Tab shows the balance in the Entitlements pane") { screen in
                screen.pane("Entitlements")?.first == "gems: 100" && screen.pane("Transactions") == nil
            }
            app.sendKeys("BTab", "BTab")  // back on the paywall, the Transactions pane shown again

            // What the ledger committed, read by another process while the app runs.
            let first = try Self.history(state.path)
            let transaction = try #require(first.transactions.first, "no transaction in the history")
            #expect(first.transactions.count == 1)
            #expect(transaction["path"] as? String == "storekit")
            #expect(transaction["state"] as? String == "purchased")
            #expect(transaction["finished"] as? Bool == true)
            #expect(transaction["storefront"] as? String == "JPN")
            #expect(transaction["productId"] as? String == "com.example.stardust.gems_100")
            let jws = try #require(transaction["signedTransaction"] as? String, "the purchase is not signed")
            #expect(jws.split(separator: ".").count == 3)
            #expect((first.balances["gems"] as? NSNumber)?.intValue == 100)

            // Again, and this time a parent is asked.
            app.sendKeys("Enter")
            try Self.waitForSheet(app)
            app.sendKeys("a")
            try app.waitUntil("the second purchase waits for a parent, charging nothing") { screen in
                screen.pane("App Store · Sandbox") == nil
                    && screen.pane("Transactions")?.first?.contains("pending (Ask to Buy) … no charge") == true
                    && screen.bottomLine.contains("pending (Ask to Buy)")
            }
            app.sendKeys("m")
            try app.waitUntil("m opens the pending transaction's actions on Approve") { screen in
                screen.shows("▸ Approve (Ask to Buy)") && screen.shows("Decline (Ask to Buy)")
            }
            app.sendKeys("Enter")
            let approved = try app.waitUntil("the approval settles the second purchase") { screen in
                !screen.shows("Approve (Ask to Buy)")
                    && screen.pane("Transactions")?.first?.hasPrefix("txn-000002 gems_100") == true
                    && screen.pane("Transactions")?.first?.contains("purchased") == true
            }
            let rows = approved.pane("Transactions")?.filter { $0.contains(" gems_100 ") } ?? []
            #expect(rows.count == 2 && rows.allSatisfy { $0.contains("purchased") }, "\(rows)")
            app.sendKeys("Tab", "Tab")
            try app.waitUntil("the approval granted the gems: 200 in the Entitlements pane") { screen in
                screen.pane("Entitlements")?.first == "gems: 200"
            }
            try app.quit()

            let second = try Self.history(state.path)
            #expect(second.transactions.count == 2)
            #expect(second.transactions.allSatisfy {
                $0["state"] as? String == "purchased" && $0["finished"] as? Bool == true && $0["path"] as? String == "storekit"
                    && $0["signedTransaction"] is String
            })
            #expect((second.balances["gems"] as? NSNumber)?.intValue == 200)
        }

        /// Waits for the App Store sheet on the Pouch of Gems at ¥160, with Buy in Japanese.
        private static func waitForSheet(_ app: TmuxSession) throws {
            try app.waitUntil("the App Store sheet opens on the Pouch of Gems at ¥160") { screen in
                guard let sheet = screen.pane("App Store · Sandbox") else { return false }
                return sheet.contains { $0.hasPrefix("ジェムの袋") && $0.hasSuffix("¥160") }
                    && sheet.contains { $0.contains("[ 購入 ]") && $0.contains("[ キャンセル ]") }
            }
        }

        /// `storefront history --json` on the state directory: the transactions, newest first, and the balances.
        private static func history(_ stateDirectory: String) throws -> (transactions: [[String: Any]], balances: [String: Any]) {
            let result = try Finished.run(try BuiltBinary.path(), ["history", "--json", "--state-dir", stateDirectory])
            #expect(result.status == 0, "\(result.standardError)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                                        "history --json is not a JSON object: \(result.standardOutput)")
            return (document["transactions"] as? [[String: Any]] ?? [], document["balances"] as? [String: Any] ?? [:])
        }
    }
}
