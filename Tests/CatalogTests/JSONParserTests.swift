import Testing
@testable import Catalog

@Suite("JSON parser: valid documents")
struct JSONParserValidTests {
    @Test func scalarsAtTheTopLevel() throws {
        #expect(try JSONParser.parse("true").value == .bool(true))
        #expect(try JSONParser.parse("false").value == .bool(false))
        #expect(try JSONParser.parse("null").value == .null)
        #expect(try JSONParser.parse("\"hi\"").value == .string("hi"))
        #expect(try JSONParser.parse(" 42 ").value == .number("42"))
        #expect(try JSONParser.parse("\n\t 42").position == SourcePosition(line: 2, column: 3))
    }

    @Test func emptyContainers() throws {
        #expect(try JSONParser.parse("{}").value == .object([]))
        #expect(try JSONParser.parse("[]").value == .array([]))
        #expect(try JSONParser.parse("[ ]").value == .array([]))
        #expect(try JSONParser.parse("{\n}").value == .object([]))
    }

    @Test func objectMembersKeepOrderKeysAndPositions() throws {
        let text = """
        {
          "b": 1,
          "a": [true, null],
            "c": {"d": "e"}
        }
        """
        let root = try JSONParser.parse(text)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        guard case .object(let members) = root.value else {
            Issue.record("expected an object, got \(root.kindName)")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(members.map(\.keyPosition) == [
            SourcePosition(line: 2, column: 3), SourcePosition(line: 3, column: 3), SourcePosition(line: 4, column: 5),
        ])
        #expect(root["b"]?.value == .number("1"))
        #expect(root["b"]?.position == SourcePosition(line: 2, column: 8))
        let array = try #require(root["a"])
        #expect(array.position == SourcePosition(line: 3, column: 8))
        guard case .array(let elements) = array.value else {
            Issue.record("expected an array, got \(array.kindName)")
            return
        }
        #expect(elements.map(\.value) == [.bool(true), .null])
        #expect(elements.map(\.position) == [SourcePosition(line: 3, column: 9), SourcePosition(line: 3, column: 15)])
        #expect(root["c"]?["d"]?.value == .string("e"))
        #expect(root["c"]?["d"]?.position == SourcePosition(line: 4, column: 16))
        #expect(root["missing"] == nil)
        #expect(array["b"] == nil)
    }

    @Test func duplicateKeysAreKeptForTheReaderToReport() throws {
        let root = try JSONParser.parse(#"{"a": 1, "a": 2}"#)
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["a", "a"])
        // The last, as the loader reads it, so a place found by key is the value it checked.
        #expect(root["a"]?.value == .number("2"))
    }

    @Test(arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""caf\u00e9""#, "café"),
        (#""\u00E9\u00e9""#, "éé"),
        (#""\ud83d\ude00""#, "😀"),
        (#""ジェムの袋""#, "ジェムの袋"),
        ("\"5,49\u{A0}€\"", "5,49\u{A0}€"),
        (#""""#, ""),
    ])
    func stringsAndEscapes(source: String, expected: String) throws {
        #expect(try JSONParser.parse(source).value == .string(expected))
    }

    @Test(arguments: ["0", "-0", "4.99", "1.50", "7.0e1", "1e5", "1E5", "1E+5", "2.5e-3",
                      "-12.000", "123456789012345678901234567890", "0.1000000000000000055511151231257827"])
    func numbersKeepTheirSourceSpelling(spelling: String) throws {
        #expect(try JSONParser.parse(spelling).value == .number(spelling))
        #expect(try JSONParser.parse("[\(spelling)]").value == .array([
            JSONNode(.number(spelling), at: SourcePosition(line: 1, column: 2)),
        ]))
    }

    @Test func aByteOrderMarkIsSkippedAndTakesNoColumn() throws {
        let root = try JSONParser.parse("\u{FEFF}{\"a\": 1}")
        #expect(root.position == SourcePosition(line: 1, column: 1))
        #expect(root["a"]?.value == .number("1"))
        #expect(root["a"]?.position == SourcePosition(line: 1, column: 7))
    }

    @Test func windowsLineEndingsCountAsOneLine() throws {
        let root = try JSONParser.parse("{\r\n  \"a\":\r\n    true\r\n}")
        #expect(root["a"]?.position == SourcePosition(line: 3, column: 5))
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = 512
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var node = try JSONParser.parse(text)
        var levels = 1
        while case .array(let elements) = node.value, let first = elements.first {
            node = first
            levels += 1
        }
        #expect(levels == depth)
        #expect(node.position == SourcePosition(line: 1, column: depth))
    }

    @Test func kindNames() throws {
        let root = try JSONParser.parse(#"[{}, [], "", 1, true, null]"#)
        guard case .array(let elements) = root.value else {
            Issue.record("expected an array")
            return
        }
        #expect(elements.map(\.kindName) == ["an object", "an array", "a string", "a number", "a boolean", "null"])
    }
}

/// A malformed input with where and what the error must say.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var line: Int
    var column: Int
    var message: String

    init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
        self.name = name
        self.text = text
        self.line = line
        self.column = column
        self.message = message
    }

    var testDescription: String { name }
}

