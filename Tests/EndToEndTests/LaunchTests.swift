import Foundation
import Testing

extension EndToEnd {
    @Suite("Launch, theme, help, resize", .needsTmux)
    struct Launch {
        @Test("launch shows dollar prices and the three live panes; q quits with status 0")
        func launchAndQuit() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }

            let screen = try app.waitForLaunch()
            #expect(screen.statusBar.hasPrefix(" Stardust Quest │ USA en_US USD │ Pay Station (browser) │ theme dark │ variant "))
            #expect(screen.statusBar.contains("│ SANDBOX"))
            #expect(screen.pane("Paywall")?.contains { $0.hasPrefix("More in the store") } == true)
            let gems = screen.pane("Paywall")?.first { $0.contains("Pouch of Gems") }
            #expect(gems?.contains("100 gems") == true)
            #expect(gems?.hasSuffix("$0.99") == true)
            for price in ["$4.99", "$9.99", "$2.99"] {
                #expect(screen.shows(price))
            }
            #expect(screen.pane("Transactions")?.first == "No transactions yet.")
            #expect(screen.pane("Entitlements")?.first == "Nothing owned yet.")
            #expect(screen.pane("Events") != nil)

            try app.quit()
        }

        @Test("t switches to the light theme; ? shows the keys and Esc closes them")
        func themeAndHelp() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()

            app.sendKeys("t")
            try app.waitUntil("the status bar says theme light") {
                $0.statusBar.contains("│ theme light │") && $0.bottomLine == "Theme light."
            }

            app.sendKeys("?")
            // Until its last row is drawn: a capture may catch a frame half written.
            let help = try app.waitUntil("the Keys box shows") { $0.pane("Keys")?.contains { $0.hasPrefix("Esc or ? closes") } == true }
            let keys = help.pane("Keys") ?? []
            #expect(keys.contains { $0.hasPrefix("Enter") })
            #expect(keys.contains { $0.hasPrefix("s / S") })
            #expect(keys.contains { $0.hasPrefix("q / Ctrl-C") })

            app.sendKeys("Escape")
            try app.waitUntil("the Keys box closes") { $0.pane("Keys") == nil && $0.pane("Paywall") != nil }
            try app.quit()
        }

        @Test("resizing the terminal to 80x24 re-lays the screen without quitting")
        func resize() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()

            app.resize(width: 80, height: 24)
            let screen = try app.waitUntil("the screen re-lays at 80x24, the panes closing at row 23, column 80") { screen in
                screen.count == 24 && screen[22].hasSuffix("╯") && screen[22].displayWidth == 80
            }
            // At 80 columns the status bar drops its decoration and the app's name, keeps every
            // fact of the store, and has the simulated clock on the right.
            #expect(screen.statusBar.hasPrefix(" USA en_US USD│Pay Station (browser)│dark│"))
            #expect(screen.statusBar.hasSuffix("· sandbox"))
            // One live pane at a time, the whole width, the others' names as tabs.
            #expect(screen.box(titled: "Transactions")?.right == 79)
            #expect(screen.box(titled: "Transactions")?.left == 0)
            #expect(screen.box(titled: "Paywall")?.right == 79)
            #expect(screen.allSatisfy { $0.displayWidth <= 80 })
            #expect(!screen.shows("EXIT="))

            // Still alive and answering keys at the new size.
            app.sendKeys("t")
            try app.waitUntil("the light theme shows at 80 columns") { $0.bottomLine == "Theme light." }
            try app.quit()
        }
    }
}

extension EndToEnd {
    /// A broken theme file is skipped with its reason on screen; the app still starts.
    @Suite("Broken themes", .needsTmux)
    struct BrokenThemes {
        @Test("a theme with a syntax error is named with its line and column, and the others still load")
        func brokenTheme() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let manager = FileManager.default
            try manager.createDirectory(atPath: directory.path + "/Themes", withIntermediateDirectories: true)
            try manager.copyItem(atPath: BuiltBinary.catalog, toPath: directory.path + "/catalog.json")
            try manager.copyItem(atPath: BuiltBinary.root + "/Themes/dark.json", toPath: directory.path + "/Themes/dark.json")
            try "{\n  \"name\": \"neon\",\n  \"colors\": {\n}\n".write(toFile: directory.path + "/Themes/neon.json",
                                                                      atomically: true, encoding: .utf8)
            let app = try TmuxSession(stateDirectory: directory.path + "/state",
                                      arguments: ["--catalog", directory.path + "/catalog.json"])
            defer { app.close() }
            let screen = try app.waitUntil("the app starts and names the broken theme file") { screen in
                screen.statusBar.contains("theme dark") && screen.bottomLine.contains("neon.json:5:1: error: $: malformed JSON")
            }
            #expect(screen.statusBar.contains("theme dark"))
            // The folder has no light theme and a broken neon: the built-in ones of those names stay.
            app.sendKeys("t")
            try app.waitUntil("t goes on to the built-in light theme") { $0.bottomLine == "Theme light." }
            app.sendKeys("T", "T")
            try app.waitUntil("T goes back round to the built-in neon") { $0.bottomLine == "Theme neon." }
            try app.quit()
        }
    }

    /// Issue 33 item 21: outside the checkout (no `Themes/` folder beside the catalog or in the
    /// current directory) the app offered only dark and light; the five themes that ship are in
    /// the binary and there wherever it runs.
    @Suite("Built-in themes outside the checkout", .needsTmux)
    struct BuiltInThemesOutside {
        @Test("--theme nosuch lists the five built-in themes")
        func unknownThemeListsEveryBuiltIn() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try FileManager.default.copyItem(atPath: BuiltBinary.catalog, toPath: directory.path + "/catalog.json")
            let run = try Finished.run(try BuiltBinary.path(), ["--theme", "nosuch", "--catalog", "catalog.json",
                                                                "--state-dir", directory.path + "/state"],
                                       in: directory.path)
            #expect(run.status == 64, "stderr: \(run.standardError)")
            #expect(run.standardError.contains("no theme named nosuch; themes: dark, light, calm, high-contrast, neon."),
                    "stderr: \(run.standardError)")
        }

        @Test("the app opens in a built-in theme from a folder that has none")
        func builtInThemeOpens() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try FileManager.default.copyItem(atPath: BuiltBinary.catalog, toPath: directory.path + "/catalog.json")
            let app = try TmuxSession(stateDirectory: directory.path + "/state",
                                      arguments: ["--catalog", "catalog.json", "--theme", "high-contrast"],
                                      directory: directory.path)
            defer { app.close() }
            try app.waitUntil("the app starts in high-contrast") { $0.statusBar.contains("theme high-contrast") }
            app.sendKeys("t")
            try app.waitUntil("t goes on to neon") { $0.bottomLine == "Theme neon." }
            try app.quit()
        }
    }
}
