import Foundation
import Testing

extension EndToEnd {
    /// The designer's loop in a real terminal: a copy of the catalog and its themes is edited
    /// while the app runs, the way an editor saves (in place, or a new file renamed over the
    /// old one), and the screen follows; a broken save keeps the screen and says where, and the
    /// next good save recovers. Both ways of watching: inotify, and the modification-time look.
    @Suite("Live reload", .needsTmux)
    struct LiveReload {
        /// The default catalog and its `Themes/` copied into a folder of their own, to edit.
        private func designFolder() throws -> (folder: TemporaryDirectory, catalog: String) {
            let folder = try TemporaryDirectory()
            let catalog = folder.path + "/catalog.json"
            try FileManager.default.copyItem(atPath: BuiltBinary.catalog, toPath: catalog)
            try FileManager.default.copyItem(atPath: BuiltBinary.root + "/Themes", toPath: folder.path + "/Themes")
            return (folder, catalog)
        }

        /// Saves as an editor does: written in place, or (`atomically`) a new file renamed over it.
        private func save(_ text: String, to path: String, atomically: Bool) throws {
            try text.write(toFile: path, atomically: atomically, encoding: .utf8)
        }

        private func replacing(_ old: String, with new: String, in text: String, after anchor: String? = nil) throws -> String {
            let start = try anchor.map { try #require(text.range(of: $0)).upperBound } ?? text.startIndex
            let range = try #require(text.range(of: old, range: start..<text.endIndex), "\(old) is not in the file")
            return text.replacingCharacters(in: range, with: new)
        }

        private static let watchModes: [[String: String]] = [[:], ["STOREFRONT_WATCH": "poll"]]

        @Test("A catalog saved while the app runs: a title and a price, then broken, then fixed", arguments: watchModes)
        func catalog(environment: [String: String]) throws {
            let (folder, catalog) = try designFolder()
            defer { folder.remove() }
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, arguments: ["--catalog", catalog], environment: environment)
            defer { app.close() }
            try app.waitForLaunch()
            app.sendKeys("s")
            try app.waitUntil("the German storefront") { $0.statusBar.contains("DEU de_DE EUR") }
            try app.select("Edelsteinbeutel")

            let original = try String(contentsOfFile: catalog, encoding: .utf8)
            var edited = try replacing("\"de\": \"Edelsteinbeutel\"", with: "\"de\": \"Funkelsack\"", in: original)
            edited = try replacing("\"DEU\": \"1.09\"", with: "\"DEU\": \"1.49\"", in: edited, after: "com.example.stardust.gems_100")
            try save(edited, to: catalog, atomically: false)
            try app.waitUntil("the new title and price, still selected, in the same storefront") {
                $0.shows("▸ Funkelsack") && $0.shows("1,49 €") && $0.statusBar.contains("DEU de_DE EUR")
                    && $0.bottomLine.hasPrefix("Reloaded \(catalog): product 1 changed (gems_100)")
            }

            // A comma lost, saved by rename: the screen stays, the bottom line names the place.
            let broken = try replacing("\"de\": \"Funkelsack\",", with: "\"de\": \"Funkelsack\"", in: edited)
            try save(broken, to: catalog, atomically: true)
            let kept = try app.waitUntil("the bottom line says where the save broke") {
                $0.bottomLine.range(of: "^\(NSRegularExpression.escapedPattern(for: catalog)):\\d+:\\d+: error: ",
                                    options: .regularExpression) != nil
            }
            #expect(kept.shows("▸ Funkelsack") && kept.shows("1,49 €"), "the last good catalog stays")
            try app.waitUntil("the Events pane lists the lint output") {
                $0.pane("Events")?.contains { $0.contains("catalog.rejected") } == true
            }

            let fixed = try replacing("\"DEU\": \"1.49\"", with: "\"DEU\": \"2.49\"", in: edited)
            try save(fixed, to: catalog, atomically: false)
            try app.waitUntil("the next good save recovers by itself") {
                $0.shows("▸ Funkelsack") && $0.shows("2,49 €") && $0.bottomLine.hasPrefix("Reloaded ")
                    && $0.statusBar.contains("DEU de_DE EUR")
            }
            try app.quit()
        }

        @Test("A theme saved while the app runs: a color, then broken, then fixed", arguments: watchModes)
        func theme(environment: [String: String]) throws {
            let (folder, catalog) = try designFolder()
            defer { folder.remove() }
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, arguments: ["--catalog", catalog, "--theme", "light"],
                                      environment: environment)
            defer { app.close() }
            try app.waitForLaunch()
            let themeFile = folder.path + "/Themes/light.json"
            let original = try String(contentsOfFile: themeFile, encoding: .utf8)
            func accent(_ color: String) -> String {
                original.replacingOccurrences(of: ##""accent": "#[0-9a-fA-F]{6}""##, with: "\"accent\": \"\(color)\"",
                                              options: .regularExpression)
            }
            // Dark teal and purple: readable on the light background, each one of the 256 colors,
            // and neither is a color the light theme draws already (its success green is 22).
            let teal = ["38;5;23m", "38;2;0;95;95m"]
            let purple = ["38;5;54m", "38;2;95;0;135m"]
            func drawn(_ codes: [String], in screen: [String]) -> Bool {
                screen.contains { line in codes.contains { line.contains($0) } }
            }
            #expect(!drawn(teal + purple, in: app.captureWithEscapes()))

            try save(accent("#005f5f"), to: themeFile, atomically: false)
            try app.waitUntil("the accent is drawn in the new color") { _ in drawn(teal, in: app.captureWithEscapes()) }
            try app.waitUntil("the bottom line says so") { $0.bottomLine.hasPrefix("Reloaded ") && $0.bottomLine.contains("light.json") }

            try save(accent("#005f5"), to: themeFile, atomically: true)
            try app.waitUntil("the bottom line says where the theme broke") {
                $0.bottomLine.range(of: ##"light\.json:\d+:\d+: error: \$\.colors\.accent: "#005f5""##, options: .regularExpression) != nil
            }
            #expect(drawn(teal, in: app.captureWithEscapes()), "the last good theme stays")

            try save(accent("#5f0087"), to: themeFile, atomically: false)
            try app.waitUntil("the next good save recovers by itself") { _ in
                let screen = app.captureWithEscapes()
                return drawn(purple, in: screen) && !drawn(teal, in: screen)
            }
            try app.quit()
        }
    }
}
