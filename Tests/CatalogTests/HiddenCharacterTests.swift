import Foundation
import Testing
@testable import Catalog

/// Hidden characters (bidi controls and marks, zero-width and other format characters, line and
/// paragraph separators) draw nothing but reorder or hide the text around them. The one escaping
/// function spells them out as JSON does, beside the controls it already escaped, so a message
/// quoting a file or a URL shows what is really there, and lint's `--json` stays JSON.
@Suite("Hidden characters are escaped")
struct HiddenCharacterTests {
    @Test("bidi embeddings, overrides and isolates", arguments: Array(0x202A...0x202E) + Array(0x2066...0x2069))
    func bidiControls(value: Int) throws {
        let scalar = try #require(Unicode.Scalar(UInt32(value)))
        let hex = String(value, radix: 16, uppercase: true)
        #expect(ControlCharacters.isHidden(scalar))
        #expect(ControlCharacters.escaped("pay\(scalar)ment") == "pay\\u\(hex)ment")
        // A whole message of several lines, as the app's error and a transcript are printed.
        #expect(ControlCharacters.escaped("a\n\(scalar)b", keepingNewlines: true) == "a\n\\u\(hex)b")
    }

    @Test("the marks are escaped, unless asked to keep them for a formatted price")
    func marks() {
        let price = "\u{200F}٣٫٩٩ ر.س.\u{200F}"
        #expect(ControlCharacters.escaped(price) == "\\u200F٣٫٩٩ ر.س.\\u200F")
        #expect(ControlCharacters.escaped(price, keepingMarks: true) == price)
        #expect(ControlCharacters.escaped("a\u{200E}b\u{61C}c") == "a\\u200Eb\\u061Cc")
        // Keeping the marks keeps nothing else: an override beside them is still spelt out.
        #expect(ControlCharacters.escaped("\u{200F}\u{202E}x", keepingMarks: true) == "\u{200F}\\u202Ex")
    }

    @Test("invisible format characters and the line and paragraph separators")
    func invisibles() {
        #expect(ControlCharacters.escaped("com.example\u{200B}.game") == "com.example\\u200B.game")
        #expect(ControlCharacters.escaped("\u{FEFF}x\u{2060}y\u{AD}z") == "\\uFEFFx\\u2060y\\u00ADz")
        #expect(ControlCharacters.escaped("one\u{2028}two\u{2029}") == "one\\u2028two\\u2029")
        // A tag character, beyond U+FFFF, as JSON writes it: its UTF-16 pair.
        #expect(ControlCharacters.escaped("ok\u{E0041}") == "ok\\uDB40\\uDC41")
    }

    @Test("what draws, or only joins or shapes, is left alone")
    func visibleTextStays() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let persian = "می\u{200C}خواهم"
        let arabicNumber = "\u{0600}١٢"
        for text in [family, persian, arabicNumber, "Edelsteinbeutel", "ジェムの袋", "9,99\u{A0}€", "\u{FE0F}"] {
            #expect(ControlCharacters.escaped(text) == text)
            #expect(!ControlCharacters.needsEscaping(text))
        }
    }

    @Test("the controls are escaped as before, beside the hidden characters")
    func controlsStillEscaped() {
        #expect(ControlCharacters.escaped("\u{1B}[2J\u{202E}\r") == "\\u001B[2J\\u202E\\r")
        #expect(ControlCharacters.needsEscaping("\u{85}"))
    }

    @Test("the escaped text of anything is valid inside a JSON string")
    func escapedIsJSON() throws {
        var scalars = String.UnicodeScalarView()
        for value in [0x41, 0x1B, 0x7F, 0x85, 0x61C, 0x200B, 0x200E, 0x202E, 0x2066, 0x2028, 0xFEFF, 0xE0001, 0xE007F] {
            if let scalar = Unicode.Scalar(UInt32(value)) { scalars.append(scalar) }
        }
        let text = String(scalars)
        let escaped = ControlCharacters.escaped(text)
        let json = Data("[\"\(escaped)\"]".utf8)
        let decoded = try #require(try JSONSerialization.jsonObject(with: json) as? [String])
        #expect(decoded == [text])
    }

    @Test("lint's JSON writer escapes hidden characters and C1 controls as JSON does, and reads back the same")
    func jsonWriter() throws {
        let value = "Pouch\u{202E}of\u{200B}Gems\u{85}\u{E0041}\u{200F}"
        var text = ""
        JSONText.writeString(value, to: &text)
        #expect(text == #""Pouch\u202Eof\u200BGems\u0085\uDB40\uDC41\u200F""#)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String])
        #expect(decoded == [value])
    }

    @Test("a lint finding quoting text with an override prints it escaped, in text and in JSON")
    func lintFindings() throws {
        let source = """
        {
          "schemaVersion": 1,
          "app": { "name": "Test", "bundleId": "com.example.test" },
          "settings": { "enablePayments": true },
          "storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "paystation" } ],
          "products": [ { "id": "gems", "type": "consumable", "name": { "en": "Gems\u{202E}\\u0007" },
                          "prices": { "USA": "0.99" } } ]
        }
        """
        let report = CatalogLinter.lint(text: source, file: "cat\u{2067}alog.json")
        let lines = report.textLines.joined(separator: "\n")
        #expect(!lines.unicodeScalars.contains(where: ControlCharacters.isHidden), "\(lines)")
        #expect(lines.contains(#"cat\u2067alog.json:6:"#), "\(lines)")
        #expect(lines.contains(#"text "Gems\u202E\u0007" holds a control character"#), "\(lines)")
        let json = report.jsonText
        #expect(!json.unicodeScalars.contains(where: ControlCharacters.isHidden), "\(json)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(document["file"] as? String == "cat\u{2067}alog.json")
    }
}
