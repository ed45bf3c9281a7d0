import Foundation
import Testing

extension EndToEnd {
    /// `storefront promote SKU` from another shell: the App Store starts a promoted purchase in
    /// the running app. On a catalog whose delegate holds promoted purchases, the app says so,
    /// `p` lists what is held, and Enter buys it through the App Store sheet on the Xee SDK.
    @Suite("promote from outside", .needsTmux)
    struct Promote {
        static let sku = "com.example.stardust.pass.weekly"

        /// catalog.json with the app's delegate holding promoted purchases
        /// (`shouldAddStorePayment: false`), written in `folder`; returns its path.
        static func holdingCatalog(in folder: String) throws -> String {
            let text = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let holding = text.replacingOccurrences(of: #""notificationDelaySeconds": 4"#,
                                                    with: #""notificationDelaySeconds": 4, "shouldAddStorePayment": false"#)
            try #require(holding != text, "catalog.json no longer spells notificationDelaySeconds this way")
            let catalog = folder + "/holding.json"
            try holding.write(toFile: catalog, atomically: true, encoding: .utf8)
            return catalog
        }

        @Test("a held promoted purchase is bought with p")
        func heldThenBought() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let catalog = try Self.holdingCatalog(in: state.path)
            let app = try TmuxSession(stateDirectory: state.path + "/state", arguments: ["--catalog", catalog])
            defer { app.close() }
            try app.waitForLaunch()
            let handed = try Finished.run(try BuiltBinary.path(), ["promote", Self.sku, "--catalog", catalog,
                                                                   "--state-dir", state.path + "/state"])
            #expect(handed.status == 0, "\(handed.standardError)")
            #expect(handed.standardOutput.hasPrefix("Promoted \(Self.sku) to the storefront running on"), "\(handed.standardOutput)")
            try app.waitUntil("the app holds it and says how to buy it") { screen in
                screen.bottomLine.contains("the app holds it: press p to buy it")
            }
            app.sendKeys("p")
            try app.waitUntil("p lists the held purchase") { $0.shows("Promoted purchases held") && $0.shows("Buy Weekly Pass") }
            app.sendKeys("Enter")
            try app.waitUntil("makePurchase opens the App Store sheet") { $0.shows("App Store · Sandbox · Xee") }
            app.sendKeys("b")
            let bought = try app.waitUntil("the purchase finishes and premium is active") { screen in
                screen.pane("App Store · Sandbox · Xee") == nil
                    && screen.pane("Entitlements")?.contains { $0.hasPrefix("premium active") } == true
            }
            #expect(bought.pane("Transactions")?.contains { $0.contains("weekly") && $0.contains("purchased") } == true)
            app.sendKeys("p")
            try app.waitUntil("nothing is held any more") { $0.bottomLine.hasPrefix("No promoted purchase is held") }
            try app.quit()
        }

        /// Issue 33 item 18: the player owns Remove Ads; `storefront promote` of it reaches the app
        /// on an English screen, which holds it. `p` buys it: the app refuses in English (the
        /// promotion is the App Store account's, Japanese in this catalog, but the refusal is the
        /// app's), and the refused promotion is no longer held.
        @Test("a held promotion of an owned product is refused in the screen's words and leaves the list")
        func ownedPromotionRefused() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let prepare = state.path + "/own-remove-ads.scenario"
            try """
                catalog \(BuiltBinary.catalog)
                user qa-e2e
                path storekit
                select com.example.stardust.remove_ads
                buy
                storekit confirm
                expect owned com.example.stardust.remove_ads
                """.write(toFile: prepare, atomically: true, encoding: .utf8)
            let prepared = try Finished.run(try BuiltBinary.path(), ["scenario", prepare, "--state-dir", state.path + "/state"])
            try #require(prepared.status == 0, "\(prepared.standardOutput)\(prepared.standardError)")
            let catalog = try Self.holdingCatalog(in: state.path)
            let app = try TmuxSession(stateDirectory: state.path + "/state", arguments: ["--catalog", catalog])
            defer { app.close() }
            try app.waitForLaunch()
            let sku = "com.example.stardust.remove_ads"
            let handed = try Finished.run(try BuiltBinary.path(), ["promote", sku, "--catalog", catalog,
                                                                   "--state-dir", state.path + "/state"])
            #expect(handed.status == 0, "\(handed.standardError)")
            try app.waitUntil("the app holds it") { $0.bottomLine.contains("the app holds it: press p to buy it") }
            app.sendKeys("p")
            try app.waitUntil("p lists it") { $0.shows("Promoted purchases held") && $0.shows("Buy Remove Ads") }
            app.sendKeys("Enter")
            let refused = try app.waitUntil("the app refuses it in English") {
                $0.bottomLine == "You already own Remove Ads; nothing was charged."
            }
            #expect(!refused.shows("App Store · Sandbox"))
            app.sendKeys("p")
            try app.waitUntil("nothing is held any more") { $0.bottomLine.hasPrefix("No promoted purchase is held") }
            try app.quit()
        }

        @Test("with no app running the promotion is kept; an unknown SKU is refused")
        func keptOrRefused() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let kept = try Finished.run(try BuiltBinary.path(), ["promote", Self.sku, "--catalog", BuiltBinary.catalog,
                                                                 "--state-dir", state.path])
            #expect(kept.status == 0, "\(kept.standardError)")
            #expect(kept.standardOutput.contains("the promoted purchase of \(Self.sku) is kept in \(state.path)/storefront.sqlite"))
            let unknown = try Finished.run(try BuiltBinary.path(), ["promote", "pass.weekly", "--catalog", BuiltBinary.catalog,
                                                                    "--state-dir", state.path])
            #expect(unknown.status == 64)
            #expect(unknown.standardError.contains("has no product pass.weekly; did you mean \(Self.sku)?"), "\(unknown.standardError)")
            // A typo in the whole SKU gets the nearest one.
            let misspelt = try Finished.run(try BuiltBinary.path(), ["promote", "com.example.stardust.pass.weelky",
                                                                     "--catalog", BuiltBinary.catalog, "--state-dir", state.path])
            #expect(misspelt.status == 64)
            #expect(misspelt.standardError.contains("has no product com.example.stardust.pass.weelky; did you mean \(Self.sku)?"),
                    "\(misspelt.standardError)")
            // catalog.json's delegate shows promoted purchases: the next launch opens the sheet.
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitUntil("the launch starts the kept promoted purchase") { $0.shows("App Store · Sandbox · Xee") }
            app.sendKeys("c")
            try app.waitUntil("cancelled, nothing bought") { $0.bottomLine == "Purchase cancelled." }
            try app.quit()
        }
    }
}
