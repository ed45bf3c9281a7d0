import Foundation

/// The layering table of docs/architecture.md: for each target in Sources/, the modules its files
/// may import. The page is the rule and this is its reader, so the two cannot drift apart.
struct LayerTable: Equatable {
    /// Target name to the modules it may import (ours and the platform's).
    var allowed: [String: Set<String>]

    /// The heading of the table's column that the reader takes the names from.
    static let header = "| target | may import |"

    /// Reads the first table whose header starts with `header`. A row is `| `Target` | `A`, `B` |
    /// ...`: only names in backquotes count, so the cells can say why in plain words around them;
    /// `—` alone means nothing at all.
    static func parse(_ markdown: String) throws -> LayerTable {
        let lines = markdown.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else {
            throw ParseError(message: "no table headed \"\(header) ...\"")
        }
        var allowed: [String: Set<String>] = [:]
        for (offset, line) in lines[(start + 2)...].enumerated() {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let lineNumber = start + 3 + offset
            guard cells.count >= 3, let target = backquoted(cells[1]).first else {
                throw ParseError(message: "line \(lineNumber): a row needs a `target` and what it may import")
            }
            guard allowed[target] == nil else {
                throw ParseError(message: "line \(lineNumber): `\(target)` has a second row")
            }
            allowed[target] = Set(backquoted(cells[2]))
        }
        return LayerTable(allowed: allowed)
    }

    /// Every target of ours that `target` reaches by the table's arrows, itself excluded.
    func below(_ target: String) -> Set<String> {
        var seen: Set<String> = []
        var next = Array(allowed[target] ?? [])
        while let module = next.popLast() {
            guard allowed[module] != nil, seen.insert(module).inserted else { continue }
            next += allowed[module] ?? []
        }
        return seen
    }

    private static func backquoted(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    struct ParseError: Error, CustomStringConvertible {
        var message: String
        var description: String { "docs/architecture.md: \(message)" }
    }
}
