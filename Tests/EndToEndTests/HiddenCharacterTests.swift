import Foundation
import Testing

extension EndToEnd {
    /// A bidi override (U+202E) or another hidden character in a file, a URL, a player id or a
    /// folder name never reaches the terminal or a file as itself: each command prints it as
    /// `\u202E`, and its JSON documents write it as JSON escapes it, so a refused URL cannot
    /// read as a good one (issue 33 item 13).
    @Suite("Hidden characters on the command line")
    struct HiddenCharacters {
        private func run(_ arguments: [String]) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), arguments)
        }

        /// Bidi controls and marks, zero-width and other format characters, the line and
        /// paragraph separators: what `ControlCharacters.isHidden` names, counted by hand.
        private func hidden(in text: String) -> [String] {
            text.unicodeScalars.filter { scalar in
                let value = scalar.value
                if value == 0x200C || value == 0x200D || (0x0600...0x0605).contains(value) { return false }
                return scalar.properties.generalCategory == .format || value == 0x2028 || value == 0x2029
            }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
        }

        private func expectNoneHidden(_ result: Finished, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(hidden(in: result.standardOutput) == [], "\(result.standardOutput.debugDescription)", sourceLocation: sourceLocation)
            #expect(hidden(in: result.standardError) == [], "\(result.standardError.debugDescription)", sourceLocation: sourceLocation)
        }

        @Test("lint quotes a file name and a product name with an override and a zero-width space escaped; --json stays JSON")
        func lint() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let original = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let changed = original.replacingOccurrences(of: "\"en\": \"Pouch of Gems\"",
                                                        with: "\"en\": \"Pouch\u{202E}of\u{200B}Gems\\u0007\"")
            #expect(changed != original, "the default catalog no longer names the Pouch of Gems")
            let file = directory.path + "/cat\u{202E}alog.json"
            try changed.write(toFile: file, atomically: true, encoding: .utf8)
            let text = try run(["lint", file])
            #expect(text.status == 0, "a warning only: \(text.standardOutput)")
            expectNoneHidden(text)
            #expect(text.standardOutput.contains(directory.path + #"/cat\u202Ealog.json:"#), "\(text.standardOutput)")
            #expect(text.standardOutput.contains(#"text "Pouch\u202Eof\u200BGems\u0007" holds a control character"#),
                    "\(text.standardOutput)")

            let json = try run(["lint", file, "--json"])
            expectNoneHidden(json)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any],
                                      "\(json.standardOutput)")
            #expect(report["file"] as? String == file, "JSON's own escape reads back as the name")
            #expect(json.standardOutput.contains(#"cat\u202Ealog.json"#))

            let missing = try run(["lint", directory.path + "/no\u{2066}such.json"])
            #expect(missing.status == 66)
            expectNoneHidden(missing)
        }

        @Test("open-url prints a refused URL and the state directory it keeps a URL in with their hidden characters escaped")
        func openURL() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let refused = try run(["open-url", "com.example.stardust//pay\u{202E}ment", "--state-dir", directory.path + "/state"])
            #expect(refused.status == 65)
            expectNoneHidden(refused)
            #expect(refused.standardError.contains(#"com.example.stardust//pay\u202Ement"#), "\(refused.standardError)")

            let state = directory.path + "/st\u{2067}ate"
            let kept = try run(["open-url", "com.example.stardust://xsollaconfirm/payment?status=done", "--state-dir", state])
            #expect(kept.status == 0, "\(kept.standardError)")
            expectNoneHidden(kept)
            #expect(kept.standardOutput.contains(directory.path + #"/st\u2067ate"#), "\(kept.standardOutput)")
        }

        @Test("history prints a player id with an override escaped, as text, CSV and JSON, and keeps a price's own marks")
        func history() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let scenario = directory.path + "/buy.scenario"
            try """
            catalog \(BuiltBinary.catalog)
            user "q\u{202E}a"
            storefront SAU
            select com.example.stardust.gems_100
            buy
            storekit confirm
            expect balance gems 100

            """.write(toFile: scenario, atomically: true, encoding: .utf8)
            let state = directory.path + "/state"
            let played = try run(["scenario", scenario, "--state-dir", state, "--quiet"])
            #expect(played.status == 0, "\(played.standardOutput)")

            let text = try run(["history", "--state-dir", state])
            #expect(text.status == 0, "\(text.standardError)")
            #expect(text.standardOutput.contains(#"player q\u202Ea at"#), "\(text.standardOutput)")
            #expect(!text.standardOutput.contains("\u{202E}"))
            // The riyal price as the storefront formats it, right-to-left marks and all.
            #expect(text.standardOutput.contains("\u{200F}"), "\(text.standardOutput)")

            let csv = try run(["history", "--state-dir", state, "--csv"])
            #expect(csv.standardOutput.contains(#",q\u202Ea,"#), "\(csv.standardOutput)")
            #expect(!csv.standardOutput.contains("\u{202E}"))
            #expect(csv.standardOutput.hasSuffix("\r\n"), "rows still end in CR LF")

            let json = try run(["history", "--state-dir", state, "--json"])
            expectNoneHidden(json)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            let players = try #require(document["players"] as? [[String: Any]])
            #expect(players.first?["userId"] as? String == "q\u{202E}a", "JSON's own escape reads back as the id")
        }

        @Test("a scenario's transcript and its JUnit report spell out an override in a line of the script")
        func scenario() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let scenario = directory.path + "/hidden.scenario"
            try "catalog \(BuiltBinary.catalog)\nexpect screen contains \"Pouch\u{202E}of\"\n"
                .write(toFile: scenario, atomically: true, encoding: .utf8)
            let junit = directory.path + "/report.xml"
            let result = try run(["scenario", scenario, "--junit", junit])
            #expect(result.status == 1)
            expectNoneHidden(result)
            #expect(result.standardOutput.contains(#"Pouch\u202Eof"#), "\(result.standardOutput)")
            let report = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(hidden(in: report) == [])
            #expect(report.contains(#"Pouch\u202Eof"#))
        }

        @Test("import writes a .storekit file's hidden characters as JSON escapes them")
        func importStoreKit() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let original = try String(contentsOfFile: BuiltBinary.root + "/Tests/Fixtures/storekit/format-5-two-groups.storekit",
                                      encoding: .utf8)
            let name = try #require(original.firstMatch(of: #/"displayName" : "([^"]+)"/#)?.1)
            let changed = original.replacingOccurrences(of: "\"displayName\" : \"\(name)\"",
                                                        with: "\"displayName\" : \"\(name)\u{202E}\u{2060}\"")
            let file = directory.path + "/hidden.storekit"
            try changed.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try run(["import", file])
            #expect(result.status == 0, "\(result.standardError)")
            expectNoneHidden(result)
            #expect(result.standardOutput.contains("\(name)\\u202E\\u2060"), "\(result.standardOutput)")
        }

        @Test("export writes a theme's name with an override escaped in the manifest and the contact sheet")
        func export() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let catalog = directory.path + "/catalog.json"
            try FileManager.default.copyItem(atPath: BuiltBinary.catalog, toPath: catalog)
            try FileManager.default.createDirectory(atPath: directory.path + "/Themes", withIntermediateDirectories: true)
            let dark = try String(contentsOfFile: BuiltBinary.root + "/Themes/dark.json", encoding: .utf8)
            let name = "da\u{202E}rk"
            try dark.replacingOccurrences(of: "\"name\": \"dark\"", with: "\"name\": \"\(name)\"")
                .write(toFile: directory.path + "/Themes/odd.json", atomically: true, encoding: .utf8)
            let out = directory.path + "/shots"
            let result = try run(["export", "--catalog", catalog, "--out", out, "--themes", name, "--storefronts", "USA",
                                  "--sizes", "80x24", "--variants", "A", "--eligibility", "eligible", "--formats", "txt,html,svg",
                                  "--jobs", "1"])
            #expect(result.status == 0, "\(result.standardError)")
            expectNoneHidden(result)
            for file in ["manifest.json", "index.html", "USA-da_rk-80x24-A-eligible.html", "USA-da_rk-80x24-A-eligible.svg"] {
                let text = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
                #expect(hidden(in: text) == [], "\(file)")
            }
            let manifest = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
            let document = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
            let entries = try #require(document["entries"] as? [[String: Any]])
            let combination = try #require(entries.first?["combination"] as? [String: Any])
            #expect(combination["theme"] as? String == name, "JSON's own escape reads back as the name")
            let sheet = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
            #expect(sheet.contains(#"da\u202Erk"#))
        }

        @Test("reset names a state directory with an isolate escaped")
        func reset() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try run(["reset", "--state-dir", directory.path + "/st\u{2068}ate"])
            #expect(result.status == 0, "\(result.standardError)")
            expectNoneHidden(result)
            #expect(result.standardOutput.contains(#"st\u2068ate"#), "\(result.standardOutput)")
        }
    }
}
