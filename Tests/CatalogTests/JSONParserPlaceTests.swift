import Foundation
import Testing
@testable import Catalog

/// The parser reads bytes and counts a column only when a place is asked for, from the last place
/// asked for on the same line: these hold its places to the scalars an editor counts, on long
/// lines, after escapes and after multi-byte characters, and its strings to Foundation's.
@Suite("JSON parser: places and strings read from bytes")
struct JSONParserPlaceTests {
    /// The 1-based line and column of the scalar at `offset` scalars into `text`, counted here
    /// independently of the parser.
    private func place(ofScalar offset: Int, in text: String) -> SourcePosition {
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars.prefix(offset) {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }

    private func scalarOffset(of marker: String, in text: String) throws -> Int {
        let range = try #require(text.range(of: marker))
        return text.unicodeScalars[..<range.lowerBound].count
    }

    @Test func everyElementOfALongLineHasItsColumn() throws {
        // Strings of one, two, three and four bytes a scalar, and escapes, on one line.
        let words = ["a", "é", "ジ", "😀", #"\u00e9"#, #"\n"#, #"\ud83d\ude00"#, "x\u{301}"]
        let elements = (0..<2_000).map { "\"\(words[$0 % words.count])\($0)\"" }
        let text = "[" + elements.joined(separator: ", ") + "]"
        let root = try JSONParser.parse(text)
        guard case .array(let nodes) = root.value else {
            Issue.record("expected an array, got \(root.kindName)")
            return
        }
        #expect(nodes.count == elements.count)
        var offset = 1
        for (node, element) in zip(nodes, elements) {
            #expect(node.position == place(ofScalar: offset, in: text))
            offset += element.unicodeScalars.count + 2
        }
    }

    @Test func keysAfterMultiByteValuesKeepTheirColumns() throws {
        let text = "{\"名前\": \"ジェムの袋\", \"€\": {\"ä\": [\"😀😀\", 1]},\n \"z\":\t\"\\u00e9é\"}"
        let root = try JSONParser.parse(text)
        guard case .object(let members) = root.value else {
            Issue.record("expected an object, got \(root.kindName)")
            return
        }
        #expect(members.map(\.keyPosition) == [
            place(ofScalar: try scalarOffset(of: "\"名前\"", in: text), in: text),
            place(ofScalar: try scalarOffset(of: "\"€\"", in: text), in: text),
            place(ofScalar: try scalarOffset(of: "\"z\"", in: text), in: text),
        ])
        #expect(root["€"]?["ä"]?.position == place(ofScalar: try scalarOffset(of: "[\"😀", in: text), in: text))
        #expect(root["z"]?.position == place(ofScalar: try scalarOffset(of: "\"\\u00e9", in: text), in: text))
        #expect(root["z"]?.value == .string("éé"))
    }

    @Test func anErrorAfterEscapesAndMultiByteTextIsAtItsScalar() throws {
        let text = "[\"\\u00e9\\\"ジ\\n😀\", \"é\" 2]"
        let error = try #require(syntaxError(text))
        #expect(error.position == place(ofScalar: try scalarOffset(of: "2]", in: text), in: text))
        #expect(error.message == "unexpected '2'; expected , or ] (is a comma missing?)")
    }

    @Test func aNonASCIICharacterIsNamedWhole() throws {
        #expect(try #require(syntaxError("[1 é]")).message == "unexpected 'é'; expected , or ] (is a comma missing?)")
        #expect(try #require(syntaxError("[\"\\😀\"]")).message == "invalid escape \\😀")
        #expect(try #require(syntaxError("{} ジ")).message == "unexpected 'ジ' after the end of the document")
    }

    @Test func stringsAgreeWithFoundation() throws {
        let strings = [
            #""plain""#, #""""#, #""caf\u00e9 and café""#, #""tab\there\r\n""#, #""\"quoted\" \\ \/""#,
            #""\ud83d\ude00 and 😀""#, #""ジェムの袋 \u30b8""#, #""\u0000 nul""#, #""\b\f""#,
            "\"5,49\u{A0}€\"", #""mixed \u00E9\u00e9 é""#,
        ]
        let text = "[" + strings.joined(separator: ",") + "]"
        let foundation = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
        guard case .array(let nodes) = try JSONParser.parse(text).value else {
            Issue.record("expected an array")
            return
        }
        #expect(nodes.map(\.value) == foundation.map { .string($0) })
    }
}
