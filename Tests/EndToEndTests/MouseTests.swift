import Testing

extension EndToEnd {
    /// Clicks and the wheel, sent as the SGR sequences a terminal sends.
    @Suite("Mouse", .needsTmux)
    struct Mouse {
        @Test("a click selects a product, a second click buys it, the wheel moves on")
        func clickAndWheel() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            let screen = try app.waitForLaunch()
            let row = try #require(screen.firstIndex { $0.contains("Chest of Gems") })
            app.click(column: 10, row: row)
            try app.waitUntil("the click selects the Chest of Gems") { $0.shows("▸ Chest of Gems") }
            app.wheelDown(column: 10, row: row)
            try app.waitUntil("the wheel moves the selection to the Vault of Gems") { $0.shows("▸ Vault of Gems") }
            app.click(column: 10, row: row)
            try app.waitUntil("a click on the Chest selects it again") { $0.shows("▸ Chest of Gems") }
            app.click(column: 10, row: row)
            try app.waitUntil("the second click opens Pay Station for the Chest") { screen in
                screen.shows("Pay Station · sandbox · external browser")
                    && screen.pane("Pay Station")?.contains { $0.hasPrefix("Chest of Gems") && $0.hasSuffix("$4.99") } == true
            }
            app.sendKeys("Escape")
            try app.waitUntil("Esc cancels") { $0.bottomLine == "Purchase cancelled." }
            try app.quit()
        }
    }
}
