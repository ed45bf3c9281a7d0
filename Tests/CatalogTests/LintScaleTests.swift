import Foundation
import Testing
@testable import Catalog

/// Lint on input far bigger than a game ships: every finding kept and placed, and the work
/// bounded by what is counted, never by the clock (time is for benchmarks, never for a test).
@Suite("Lint at scale")
struct LintScaleTests {
    /// A paywall variant whose strings have `count` locales, each with an unknown variable: one
    /// object of `count` members, each a finding of its own.
    private func catalog(locales count: Int) -> String {
        let strings = (0..<count).map { #""x\#($0)": { "title": "{{ nope }}" }"# }.joined(separator: ",\n")
        return smallCatalog(paywalls: #"""
            [ { "id": "main", "placement": "store_open", "defaultLocale": "x0",
                "variants": [ { "id": "A", "products": ["gems"], "strings": {
            \#(strings) } } ] } ]
            """#)
    }

    @Test func everyFindingInALargeObjectIsAtItsOwnPlace() throws {
        let count = 5_000
        let text = catalog(locales: count)
        let report = CatalogLinter.lint(text: text, file: "catalog.json")
        let unknown = report.findings.filter { $0.rule == "unknown-variable" }
        #expect(unknown.count == count)
        let lines = text.components(separatedBy: "\n")
        for (index, finding) in unknown.enumerated() where index % 500 == 0 {
            #expect(finding.path == "$.paywalls[0].variants[0].strings.x\(index).title")
            let line = try #require(finding.position?.line)
            #expect(lines[line - 1].contains(#""x\#(index)": { "title": "{{ nope }}" }"#))
        }
        // And the JSON form holds them all, in the same order.
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonText.utf8)) as? [String: Any])
        let rows = try #require(document["findings"] as? [[String: Any]])
        #expect(rows.count == report.findings.count)
        #expect(rows.map { $0["path"] as? String } == report.findings.map(\.path))
    }

    @Test func theJSONFormEscapesWhatJSONMust() throws {
        let report = LintReport(file: "a\"b\\c.json", findings: [
            Diagnostic(.warning, path: "$[\"k\"]", position: SourcePosition(line: 1, column: 2), message: "tab\there\u{7}é", rule: "x"),
        ])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonText.utf8)) as? [String: Any])
        #expect(document["file"] as? String == "a\"b\\c.json")
        let row = try #require((document["findings"] as? [[String: Any]])?.first)
        #expect(row["message"] as? String == "tab\there\u{7}é")
        #expect(row["path"] as? String == "$[\"k\"]")
    }

    /// "Did you mean" costs an edit distance per candidate: a thousand unknown ids against a
    /// thousand known ones get suggestions only until the budget of comparisons is spent.
    @Test func suggestionsStopWhenTheirBudgetIsSpent() {
        let known = Set((0..<1_000).map { "com.example.item_\($0)" })
        var suggestions = SpellingSuggestions(among: known)
        let given = (0..<1_000).map { suggestions.closest(to: "com.example.itme_\($0)") }.filter { $0 != nil }.count
        #expect(given == SpellingSuggestions.comparisonBudget / known.count)
        // A small set never runs out: a typo in one of thirty keys always gets its guess.
        var keys = SpellingSuggestions(among: Set((0..<30).map { "key\($0)" }))
        #expect((0..<1_000).allSatisfy { _ in keys.closest(to: "key1x") == "key1" })
    }
}
