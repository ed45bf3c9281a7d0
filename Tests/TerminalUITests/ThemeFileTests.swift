import Catalog
import TestFixtures
import Testing
@testable import TerminalUI

/// A theme file's problems each have a place, as a catalog's do: a JSON path and a line:column,
/// a missing key at the object that should hold it. `storefront lint` checks a theme file too,
/// control characters included.
@Suite("Theme files: every problem with its place")
struct ThemeFileTests {
    static let dark = """
        {
          "name": "neon",
          "appearance": "dark",
          "border": "double",
          "colors": {
            "background": "#12141c", "surface": "#1c202b", "text": "#e6e8ef", "muted": "#8a90a2",
            "accent": "#7cc4ff", "price": "#ffd166", "badge": "#ff7ab6", "border": "#3a4052",
            "selection": "#7cc4ff", "success": "#6bd98a", "warning": "#ffb84d", "error": "#ff6b6b"
          }
        }
        """

    private func failure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> ThemeDecoder.Failure? {
        do {
            _ = try ThemeDecoder.decode(text, file: "Themes/neon.json")
            Issue.record("the theme loaded, but it should have failed", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    private func position(of needle: String, in text: String) -> SourcePosition? {
        guard let range = text.range(of: needle) else { return nil }
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.unicodeScalars.count } ?? 0
        return SourcePosition(line: line, column: column + 1)
    }

    @Test func aCompleteThemeLoads() throws {
        let theme = try ThemeDecoder.decode(Self.dark, file: "Themes/neon.json")
        #expect(theme.name == "neon" && theme.appearance == .dark && theme.border == .double)
        #expect(theme.colors.count == Theme.Role.allCases.count)
    }

    @Test func aBadColorIsReportedAtItsValue() throws {
        let text = Self.dark.replacingOccurrences(of: ##""text": "#e6e8ef""##, with: #""text": "red""#)
        let error = try #require(failure(text))
        #expect(error.diagnostics == [Diagnostic(.error, path: "$.colors.text", position: position(of: #""red""#, in: text),
                                                 message: #""red" is not a color; write #rrggbb"#)])
        #expect(error.description == #"Themes/neon.json:6:60: error: $.colors.text: "red" is not a color; write #rrggbb"#)
        #expect(error.declaredName == "neon")
    }

    @Test func missingKeysAreReportedAtTheObjectThatShouldHoldThem() throws {
        let text = Self.dark.replacingOccurrences(of: #""name": "neon","#, with: "")
            .replacingOccurrences(of: ##", "error": "#ff6b6b""##, with: "")
        let error = try #require(failure(text))
        #expect(error.diagnostics.map(\.path) == ["$", "$.colors"])
        #expect(error.diagnostics.map(\.position) == [SourcePosition(line: 1, column: 1), position(of: "{\n    \"background\"", in: text)])
        #expect(error.diagnostics.map(\.message) == [
            #"missing required key "name" (the theme's name, as --theme and the t key show it)"#,
            ##"missing required key "error" (a color such as "#12141c")"##,
        ])
        #expect(error.declaredName == nil)
    }

    @Test(arguments: [
        (#""appearance": "dark""#, #""appearance": "dim""#, "$.appearance", #""dim" is not light or dark"#),
        (#""appearance": "dark""#, #""appearance": 1"#, "$.appearance", "expected a string, found a number"),
        (#""border": "double""#, #""border": "dotted""#, "$.border", #""dotted" is not rounded, single, double or ascii"#),
        (#""name": "neon""#, #""name": """#, "$.name", "must not be empty"),
        (##""muted": "#8a90a2""##, ##""mutd": "#8a90a2""##, "$.colors.mutd",
         "unknown role \"mutd\"; expected one of background, surface, text, muted, accent, price, badge, border, selection, success, warning, error"),
        (##""price": "#ffd166""##, #""price": 16"#, "$.colors.price", ##"expected a color such as "#12141c", found a number"##),
        (#""border": "double""#, #""border": 2"#, "$.border", "expected a string, found a number"),
        (#""colors": {"#, #""colours": {"#, "$", #"missing required key "colors" (an object of a #rrggbb color per role)"#),
    ])
    func eachProblemHasAPathAndAPlace(old: String, new: String, path: String, message: String) throws {
        let text = Self.dark.replacingOccurrences(of: old, with: new)
        let error = try #require(failure(text))
        let found = try #require(error.diagnostics.first { $0.path == path }, "\(error.description)")
        #expect(found.message == message)
        #expect(found.position != nil)
    }

    @Test func colorsThatAreNotAnObject() throws {
        let error = try #require(failure(##"{ "name": "x", "appearance": "dark", "colors": ["#000000"] }"##))
        #expect(error.description == "Themes/neon.json:1:48: error: $.colors: expected an object, found an array")
    }

    @Test func malformedJSONHasItsPlace() throws {
        let error = try #require(failure("{\n  \"name\": \"x\",\n}"))
        #expect(error.description == "Themes/neon.json:3:1: error: $: malformed JSON: trailing comma before }")
    }

    @Test func aDocumentThatIsNotAnObject() throws {
        let error = try #require(failure("[]"))
        #expect(error.description == "Themes/neon.json:1:1: error: $: expected an object, found an array")
    }

    // MARK: lint

    @Test func aThemeIsToldFromACatalogByItsShape() throws {
        #expect(ThemeLinter.isTheme(try JSONParser.parse(Self.dark)))
        #expect(!ThemeLinter.isTheme(try JSONParser.parse(#"{ "schemaVersion": 1, "colors": {} }"#)))
        #expect(!ThemeLinter.isTheme(try JSONParser.parse(#"{ "schemaVersion": 1 }"#)))
    }

    @Test func lintOfACleanTheme() {
        #expect(ThemeLinter.lint(text: Self.dark, file: "Themes/neon.json").textLines == ["Themes/neon.json: clean"])
    }

    @Test func lintReportsControlCharactersInAThemeWithTheirPlace() {
        let text = Self.dark.replacingOccurrences(of: #""name": "neon""#, with: #""name": "ne\u001bon""#)
        let report = ThemeLinter.lint(text: text, file: "Themes/neon.json")
        #expect(report.findings.map(\.rule) == ["control-character"])
        #expect(report.findings.first?.path == "$.name")
        #expect(report.findings.first?.position == position(of: #""ne\u001bon""#, in: text))
        #expect(report.findings.first?.severity == .warning)
    }

    @Test func lintReportsLoadProblemsAsSchemaErrors() {
        let text = Self.dark.replacingOccurrences(of: ##""text": "#e6e8ef""##, with: #""text": "red""#)
        let report = ThemeLinter.lint(text: text, file: "Themes/neon.json")
        #expect(report.findings.map(\.rule) == ["schema"])
        #expect(report.hasErrors)
        #expect(ThemeLinter.lint(text: "{", file: "Themes/neon.json").findings.map(\.rule) == ["syntax"])
    }
}
