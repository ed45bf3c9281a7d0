import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Scenarios

/// The JUnit XML CI reads: counts, one testcase per scenario, `<failure>` for a failed
/// expectation and `<error>` for a script error, each naming `file:line`, and text that stays
/// well-formed whatever a scenario or a screen contains.
@Suite("JUnit report")
struct JUnitReportTests {
    // MARK: Results as the runner makes them

    static func passed(_ file: String) -> ScenarioResult {
        ScenarioResult(file: file, outcome: .passed, transcript: [], expectationsChecked: 3, duration: 0.25)
    }

    static func failed(_ file: String, line: Int = 7, command: String = "expect balance gems 5",
                       expected: String = "gems 5", actual: String = "gems 0",
                       screen: [String] = [" Tiny Game│USA", "╭─ Shop ─╮"]) -> ScenarioResult {
        let failure = ScenarioFailure(file: file, line: line, command: command, expected: expected, actual: actual, screen: screen)
        return ScenarioResult(file: file, outcome: .failed(failure), transcript: [], expectationsChecked: 1, duration: 0.5)
    }

    static func broken(_ file: String, line: Int = 3, message: String = "unknown command frobnicate") -> ScenarioResult {
        ScenarioResult(file: file, outcome: .scriptError(ScriptError(file: file, line: line, message: message)),
                       transcript: [], expectationsChecked: 0, duration: 0)
    }

    // MARK: Reading the XML back

    /// nil when `xml` is well-formed. XMLParser, not XMLDocument: on Linux XMLDocument parses in
    /// libxml2's recover mode and accepts mismatched tags and bad characters without throwing.
    private func wellFormednessProblem(_ xml: String) -> String? {
        let parser = XMLParser(data: Data(xml.utf8))
        let finished = parser.parse()
        guard !finished || parser.parserError != nil else { return nil }
        return "not well-formed at line \(parser.lineNumber), column \(parser.columnNumber): "
            + (parser.parserError.map { "\($0)" } ?? "parse() returned false")
    }

    /// The document, after checking it is well-formed (recording an issue when it is not).
    private func document(_ results: [ScenarioResult], sourceLocation: SourceLocation = #_sourceLocation) throws -> XMLDocument {
        let xml = JUnitReport.xml(results)
        if let problem = wellFormednessProblem(xml) {
            Issue.record("\(problem)\n\(xml)", sourceLocation: sourceLocation)
        }
        return try XMLDocument(xmlString: xml, options: [])
    }

    private func elements(_ document: XMLDocument, _ xpath: String) throws -> [XMLElement] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    private func attribute(_ element: XMLElement?, _ name: String) -> String? {
        element?.attribute(forName: name)?.stringValue
    }

    // MARK: Tests

    @Test("the suite counts tests, failures and errors, on <testsuites> and <testsuite> alike")
    func counts() throws {
        let document = try document([Self.passed("qa/a.scenario"), Self.failed("qa/b.scenario"),
                                     Self.broken("qa/c.scenario"), Self.passed("qa/d.scenario")])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = try elements(document, "/testsuites/testsuite")
        try #require(suites.count == 1)
        for element in [root, suites[0]] {
            #expect(attribute(element, "tests") == "4")
            #expect(attribute(element, "failures") == "1")
            #expect(attribute(element, "errors") == "1")
            #expect(attribute(element, "time") == "1.000")  // 0.25 + 0.5 + 0 + 0.25
        }
        #expect(try elements(document, "//testcase").count == 4)
    }

    @Test("each scenario is a testcase named after its file, in the order run")
    func testcases() throws {
        let document = try document([Self.passed("Tests/Scenarios/buy-consumable.scenario"), Self.passed("top.scenario")])
        let cases = try elements(document, "//testcase")
        #expect(cases.map { attribute($0, "name") } == ["buy-consumable", "top"])
        #expect(cases.map { attribute($0, "file") } == ["Tests/Scenarios/buy-consumable.scenario", "top.scenario"])
        #expect(cases.map { attribute($0, "classname") } == ["Tests.Scenarios", "scenarios"])
        #expect(cases.map { attribute($0, "time") } == ["0.250", "0.250"])
        // A passing testcase has nothing inside it.
        #expect(cases.allSatisfy { ($0.children ?? []).isEmpty })
    }

