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
