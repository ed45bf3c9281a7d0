/// A strict JSON parser (RFC 8259) that records the position of every value. Foundation's
/// parsers report neither the line nor the column of an error, which our users need to fix a
/// catalog by hand.
public struct JSONParser {
    public struct SyntaxError: Error, Sendable, Equatable {
        public var message: String
        public var position: SourcePosition
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    /// Deeply nested input must end in an error, never in a stack overflow.
    private let maximumDepth = 512

    public static func parse(_ text: String) throws(SyntaxError) -> JSONNode {
        var parser = JSONParser(scalars: Array(text.unicodeScalars))
        return try parser.parseDocument()
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        guard let scalar = current else { return }
        index += 1
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    private func fail(_ message: String, at position: SourcePosition? = nil) -> SyntaxError {
        SyntaxError(message: message, position: position ?? self.position)
    }

    private mutating func skipWhitespace() {
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            advance()
        }
    }

    private mutating func parseDocument() throws(SyntaxError) -> JSONNode {
        // A byte order mark is invisible in editors: skip it without counting a column.
        if current == "\u{FEFF}" { index += 1 }
        skipWhitespace()
        let node = try parseValue(depth: 0)
        skipWhitespace()
        if let extra = current {
            throw fail("unexpected \(describe(extra)) after the end of the document")
        }
        return node
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONNode {
        guard depth < maximumDepth else { throw fail("nesting deeper than \(maximumDepth) levels") }
        let start = position
        guard let scalar = current else { throw fail("unexpected end of file; expected a value") }
        switch scalar {
        case "{": return JSONNode(try parseObject(depth: depth), at: start)
        case "[": return JSONNode(try parseArray(depth: depth), at: start)
        case "\"": return JSONNode(.string(try parseString()), at: start)
        case "-", "0"..."9": return JSONNode(.number(try parseNumber()), at: start)
        case "t": try expectWord("true"); return JSONNode(.bool(true), at: start)
        case "f": try expectWord("false"); return JSONNode(.bool(false), at: start)
        case "n": try expectWord("null"); return JSONNode(.null, at: start)
        default: throw fail("unexpected \(describe(scalar)); expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        let start = position
        for expected in word.unicodeScalars {
            guard current == expected else { throw fail("invalid literal; expected \(word)", at: start) }
            advance()
        }
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONNode.Value {
        advance()  // {
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if current == "}" {
            advance()
            return .object(members)
        }
        while true {
            skipWhitespace()
            let keyPosition = position
            guard current == "\"" else {
                if current == "}" { throw fail("trailing comma before }") }
                throw fail(current.map { "unexpected \(describe($0)); expected a key in double quotes" }
                    ?? "unexpected end of file inside an object")
            }
            let key = try parseString()
            skipWhitespace()
            guard current == ":" else { throw fail("expected : after the key \"\(key)\"") }
            advance()
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            switch current {
            case ",": advance()
            case "}": advance(); return .object(members)
            case let other?: throw fail("unexpected \(describe(other)); expected , or } (is a comma missing?)")
            case nil: throw fail("unexpected end of file; an object is not closed")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONNode.Value {
        advance()  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == "]" {
            advance()
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if current == "]" { throw fail("trailing comma before ]") }
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case ",": advance()
            case "]": advance(); return .array(elements)
            case let other?: throw fail("unexpected \(describe(other)); expected , or ] (is a comma missing?)")
            case nil: throw fail("unexpected end of file; an array is not closed")
            }
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let start = position
        advance()  // opening quote
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = current else { throw fail("unterminated string", at: start) }
            switch scalar {
            case "\"":
                advance()
                return String(result)
            case "\\":
                let escapeStart = position
                advance()
                result.append(try parseEscape(startingAt: escapeStart))
            case "\u{0}"..."\u{1F}":
                throw fail("control character U+\(hex(scalar.value)) inside a string; escape it")
            default:
                result.append(scalar)
                advance()
            }
        }
    }

    /// `start` is the position of the backslash, where an invalid escape is reported.
    private mutating func parseEscape(startingAt start: SourcePosition) throws(SyntaxError) -> Unicode.Scalar {
        guard let scalar = current else { throw fail("unterminated escape sequence") }
        advance()
        switch scalar {
        case "\"": return "\""
        case "\\": return "\\"
        case "/": return "/"
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            let high = try parseHexQuad()
            if (0xD800...0xDBFF).contains(high) {
                guard current == "\\" else { throw fail("unpaired surrogate \\u\(hex(high))") }
                advance()
                guard current == "u" else { throw fail("unpaired surrogate \\u\(hex(high))") }
                advance()
                let low = try parseHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate \\u\(hex(low))") }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let result = Unicode.Scalar(combined) else { throw fail("invalid escape") }
                return result
            }
            guard let result = Unicode.Scalar(high) else { throw fail("unpaired surrogate \\u\(hex(high))") }
            return result
        default:
            throw fail("invalid escape \\\(scalar)", at: start)
        }
    }

    private mutating func parseHexQuad() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = current, scalar.isASCII, let digit = UInt32(String(scalar), radix: 16)
            else { throw fail("expected four hex digits after \\u") }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> String {
        var text = ""
        func digits(_ parser: inout JSONParser, into text: inout String) -> Int {
            var count = 0
            while let scalar = parser.current, ("0"..."9").contains(scalar) {
                text.unicodeScalars.append(scalar)
                parser.advance()
                count += 1
            }
            return count
        }
        if current == "-" {
            text += "-"
            advance()
        }
        let integerStart = position
        let integerDigits = digits(&self, into: &text)
        guard integerDigits > 0 else { throw fail("expected a digit") }
        if integerDigits > 1, text.hasPrefix("0") || text.hasPrefix("-0") {
            throw fail("leading zeros are not allowed in numbers", at: integerStart)
        }
        if current == "." {
            text += "."
            advance()
            guard digits(&self, into: &text) > 0 else { throw fail("expected a digit after the decimal point") }
        }
        if let exponent = current, exponent == "e" || exponent == "E" {
            text.unicodeScalars.append(exponent)
            advance()
            if let sign = current, sign == "+" || sign == "-" {
                text.unicodeScalars.append(sign)
                advance()
            }
            guard digits(&self, into: &text) > 0 else { throw fail("expected a digit in the exponent") }
        }
        return text
    }

    private func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value < 0x20 || scalar.value == 0x7F { return "character U+\(hex(scalar.value))" }
        return "'\(scalar)'"
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