    @Test("a failed expectation is a <failure> whose message is file:line and the command")
    func failure() throws {
        let document = try document([Self.failed("qa/b.scenario")])
        let failures = try elements(document, "//testcase/failure")
        try #require(failures.count == 1)
        #expect(attribute(failures[0], "message") == "qa/b.scenario:7: expect balance gems 5")
        #expect(attribute(failures[0], "type") == "expectation")
        let body = failures[0].stringValue ?? ""
        #expect(body.contains("qa/b.scenario:7: expect balance gems 5"))
        #expect(body.contains("expected: gems 5"))
        #expect(body.contains("actual:   gems 0"))
        // The screen at the failure, row by row, so CI shows what QA would have seen.
        #expect(body.contains("screen:"))
        #expect(body.contains(" 1│╭─ Shop ─╮"))
        #expect(try elements(document, "//testcase/error").isEmpty)
    }

    @Test("a script error is an <error> whose message is file:line: error: …")
    func scriptError() throws {
        let document = try document([Self.broken("qa/c.scenario")])
        let errors = try elements(document, "//testcase/error")
        try #require(errors.count == 1)
        #expect(attribute(errors[0], "message") == "qa/c.scenario:3: error: unknown command frobnicate")
        #expect(attribute(errors[0], "type") == "script")
        #expect(try elements(document, "//testcase/failure").isEmpty)
    }

    @Test("& < > \" ' in files, commands and screens come back exactly")
    func escaping() throws {
        let file = #"qa/tom & jerry's "<best>".scenario"#
        let command = #"expect screen contains "Tom & Jerry's <b>""#
        let screen = [#"a < b && c > "d" 'e'"#]
        let document = try document([Self.failed(file, command: command, actual: "<none> & 'nothing'", screen: screen)])
        let testcase = try #require(try elements(document, "//testcase").first)
        #expect(attribute(testcase, "file") == file)
        #expect(attribute(testcase, "name") == #"tom & jerry's "<best>""#)
        let failure = try #require(try elements(document, "//failure").first)
        #expect(attribute(failure, "message") == "\(file):7: \(command)")
        #expect(failure.stringValue?.contains("actual:   <none> & 'nothing'") == true)
        #expect(failure.stringValue?.contains(screen[0]) == true)
    }

    @Test("the five XML escapes")
    func escapeFunction() {
        #expect(JUnitReport.escape(#"& < > " '"#) == "&amp; &lt; &gt; &quot; &apos;")
        #expect(JUnitReport.escape("plain · text ✓") == "plain · text ✓")
    }

    @Test("control characters, which XML 1.0 forbids, become ? and the report stays well-formed")
    func controlCharacters() throws {
        // A screen can carry an escape sequence or a bell; a message a NUL from a file.
        let screen = ["\u{1B}[31mred\u{1B}[0m", "bell\u{07}", "nul\u{00}", "tab\tkept"]
        let document = try document([Self.failed("qa/ctl.scenario", actual: "form\u{0C}feed", screen: screen),
                                     Self.broken("qa/err.scenario", message: "bad byte \u{01} here")])
        let failure = try #require(try elements(document, "//failure").first)
        let body = try #require(failure.stringValue)
        #expect(!body.unicodeScalars.contains { $0.value < 0x20 && !["\t", "\n", "\r"].contains($0) })
        #expect(body.contains("?[31mred?[0m"))
        #expect(body.contains("bell?"))
        #expect(body.contains("form?feed"))
        #expect(body.contains("tab\tkept"))
        let error = try #require(try elements(document, "//error").first)
        #expect(attribute(error, "message") == "qa/err.scenario:3: error: bad byte ? here")
    }

    @Test("a bidi override or a zero-width space in a message is spelt out, not obeyed by whoever reads the report")
    func hiddenCharacters() throws {
        let document = try document([Self.failed("qa/odd.scenario", actual: "pay\u{202E}ment", screen: ["a\u{200B}b"])])
        let body = try #require(try elements(document, "//failure").first?.stringValue)
        #expect(body.contains(#"pay\u202Ement"#), "\(body)")
        #expect(body.contains(#"a\u200Bb"#), "\(body)")
        #expect(!body.unicodeScalars.contains { $0.properties.generalCategory == .format })
    }

    @Test("U+FFFE and U+FFFF, which XML 1.0 also forbids, do not make the report unreadable")
    func nonCharacters() {
        // A scenario line or a catalog name can carry them into a failure message.
        let xml = JUnitReport.xml([Self.failed("qa/odd.scenario", command: "expect screen contains \"\u{FFFF}\"")])
        #expect(wellFormednessProblem(xml) == nil)
    }

    @Test("no results is still a well-formed report of zero tests")
    func empty() throws {
        let document = try document([])
        #expect(attribute(document.rootElement(), "tests") == "0")
        #expect(try elements(document, "//testcase").isEmpty)
    }

    @Test("the report starts with the XML declaration and ends with a newline")
    func framing() {
        let xml = JUnitReport.xml([Self.passed("a.scenario")])
        #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"))
        #expect(xml.hasSuffix("</testsuites>\n"))
    }
}
