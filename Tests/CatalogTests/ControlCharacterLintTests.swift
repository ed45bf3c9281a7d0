import Testing
@testable import Catalog

/// `control-character`: a C0 control, DEL or a C1 control in any string of a catalog (a `\r` in a
/// product name, ESC, BEL, NUL) is something no terminal can show; lint says where. And nothing
/// lint or the loader prints lets one through: file names, paths and messages are escaped.
@Suite("Lint: control characters")
struct ControlCharacterLintTests {
    /// A catalog that lints clean but for `name`, the product's English name as JSON source.
    private func catalog(name: String = #""Gems""#, nameKey: String = "en") -> String {
        """
        {
          "schemaVersion": 1,
          "app": { "name": "Test", "bundleId": "com.example.test" },
          "settings": { "enablePayments": true },
          "storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "paystation" } ],
          "products": [ { "id": "gems", "type": "consumable", "name": { "\(nameKey)": \(name), "en_US": "Gems" },
                          "prices": { "USA": "0.99" } } ]
        }
        """
    }

    private func findings(_ text: String) -> [Diagnostic] {
        CatalogLinter.lint(text: text, file: "catalog.json").findings
    }

    @Test func theCleanCatalogIsClean() {
        #expect(findings(catalog()) == [])
    }

    @Test func aCarriageReturnInAProductName() {
        let text = catalog(name: #""Gems\rFree""#)
        #expect(findings(text) == [Diagnostic(
            .warning, path: "$.products[0].name.en", position: position(of: #""Gems\rFree""#, in: text),
            message: #"text "Gems\rFree" holds a control character, U+000D (carriage return) at character 5; a terminal cannot show it, so the app draws � (a tab or newline as a space): remove it"#,
            rule: "control-character")])
    }

    @Test(arguments: [
        (#"\u001b[2J"#, "U+001B (escape) at character 1"), (#"\u0007"#, "U+0007 (bell) at character 1"),
        (#"\u0000"#, "U+0000 (null) at character 1"), ("\u{7F}", "U+007F (delete) at character 1"),
        (#"\u009b"#, "U+009B at character 1"), (#"\t"#, "U+0009 (tab) at character 1"),
        (#"\n"#, "U+000A (newline) at character 1"),
    ])
    func everyControlIsNamed(source: String, named: String) throws {
        let finding = try #require(findings(catalog(name: "\"\(source)\"")).first)
        #expect(finding.rule == "control-character" && finding.severity == .warning)
        #expect(finding.path == "$.products[0].name.en")
        #expect(finding.message.contains("holds a control character, \(named);"), "\(finding.message)")
    }

    @Test func severalControlsInOneStringAreOneFinding() throws {
        let finding = try #require(findings(catalog(name: #""a\u0007b\u001bc\rd\u0000e\u0001""#)).first)
        #expect(finding.message.contains(
            "holds 5 control characters: U+0007 (bell) at character 2, U+001B (escape) at 4, U+000D (carriage return) at 6 and 2 more;"),
            "\(finding.message)")
    }

    @Test func aControlInAKeyIsFoundAtTheKey() throws {
        let text = catalog(nameKey: #"en\u0007"#)
        let found = findings(text)
        #expect(found.map(\.rule) == ["control-character"])
        #expect(found.first?.path == "$.products[0].name[\"en\u{7}\"]")
        #expect(found.first?.position == position(of: #""en\u0007""#, in: text))
        #expect(found.first?.message.hasPrefix(#"key "en\u0007" holds a control character"#) == true)
    }

    @Test func theRuleIsAWarning() {
        #expect(LintRule(rawValue: "control-character")?.severity == .warning)
    }

    // MARK: Nothing printed lets one through

    @Test func formattedFindingsEscapeTheFileThePathAndTheMessage() {
        let diagnostic = Diagnostic(.warning, path: "$[\"a\u{1B}\"]", position: SourcePosition(line: 1, column: 2),
                                    message: "text \"\u{7}\" is odd")
        #expect(diagnostic.formatted(file: "cat\nalog\u{1B}.json")
            == #"cat\nalog\u001B.json:1:2: warning: $["a\u001B"]: text "\u0007" is odd"#)
        #expect(diagnostic.description == #"warning: $["a\u001B"]: text "\u0007" is odd"#)
    }

    @Test func loadErrorsAndReportsEscapeTheFileName() {
        let file = "bad\r\u{1B}[2J.json"
        let error = CatalogLoadError(file: file, diagnostics: [
            Diagnostic(.error, path: "$", position: nil, message: "broken"),
        ])
        #expect(error.description == #"bad\r\u001B[2J.json: error: $: broken"# + "\n"
            + #"bad\r\u001B[2J.json: 1 error; fix it and run again."#)
        let report = LintReport(file: file, findings: [])
        #expect(report.textLines == [#"bad\r\u001B[2J.json: clean"#])
    }

    @Test func escapingLeavesOrdinaryTextAlone() {
        #expect(ControlCharacters.escaped("Stardust Quest ジェム 9,99\u{A0}€") == "Stardust Quest ジェム 9,99\u{A0}€")
        #expect(ControlCharacters.escaped("a\tb\u{85}") == #"a\tb\u0085"#)
    }
}
