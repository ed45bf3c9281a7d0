import Foundation
import Testing

/// docs/reliability.md names a test for every promise and every bad input; a renamed or removed
/// test would leave the page vouching for nothing. Each citation must name a file in Tests/ and,
/// after `›`, tests that file holds: a display name in quotes (`"…"` at its end: a prefix of one
/// test's name, and of no other's) or a function name in backquotes.
@Suite("docs/reliability.md names tests that exist")
struct ReliabilityPageTests {
    @Test func everyCitedFileAndTestExists() throws {
        let root = try #require(Self.packageRoot(), "cannot find the package root from \(#filePath)")
        let page = try String(contentsOfFile: root + "/docs/reliability.md", encoding: .utf8)
        let citations = TestCitation.all(in: page)
        #expect(citations.count >= 40, "the page cites \(citations.count) files; the reader may have missed its shape")
        #expect(citations.flatMap(\.tests).count >= 40)
        let problems = TestCitation.problems(citations, testsFolder: root + "/Tests")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// docs/architecture.md's invariants name their tests the same way. The page names source
    /// files too, by their path inside a target (`Paths/Registry.swift`): only what it cites
    /// from `Tests/` is checked here.
    @Test func everyTestTheArchitecturePageNamesExists() throws {
        let root = try #require(Self.packageRoot(), "cannot find the package root from \(#filePath)")
        let page = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        let citations = TestCitation.all(in: page).filter { $0.file.hasPrefix("Tests/") }
        #expect(citations.flatMap(\.tests).count >= 10, "the page names \(citations.flatMap(\.tests).count) tests")
        let problems = TestCitation.problems(citations, testsFolder: root + "/Tests")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theReaderFindsFilesAndNamesInListsAndTables() {
        let page = """
            - `Tests/A/One.swift` › `firstTest`,
              `secondTest` (why), "a display name", "a prefix …"
            | input | does | `Tests/B/Two.swift` › "two" (a note); `Three.swift`; `Tests/S/*redirect*.scenario` |
            """
        let found = TestCitation.all(in: page)
        #expect(found == [
            TestCitation(file: "Tests/A/One.swift", tests: [.function("firstTest"), .function("secondTest"),
                                                             .display("a display name"), .displayPrefix("a prefix ")]),
            TestCitation(file: "Tests/B/Two.swift", tests: [.display("two")]),
            TestCitation(file: "Three.swift", tests: []),
            TestCitation(file: "Tests/S/*redirect*.scenario", tests: []),
        ])
    }

    @Test func aMissingFileOrTestIsReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reliability-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/A", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "@Test(\"kept\")\nfunc kept() {}\n@Test func named() {}\n"
            .write(toFile: folder + "/A/One.swift", atomically: true, encoding: .utf8)
        let citations = [
            TestCitation(file: "Tests/A/One.swift", tests: [.display("kept"), .function("named"), .displayPrefix("ke")]),
            TestCitation(file: "One.swift", tests: [.display("gone"), .function("renamed")]),
            TestCitation(file: "Tests/A/Missing.swift", tests: []),
            TestCitation(file: "Tests/A/*.scenario", tests: []),
            TestCitation(file: "Sources/Gone/Nothing.swift", tests: []),
        ]
        #expect(TestCitation.problems(citations, testsFolder: folder) == [
            "One.swift: no test \"gone\"",
            "One.swift: no test func renamed",
            "Tests/A/Missing.swift: no such file",
            "Tests/A/*.scenario: no file matches",
            "Sources/Gone/Nothing.swift: no such file",
        ])
    }

    @Test func aShortenedNameThatBeginsTwoTestsIsReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reliability-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/A", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "@Test(\"a file is kept\")\nfunc one() {}\n@Test(\"a file is read\")\nfunc two() {}\n"
            .write(toFile: folder + "/A/One.swift", atomically: true, encoding: .utf8)
        let citations = [TestCitation(file: "Tests/A/One.swift", tests: [.displayPrefix("a file is "), .displayPrefix("a file is k")])]
        #expect(TestCitation.problems(citations, testsFolder: folder) == ["Tests/A/One.swift: 2 tests begin \"a file is \""])
    }

    private static func packageRoot() -> String? {
        let root = ArchitectureTests.packageRoot
        return FileManager.default.fileExists(atPath: root.appendingPathComponent("docs/reliability.md").path) ? root.path : nil
    }
}

/// One file the page cites, and the tests it names in it.
struct TestCitation: Equatable {
    enum Test: Equatable {
        case display(String)
        /// A display name the page shortens with `…`.
        case displayPrefix(String)
        case function(String)
    }

