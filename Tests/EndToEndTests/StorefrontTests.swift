import Testing

extension EndToEnd {
    @Suite("Storefronts", .needsTmux)
    struct Storefronts {
        @Test("s shows euro prices and the in-app Pay Station; S goes back; JPN shows yen, aligned")
        func switchStorefronts() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()

            app.sendKeys("s")
            try app.waitUntil("the DEU storefront shows euro prices") { screen in
                screen.statusBar.contains("│ DEU de_DE EUR │ Pay Station (in-app) │")
                    && screen.pane("Paywall")?.contains { $0.hasPrefix("Edelsteinbeutel") && $0.hasSuffix("1,09 €") } == true
                    && screen.shows("5,49 €/Monat")
            }
            try app.select("Edelsteinbeutel")
            app.sendKeys("Enter")
            try app.waitUntil("the Pay Station opens in the app for DEU") { screen in
                screen.shows("Pay Station · sandbox · in-app")
                    && screen.pane("Pay Station")?.contains { $0.hasPrefix("Edelsteinbeutel") && $0.hasSuffix("1,09 €") } == true
            }
            app.sendKeys("Escape")
            try app.waitUntil("the sheet closes") { $0.pane("Pay Station") == nil && $0.bottomLine == "Purchase cancelled." }

            app.sendKeys("S")
            try app.waitUntil("S goes back to USA and dollars") { screen in
                screen.statusBar.contains("│ USA en_US USD │") && screen.shows("$0.99")
            }

            app.sendKeys("S")
            // Right to left, in visual order: "٣٫٩٩ ر.س." read from the right, its letters in
            // their isolated presentation forms.
            try app.waitUntil("S again wraps round to the last storefront, SAU, in Arabic digits") { screen in
                screen.statusBar.contains("│ SAU ar_SA SAR │") && screen.shows(".\u{FEB1}.\u{FEAD}\u{00A0}٣٫٩٩")
            }
            app.sendKeys("s", "s", "s")
            let screen = try app.waitUntil("s three times reaches JPN, yen and Japanese names") { screen in
                screen.statusBar.contains("│ JPN ja_JP JPY │")
                    && screen.pane("Paywall")?.contains { $0.hasPrefix("▸ ジェムの袋") && $0.hasSuffix("¥160") } == true
            }
            // Wide characters take two columns: every row of the paywall box ends on the same column.
            let paywall = try #require(screen.box(titled: "Paywall"))
            #expect(screen[paywall.top].displayWidth == 120)
            for row in paywall.top + 1..<paywall.bottom {
                let cells = screen[row].displayCells
                #expect(cells.count > paywall.right && cells[paywall.right] == "│",
                        "row \(row + 1) should end at column \(paywall.right + 1): \(screen[row])")
            }
            let gemsRow = try #require(screen.firstIndex { $0.contains("ジェムの袋") })
            #expect(screen[gemsRow].hasSuffix("│"))
            #expect(screen[gemsRow].displayWidth == screen[paywall.top + 1].displayWidth)
            #expect(screen.allSatisfy { $0.displayWidth <= 120 })
            try app.quit()
        }
    }
}
