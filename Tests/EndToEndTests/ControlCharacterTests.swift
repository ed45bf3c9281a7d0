import Foundation
import Testing

extension EndToEnd {
    /// Control characters never reach the user's terminal through a message: a file name with a
    /// newline or ESC is printed escaped, and lint names the control characters it finds.
    @Suite("Control characters on the command line")
    struct ControlCharacters {
        private func run(_ arguments: [String]) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), arguments)
        }

        private func hasControl(_ text: String) -> Bool {
            // Newlines end lines; anything else below U+0020 (ESC, CR, BEL) must not be printed.
            text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        }

        @Test("a file name with a newline and ESC is escaped in errors and lint output")
        func fileNamesAreEscaped() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/bad\n\u{1B}[31mname.json"
            try "{ \"schemaVersion\": 1, }".write(toFile: file, atomically: true, encoding: .utf8)
            let escaped = directory.path + #"/bad\n\u001B[31mname.json"#

            let app = try run(["--catalog", file, "--state-dir", directory.path + "/state"])
            #expect(app.status == 65)
            #expect(!hasControl(app.standardError), "\(app.standardError.debugDescription)")
            #expect(app.standardError.contains(escaped + ":1:"), "\(app.standardError.debugDescription)")

            let lint = try run(["lint", file])
            #expect(lint.status == 65)
            #expect(!hasControl(lint.standardOutput + lint.standardError))
            #expect(lint.standardOutput.contains(escaped + ":1:"), "\(lint.standardOutput.debugDescription)")

            let missing = try run(["lint", file + "\u{7}"])
            #expect(missing.status == 66)
            #expect(!hasControl(missing.standardError), "\(missing.standardError.debugDescription)")
        }

        /// A theme file named by someone else: its name must not copy text to the clipboard
        /// (OSC 52) when `--theme` lists the themes there are.
        @Test("the themes listed after --theme NAME that is not there are escaped")
        func themeNamesAreEscaped() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try FileManager.default.createDirectory(atPath: directory.path + "/Themes", withIntermediateDirectories: true)
            let catalog = directory.path + "/catalog.json"
            try FileManager.default.copyItem(atPath: BuiltBinary.catalog, toPath: catalog)
            let dark = try String(contentsOfFile: BuiltBinary.root + "/Themes/dark.json", encoding: .utf8)
            let evil = dark.replacingOccurrences(of: #""name": "dark""#, with: #""name": "evil\u001b]52;c;aGk=\u0007""#)
            #expect(evil != dark, "Themes/dark.json no longer names itself this way")
            try evil.write(toFile: directory.path + "/Themes/evil.json", atomically: true, encoding: .utf8)
            let app = try run(["--catalog", catalog, "--theme", "nope", "--state-dir", directory.path + "/state"])
            #expect(app.status == 64)
            #expect(!hasControl(app.standardError), "\(app.standardError.debugDescription)")
            #expect(app.standardError.contains(#"evil\u001B]52;c;aGk=\u0007"#), "\(app.standardError.debugDescription)")
        }

        @Test("a scenario line with ESC, BEL and CR is escaped in the transcript and the errors")
        func scenarioLinesAreEscaped() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let scenario = directory.path + "/evil.scenario"
            for text in ["size 80x24\n\u{1B}]52;c;aGk=\u{7}\n", "key \u{1B}[2J\rx\n", "select \u{1B}]0;title\u{7}\n",
                         "expect screen contains \"\u{1B}[31m\"\n"] {
                try text.write(toFile: scenario, atomically: true, encoding: .utf8)
                let result = try run(["scenario", scenario, "--catalog", BuiltBinary.catalog])
                #expect(result.status != 0)
                #expect(!hasControl(result.standardOutput + result.standardError),
                        "\((result.standardOutput + result.standardError).debugDescription)")
                #expect(result.standardOutput.contains(#"\u001B"#), "\(result.standardOutput.debugDescription)")
            }
        }

        @Test("lint reports a carriage return in a product name, escaped, as a warning")
        func lintFindsControlCharacters() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let original = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let broken = original.replacingOccurrences(of: "\"en\": \"Pouch of Gems\"", with: "\"en\": \"Pouch\\rof\\u001b[2JGems\"")
            #expect(broken != original, "the default catalog no longer names the Pouch of Gems")
            let file = directory.path + "/catalog.json"
            try broken.write(toFile: file, atomically: true, encoding: .utf8)
            let lint = try run(["lint", file])
            #expect(lint.status == 0, "a warning only: \(lint.standardOutput)")
            #expect(!hasControl(lint.standardOutput))
            #expect(lint.standardOutput.contains(#"warning: $.products[0].name.en: text "Pouch\rof\u001B[2JGems" holds 2 control characters"#),
                    "\(lint.standardOutput)")
        }
    }
}