    var file: String
    var tests: [Test]

    /// Every citation of the page: a backquoted name ending in `.swift` or `.scenario`, then, after
    /// `›`, quoted display names and backquoted function names up to the next citation. A list item's
    /// continuation lines are read as part of it.
    static func all(in page: String) -> [TestCitation] {
        var items: [String] = []
        for line in page.components(separatedBy: "\n") {
            if line.hasPrefix("  "), !items.isEmpty, items[items.count - 1].hasPrefix("- ") {
                items[items.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                items.append(line)
            }
        }
        return items.flatMap(citations(in:))
    }

    private static func citations(in text: String) -> [TestCitation] {
        var found: [TestCitation] = []
        var rest = Substring(text)
        // Within a citation's names: after `›` until a table cell ends or a `;` or a sentence does.
        var naming = false
        while let character = rest.first {
            if character == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                let name = String(rest[rest.index(after: rest.startIndex)..<end])
                rest = rest[rest.index(after: end)...]
                if name.hasSuffix(".swift") || name.hasSuffix(".scenario") {
                    found.append(TestCitation(file: name, tests: []))
                    naming = false
                } else if naming, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    found[found.count - 1].tests.append(.function(name))
                }
            } else if character == "\"", naming, let end = rest.dropFirst().firstIndex(of: "\"") {
                let name = String(rest[rest.index(after: rest.startIndex)..<end])
                found[found.count - 1].tests.append(name.hasSuffix("…") ? .displayPrefix(String(name.dropLast())) : .display(name))
                rest = rest[rest.index(after: end)...]
            } else if character == "(", naming, let end = rest.firstIndex(of: ")") {
                rest = rest[rest.index(after: end)...]  // a note on the tests, not a name
            } else {
                if character == "›", !found.isEmpty { naming = true }
                if character == "|" || character == ";" { naming = false }
                rest = rest.dropFirst()
            }
        }
        return found
    }

    /// What does not hold: a file not in `testsFolder` (by its path from the package root, or by
    /// its name alone where that is unique), a pattern nothing matches, a named test not in its
    /// file, a `Sources/` file not beside `testsFolder`.
    static func problems(_ citations: [TestCitation], testsFolder: String) -> [String] {
        let everyFile = (FileManager.default.enumerator(atPath: testsFolder)?.allObjects as? [String] ?? []).map { "Tests/" + $0 }
        var problems: [String] = []
        for citation in citations {
            let matches: [String]
            if citation.file.contains("*") {
                let pattern = "^" + NSRegularExpression.escapedPattern(for: citation.file)
                    .replacingOccurrences(of: "\\*", with: "[^/]*") + "$"
                matches = everyFile.filter { $0.range(of: pattern, options: .regularExpression) != nil }
                if matches.isEmpty { problems.append("\(citation.file): no file matches") }
                continue
            }
            // A product file (the fuzzing section cites its targets) need only exist, beside Tests/.
            if citation.file.hasPrefix("Sources/") {
                let path = (testsFolder as NSString).deletingLastPathComponent + "/" + citation.file
                if !FileManager.default.fileExists(atPath: path) { problems.append("\(citation.file): no such file") }
                continue
            }
            matches = citation.file.hasPrefix("Tests/")
                ? everyFile.filter { $0 == citation.file }
                : everyFile.filter { $0.hasSuffix("/" + citation.file) }
            guard matches.count == 1, let text = try? String(contentsOfFile: testsFolder + "/" + matches[0].dropFirst("Tests/".count),
                                                            encoding: .utf8) else {
                problems.append("\(citation.file): " + (matches.isEmpty ? "no such file" : "names \(matches.count) files"))
                continue
            }
            for test in citation.tests {
                switch test {
                case .display(let name) where !text.contains("@Test(\"\(name)\""):
                    problems.append("\(citation.file): no test \"\(name)\"")
                case .displayPrefix(let start) where text.components(separatedBy: "@Test(\"\(start)").count != 2:
                    // A shortened name must still name one test.
                    let count = text.components(separatedBy: "@Test(\"\(start)").count - 1
                    problems.append("\(citation.file): " + (count == 0 ? "no test beginning \"\(start)\""
                                                                        : "\(count) tests begin \"\(start)\""))
                case .function(let name) where !text.contains("func \(name)("):
                    problems.append("\(citation.file): no test func \(name)")
                default:
                    break
                }
            }
        }
        return problems
    }
}
