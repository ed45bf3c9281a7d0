import Testing

extension EndToEnd {
    /// What a designer types: `:` and a name, `Tab` to complete it, instead of cycling; a
    /// player state previewed and Enter saying what it would cost; `T` back a theme.
    @Suite("Picker", .needsTmux)
    struct Picker {
        @Test(":storefront with Tab completion, an unknown name's nearest, :player lapsed, T", arguments: [(80, 24), (120, 40)])
        func jumpByName(width: Int, height: Int) throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, width: width, height: height)
            defer { app.close() }
            // At 80 columns the status bar leaves the app's name out: the storefront and the products say it is up.
            try app.waitUntil("the app shows the storefront and its products") {
                $0.statusBar.contains("USA en_US USD") && $0.shows("Pouch of Gems") && !$0.joined().contains("Loading products…")
            }

            app.type(":sto")
            app.sendKeys("Tab")
            let listed = try app.waitUntil("the picker is completed and the storefronts are listed above the line") {
                $0.bottomLine == ":storefront" && $0.shows("Tab: USA  DEU  JPN")
            }
            #expect(listed.count == height)
            app.type("de")
            app.sendKeys("Tab")
            try app.waitUntil("the name is completed") { $0.bottomLine == ":storefront DEU" }
            app.sendKeys("Enter")
            try app.waitUntil("the storefront is DEU") { $0.statusBar.contains("DEU de_DE EUR") && $0.shows("Edelsteinbeutel") }

            app.type(":storefront JNP")
            app.sendKeys("Enter")
            try app.waitUntil("an unknown name says the nearest on one line") {
                $0.bottomLine == "No storefront \"JNP\"; did you mean JPN?" && $0.statusBar.contains("DEU")
            }

            app.type(":player laps")
            app.sendKeys("Enter")
            try app.waitUntil("a lapsed player is previewed, offered the win-back month") {
                $0.statusBar.contains("lapsed") && $0.shows("1 Monat gratis")
            }
            app.sendKeys("Escape")
            app.sendKeys("Enter")
            let refused = try app.waitUntil("Enter says what the lapsed player would pay, and buys nothing") {
                $0.bottomLine.hasPrefix("Preview, not bought: a lapsed player would pay")
            }
            #expect(refused.shows("No transactions yet."), "no sheet opened and nothing was bought")

            app.sendKeys("T")
            try app.waitUntil("T goes back a theme, round to the last") { $0.bottomLine.hasPrefix("Theme ") && !$0.bottomLine.contains("dark") }
            try app.quit()
        }
    }
}
