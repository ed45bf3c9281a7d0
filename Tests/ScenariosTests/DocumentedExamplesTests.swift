import Foundation
import Testing
@testable import Scenarios

/// docs/scenarios.md stays true: its opening script runs and passes as a scenario, and every
/// example in its tables of commands is a line the parser takes.
@Suite("docs/scenarios.md: the examples run")
struct DocumentedExamplesTests {
    static func page() throws -> String {
        let root = try #require(packageRoot())
        return try String(contentsOf: root.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
    }

    /// The fenced blocks with no language, each with the line before its opening fence.
    static func plainBlocks(_ page: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block.joined(separator: "\n"))
                    current = nil
                } else if line == "```" {
                    current = []
                } else {
                    current = nil
                    // A fence with a language (sh): skip to its end by reading it as a block we drop.
                    blocks.append("")
                    current = []
                }
                continue
            }
            current?.append(String(line))
        }
        return blocks.filter { $0.hasPrefix("# Tests/Scenarios/") }
    }

    /// Each row's example column of the tables headed `| command | example | does |`, split on
    /// ` · `, without its backquotes: `(command, example)`.
    static func tableExamples(_ page: String) -> [(command: String, example: String)] {
        var examples: [(String, String)] = []
        var inCommandTable = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                inCommandTable = false
                continue
            }
            if line.hasPrefix("| command | example |") { inCommandTable = true }
            guard inCommandTable, line.hasPrefix("| `") else { continue }
            let columns = cells(of: String(line))
            guard columns.count >= 4 else { continue }
            for piece in columns[2].components(separatedBy: " · ") {
                let example = piece.trimmingCharacters(in: CharacterSet(charactersIn: "` "))
                if !example.isEmpty { examples.append((columns[1], example)) }
            }
        }
        return examples
    }

    /// A table row's cells; `\|` inside a cell is a `|` of its text (Markdown's escape).
    static func cells(of row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in row {
            if escaped {
                cell.append(character == "|" ? "|" : "\\\(character)")
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
        }
        cells.append(cell.trimmingCharacters(in: .whitespaces))
        return cells
    }

    @Test func theOpeningScriptPassesAsTheFileItNames() throws {
        let blocks = Self.plainBlocks(try Self.page())
        let script = try #require(blocks.first, "docs/scenarios.md lost its opening script")
        let name = try #require(script.split(separator: "\n").first?.dropFirst(2)).trimmingCharacters(in: .whitespaces)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // Laid out as in the repository, so its `catalog ../../catalog.json` finds the catalog.
        try scratch.write("catalog.json", try String(contentsOfFile: try repositoryCatalog(), encoding: .utf8))
        let file = try scratch.write(name, script + "\n")
        let result = ScenarioRunner.run(file, options: ScenarioOptions())
        #expect(result.passed, "\(result.summary)\n\(result.transcript.joined(separator: "\n"))")
    }

    @Test func everyTableExampleParses() throws {
        let examples = Self.tableExamples(try Self.page())
        #expect(examples.count >= 40, "found only \(examples.count) examples: did the tables change shape?")
        for (command, example) in examples {
            do {
                _ = try ScenarioParser.parse(example + "\n", file: "docs/scenarios.md")
            } catch {
                Issue.record("docs/scenarios.md, the example of \(command): `\(example)` does not parse: \(error)")
            }
        }
    }

    @Test func aWrongExampleWouldBeFound() {
        let page = "| command | example | does |\n| --- | --- | --- |\n| `advance DURATION` | `advance 2s` · `advance two` | moves the clock |\n"
        let examples = Self.tableExamples(page)
        #expect(examples.map(\.example) == ["advance 2s", "advance two"])
        #expect(throws: ScriptError.self) { try ScenarioParser.parse(examples[1].example + "\n", file: "t.scenario") }
    }
}
