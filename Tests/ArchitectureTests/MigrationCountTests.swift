import Foundation
import Testing

/// docs/architecture.md names the ledger's last migration ("the last is N", where a new table
/// goes). The migrations are the elements of `Schema.migrations` in Sources/Ledger/Schema.swift,
/// each a string literal under a comment that numbers it (`// N: why`); both are counted, so a
/// migration appended without moving the page's number, or without its comment, fails here.
@Suite("docs/architecture.md names the ledger's last migration")
struct MigrationCountTests {
    @Test func thePageNamesTheLastMigration() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let schema = try String(contentsOf: packageRoot.appendingPathComponent("Sources/Ledger/Schema.swift"), encoding: .utf8)
        let migrations = Self.migrations(in: schema)
        #expect(migrations.elements > 10, "no migrations found in Schema.swift: the reader may have missed its shape")
        #expect(migrations.numbers == Array(1...max(1, migrations.numbers.count)),
                "the migrations' comments are not numbered 1, 2, 3 and so on: \(migrations.numbers)")
        #expect(migrations.numbers.count == migrations.elements,
                "\(migrations.elements) migrations but \(migrations.numbers.count) numbered comments")
        let named = try #require(page.firstMatch(of: /the last is (\d+)/).flatMap { Int($0.1) },
                                 "docs/architecture.md names no last migration (\"the last is N\")")
        #expect(named == migrations.elements, "docs/architecture.md says the last migration is \(named); Schema.swift has \(migrations.elements)")
    }

    @Test func theReaderCountsBlocksAndOneLineMigrations() {
        let schema = """
            enum Schema {
                static let migrations: [String] = [
                    // 1: the first.
                    \"\"\"
                    CREATE TABLE a (x);
                    \"\"\",
                    // 2: a column.
                    "ALTER TABLE a ADD COLUMN y;",
                ]
            }
            """
        let found = Self.migrations(in: schema)
        #expect(found.elements == 2)
        #expect(found.numbers == [1, 2])
    }

    /// The elements of the `migrations` array (a multi-line literal opened on a line of its own,
    /// or a one-line literal) and the numbers of the comments above them, in file order.
    static func migrations(in schema: String) -> (elements: Int, numbers: [Int]) {
        let lines = schema.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("static let migrations") }) else { return (0, []) }
        let indent = String(lines[start].prefix { $0 == " " }) + "    "
        var elements = 0
        var numbers: [Int] = []
        var insideBlock = false
        for line in lines[(start + 1)...] {
            guard line.hasPrefix(indent) || line.isEmpty || insideBlock else { break }
            let text = line.dropFirst(indent.count)
            if insideBlock {
                if text.hasPrefix("\"\"\"") { insideBlock = false }
                continue
            }
            if text == "\"\"\"" {
                elements += 1
                insideBlock = true
            } else if text.hasPrefix("\""), text.hasSuffix("\",") {
                elements += 1
            } else if let match = text.wholeMatch(of: /\/\/ (\d+):.*/), let number = Int(match.1) {
                numbers.append(number)
            }
        }
        return (elements, numbers)
    }
}