@Suite("JSON parser: malformed documents")
struct JSONParserErrorTests {
    static let cases: [MalformedCase] = [
        MalformedCase("missing comma in an array", "[\n  1,\n  2 3\n]", 3, 5,
                      "unexpected '3'; expected , or ] (is a comma missing?)"),
        MalformedCase("missing comma in an object", "{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3,
                      "unexpected '\"'; expected , or } (is a comma missing?)"),
        MalformedCase("unterminated string", "{\"name\": \"Gems}", 1, 10, "unterminated string"),
        MalformedCase("newline inside a string", "[\n  \"abc\n\"]", 2, 7,
                      "control character U+000A inside a string; escape it"),
        MalformedCase("tab inside a string", "\"a\tb\"", 1, 3, "control character U+0009 inside a string; escape it"),
        MalformedCase("trailing comma in an object", "{\"a\": 1,}", 1, 9, "trailing comma before }"),
        MalformedCase("trailing comma in an array", "[1, 2,\n]", 2, 1, "trailing comma before ]"),
        MalformedCase("bad escape", "[\"a\\qb\"]", 1, 4, "invalid escape \\q"),
        MalformedCase("bad escape on a later line", "{\n  \"k\": \"\\x41\"\n}", 2, 9, "invalid escape \\x"),
        MalformedCase("bad unicode escape", "[\"\\u12G4\"]", 1, 7, "expected four hex digits after \\u"),
        MalformedCase("unpaired high surrogate", "\"\\ud800x\"", 1, 8, "unpaired surrogate \\uD800"),
        MalformedCase("lone low surrogate", "\"\\udc00\"", 1, 8, "unpaired surrogate \\uDC00"),
        MalformedCase("bad low surrogate", "\"\\ud83d\\u0041\"", 1, 14, "invalid low surrogate \\u0041"),
        MalformedCase("leading zero", "[01]", 1, 2, "leading zeros are not allowed in numbers"),
        MalformedCase("negative leading zeros", "{\"a\": -007}", 1, 8, "leading zeros are not allowed in numbers"),
        MalformedCase("lone closing brace", "}", 1, 1, "unexpected '}'; expected a value"),
        MalformedCase("empty file", "", 1, 1, "unexpected end of file; expected a value"),
        MalformedCase("only whitespace", "\n\n  ", 3, 3, "unexpected end of file; expected a value"),
        MalformedCase("byte order mark then an error", "\u{FEFF}{\"a\" 1}", 1, 6, "expected : after the key \"a\""),
        MalformedCase("byte order mark only", "\u{FEFF}", 1, 1, "unexpected end of file; expected a value"),
        MalformedCase("text after the document", "{} x", 1, 4, "unexpected 'x' after the end of the document"),
        MalformedCase("two documents", "[1]\n[2]", 2, 1, "unexpected '[' after the end of the document"),
        MalformedCase("bad literal", "tru", 1, 1, "invalid literal; expected true"),
        MalformedCase("bad literal in an array", "[nul]", 1, 2, "invalid literal; expected null"),
        MalformedCase("capitalised literal", "[True]", 1, 2, "unexpected 'T'; expected a value"),
        MalformedCase("unclosed array", "[1, 2", 1, 6, "unexpected end of file; an array is not closed"),
        MalformedCase("unclosed object", "{\"a\": 1", 1, 8, "unexpected end of file; an object is not closed"),
        MalformedCase("object ends after a comma", "{\"a\": 1,", 1, 9, "unexpected end of file inside an object"),
        MalformedCase("missing value", "{\"a\": }", 1, 7, "unexpected '}'; expected a value"),
        MalformedCase("missing colon", "{\"a\" 1}", 1, 6, "expected : after the key \"a\""),
        MalformedCase("single quotes", "{'a': 1}", 1, 2, "unexpected '''; expected a key in double quotes"),
        MalformedCase("unquoted key", "{\n  name: 1}", 2, 3, "unexpected 'n'; expected a key in double quotes"),
        MalformedCase("no digit after the point", "1.", 1, 3, "expected a digit after the decimal point"),
        MalformedCase("no digit in the exponent", "[1e+]", 1, 5, "expected a digit in the exponent"),
        MalformedCase("lone minus", "-", 1, 2, "expected a digit"),
        MalformedCase("leading point", ".5", 1, 1, "unexpected '.'; expected a value"),
        MalformedCase("plus sign", "+1", 1, 1, "unexpected '+'; expected a value"),
        MalformedCase("control character outside strings", "[1,\u{1}]", 1, 4, "unexpected character U+0001; expected a value"),
        MalformedCase("columns count scalars, not bytes", "[\"é😀\" x]", 1, 7,
                      "unexpected 'x'; expected , or ] (is a comma missing?)"),
        MalformedCase("Windows line endings", "[\r\n1\r\n2]", 3, 1, "unexpected '2'; expected , or ] (is a comma missing?)"),
    ]

    @Test(arguments: cases)
    func reportsLineColumnAndMessage(_ malformed: MalformedCase) throws {
        let error = try #require(syntaxError(malformed.text))
        #expect(error.position == SourcePosition(line: malformed.line, column: malformed.column))
        #expect(error.message == malformed.message)
    }

    @Test func tenThousandOpeningBracketsGiveAnErrorNotACrash() throws {
        let error = try #require(syntaxError(String(repeating: "[", count: 10_000)))
        #expect(error.message == "nesting deeper than 512 levels")
        #expect(error.position == SourcePosition(line: 1, column: 513))
    }

    @Test func deeplyNestedObjectsGiveAnError() throws {
        let error = try #require(syntaxError(String(repeating: "{\"a\":", count: 10_000)))
        #expect(error.message == "nesting deeper than 512 levels")
        #expect(error.position == SourcePosition(line: 1, column: 512 * 5 + 1))
    }

    @Test func oneLevelPastTheLimitFails() throws {
        let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(syntaxError(text))
        #expect(error.position == SourcePosition(line: 1, column: 513))
    }
}
