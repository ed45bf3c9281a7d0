/// A strict JSON parser (RFC 8259) that records the position of every value. Foundation's
/// parsers report neither the line nor the column of an error, which our users need to fix a
/// catalog by hand.
///
/// It reads the text's UTF-8 bytes in one pass. Only the line is counted on the way (a newline
/// can stand only between tokens); a column is counted when a position is asked for, in Unicode
/// scalars from the last position asked for on the same line, so a one-line file of megabytes
/// costs no more than a pretty-printed one. A string without escapes is one copy of its bytes.
public struct JSONParser {
    public struct SyntaxError: Error, Sendable, Equatable {
        public var message: String
        public var position: SourcePosition
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    /// Where columns are counted from: the last place whose column is known, on this line.
    private var knownOffset = 0
    private var knownColumn = 1
    /// The bytes of a string being unescaped, kept between strings so it is allocated once.
    private var scratch: [UInt8] = []
    /// Deeply nested input must end in an error, never in a stack overflow.
    private let maximumDepth = 512

    public static func parse(_ text: String) throws(SyntaxError) -> JSONNode {
        var text = text
        let outcome = text.withUTF8 { bytes -> Result<JSONNode, SyntaxError> in
            var parser = JSONParser(bytes: bytes)
            do throws(SyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The line and column of `index`: columns count scalars, that is every byte but UTF-8's
    /// continuation bytes (10xxxxxx).
    private mutating func position() -> SourcePosition {
        var column = knownColumn
        for offset in knownOffset..<index where bytes[offset] & 0xC0 != 0x80 {
            column += 1
        }
        knownOffset = index
        knownColumn = column
        return SourcePosition(line: line, column: column)
    }

    private mutating func fail(_ message: String) -> SyntaxError {
        SyntaxError(message: message, position: position())
    }

    private func fail(_ message: String, at position: SourcePosition) -> SyntaxError {
        SyntaxError(message: message, position: position)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                knownOffset = index
                knownColumn = 1
            default:
                return
            }
        }
    }

    private mutating func parseDocument() throws(SyntaxError) -> JSONNode {
        // A byte order mark is invisible in editors: skip it without counting a column.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            knownOffset = 3
        }
        skipWhitespace()
        let node = try parseValue(depth: 0)
        skipWhitespace()
        if current != nil {
            throw fail("unexpected \(describeCurrent()) after the end of the document")
        }
        return node
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONNode {
        guard depth < maximumDepth else { throw fail("nesting deeper than \(maximumDepth) levels") }
        let start = position()
        guard let byte = current else { throw fail("unexpected end of file; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(try parseObject(depth: depth), at: start)
        case UInt8(ascii: "["): return JSONNode(try parseArray(depth: depth), at: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString(at: start)), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(.number(try parseNumber()), at: start)
        case UInt8(ascii: "t"): try expectWord("true", at: start); return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"): try expectWord("false", at: start); return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"): try expectWord("null", at: start); return JSONNode(.null, at: start)
        default: throw fail("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func expectWord(_ word: StaticString, at start: SourcePosition) throws(SyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard current == byte else { throw fail("invalid literal; expected \(word)", at: start) }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONNode.Value {
        index += 1  // {
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            let keyPosition = position()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") { throw fail("trailing comma before }") }
                if current == nil { throw fail("unexpected end of file inside an object") }
                throw fail("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let key = try parseString(at: keyPosition)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected : after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            case nil: throw fail("unexpected end of file; an object is not closed")
            default: throw fail("unexpected \(describeCurrent()); expected , or } (is a comma missing?)")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONNode.Value {
        index += 1  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw fail("trailing comma before ]") }
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            case nil: throw fail("unexpected end of file; an array is not closed")
            default: throw fail("unexpected \(describeCurrent()); expected , or ] (is a comma missing?)")
            }
        }
    }

    /// `start` is the position of the opening quote, where an unterminated string is reported.
    private mutating func parseString(at start: SourcePosition) throws(SyntaxError) -> String {
        index += 1  // opening quote
        let first = index
        // Most strings have no escape: one copy of their bytes, which are already valid UTF-8.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first..<index]))
        while true {
            guard let byte = current else { throw fail("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escapeStart = position()
                index += 1
                let scalar = try parseEscape(startingAt: escapeStart)
                if let encoded = UTF8.encode(scalar) { scratch.append(contentsOf: encoded) }
            case 0..<0x20:
                throw fail("control character U+\(hex(UInt32(byte))) inside a string; escape it")
            default:
                scratch.append(byte)
                index += 1
            }
        }
    }

    /// `start` is the position of the backslash, where an invalid escape is reported.
    private mutating func parseEscape(startingAt start: SourcePosition) throws(SyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw fail("unterminated escape sequence") }
        switch byte {
        case UInt8(ascii: "\""): index += 1; return "\""
        case UInt8(ascii: "\\"): index += 1; return "\\"
        case UInt8(ascii: "/"): index += 1; return "/"
        case UInt8(ascii: "b"): index += 1; return "\u{8}"
        case UInt8(ascii: "f"): index += 1; return "\u{C}"
        case UInt8(ascii: "n"): index += 1; return "\n"
        case UInt8(ascii: "r"): index += 1; return "\r"
        case UInt8(ascii: "t"): index += 1; return "\t"
        case UInt8(ascii: "u"):
            index += 1
            let high = try parseHexQuad()
            if (0xD800...0xDBFF).contains(high) {
                guard current == UInt8(ascii: "\\") else { throw fail("unpaired surrogate \\u\(hex(high))") }
                index += 1
                guard current == UInt8(ascii: "u") else { throw fail("unpaired surrogate \\u\(hex(high))") }
                index += 1
                let low = try parseHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate \\u\(hex(low))") }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let result = Unicode.Scalar(combined) else { throw fail("invalid escape") }
                return result
            }
            guard let result = Unicode.Scalar(high) else { throw fail("unpaired surrogate \\u\(hex(high))") }
            return result
        default:
            throw fail("invalid escape \\\(String(scalarAt: index, in: bytes))", at: start)
        }
    }

    private mutating func parseHexQuad() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw fail("expected four hex digits after \\u") }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> String {
        let first = index
        func digits(_ parser: inout JSONParser) -> Int {
            let start = parser.index
            while let byte = parser.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                parser.index += 1
            }
            return parser.index - start
        }
        if current == UInt8(ascii: "-") { index += 1 }
        let integerFirst = index
        let integerStart = position()
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw fail("expected a digit") }
        if integerDigits > 1, bytes[integerFirst] == UInt8(ascii: "0") {
            throw fail("leading zeros are not allowed in numbers", at: integerStart)
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw fail("expected a digit after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw fail("expected a digit in the exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self)
    }

    /// The scalar at `index` as a message names it: quoted, or by its code when it is invisible.
    private func describeCurrent() -> String {
        let text = String(scalarAt: index, in: bytes)
        let scalar = text.unicodeScalars.first ?? "\u{0}"
        if scalar.value < 0x20 || scalar.value == 0x7F { return "character U+\(hex(scalar.value))" }
        return "'\(text)'"
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension String {
    /// The one scalar whose first byte is at `offset`.
    fileprivate init(scalarAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        self.init(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }
}
