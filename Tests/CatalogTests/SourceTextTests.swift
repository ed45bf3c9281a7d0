import Foundation
import Testing
@testable import Catalog

/// A file that is not UTF-8 is reported at the line and column of its first bad byte, columns
/// counted as the JSON parser counts them (Unicode scalars, a leading byte order mark not
/// counted), so the place is the same one an editor shows.
@Suite("Source text: UTF-8 with a place")
struct SourceTextTests {
    private func bytes(_ text: String, then tail: [UInt8] = [], rest: String = "") -> Data {
        Data(text.utf8) + Data(tail) + Data(rest.utf8)
    }

    private func failure(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> Diagnostic? {
        do {
            _ = try SourceText.decode(data)
            Issue.record("the bytes decoded, but they are not UTF-8", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error.diagnostic
        }
    }

    @Test func utf8DecodesAsItIs() throws {
        let text = "{ \"name\": \"ジェムの袋 9,99\u{A0}€\" }\n"
        #expect(try SourceText.decode(Data(text.utf8)) == text)
    }

    @Test func theFirstBadByteIsNamedAtItsLineAndColumn() throws {
        let diagnostic = try #require(failure(bytes("{\n  \"a\": 1,\n  \"b", then: [0xFF], rest: "\": 2 }")))
        #expect(diagnostic.position == SourcePosition(line: 3, column: 5))
        #expect(diagnostic.path == "$" && diagnostic.severity == .error)
        #expect(diagnostic.message == "not UTF-8: byte 0xFF is not part of a UTF-8 character (is the file Latin-1, Windows-1252 or UTF-16?); save it as UTF-8")
    }

    @Test func wideAndAccentedCharactersBeforeItCountOneColumnEach() throws {
        let diagnostic = try #require(failure(bytes("\"ジェé", then: [0xE9, 0x20], rest: "\"")))
        #expect(diagnostic.position == SourcePosition(line: 1, column: 5))
        #expect(diagnostic.message.hasPrefix("not UTF-8: byte 0xE9 "))
    }

    @Test func aLeadingByteOrderMarkIsNotAColumn() throws {
        let diagnostic = try #require(failure(bytes("\u{FEFF}ab", then: [0x80])))
        #expect(diagnostic.position == SourcePosition(line: 1, column: 3))
    }

    @Test(arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE3, 0x82], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]])
    func overlongSurrogateTruncatedAndOutOfRangeSequencesAreBad(sequence: [UInt8]) throws {
        let diagnostic = try #require(failure(bytes("ok\n", then: sequence)))
        #expect(diagnostic.position == SourcePosition(line: 2, column: 1))
    }

    @Test(arguments: [[0xFF, 0xFE], [0xFE, 0xFF]] as [[UInt8]])
    func utf16IsNamed(bom: [UInt8]) throws {
        let diagnostic = try #require(failure(Data(bom) + Data([0x7B, 0x00])))
        #expect(diagnostic.position == SourcePosition(line: 1, column: 1))
        #expect(diagnostic.message.contains("UTF-16 byte order mark"), "\(diagnostic.message)")
    }

    @Test func lintReportsItAsAnEncodingError() throws {
        let report = CatalogLinter.lint(data: bytes("{\n  \"x", then: [0xFF]), file: "catalog.json")
        #expect(report.findings.map(\.rule) == ["encoding"])
        #expect(report.textLines.first?.hasPrefix("catalog.json:2:5: error: $: not UTF-8: byte 0xFF") == true)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonText.utf8)) as? [String: Any])
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(finding["line"] as? Int == 2 && finding["column"] as? Int == 5)
    }

    @Test func lintOfUTF8DataLintsTheText() throws {
        let text = try defaultCatalogText()
        #expect(CatalogLinter.lint(data: Data(text.utf8), file: "catalog.json") == CatalogLinter.lint(text: text, file: "catalog.json"))
    }

    @Test func aFileThatCannotBeReadIsOneFindingWithoutAPlace() throws {
        let report = LintReport.unreadable(file: "gone.json", "no such file")
        #expect(report.findings == [Diagnostic(.error, path: "$", position: nil, message: "no such file", rule: "file")])
        #expect(report.textLines == ["gone.json: error: $: no such file", "gone.json: 1 error, 0 warnings"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonText.utf8)) as? [String: Any])
        #expect(json["errors"] as? Int == 1)
        #expect((json["findings"] as? [[String: Any]])?.first?["line"] is NSNull)
    }
}
