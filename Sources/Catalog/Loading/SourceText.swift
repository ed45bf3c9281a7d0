import Foundation

/// The text of a file from its bytes, strictly UTF-8. When it is not, the error names the first
/// bad byte at its line and column, counted as `JSONParser` counts them (Unicode scalars; a
/// leading byte order mark takes no column), so the place is the one an editor shows.
/// Foundation's `String(data:encoding:)` says neither where nor why, and on Linux it reads a
/// UTF-16 byte order mark as a cue to decode UTF-16.
public enum SourceText {
    public struct NotUTF8: Error, Sendable, Equatable {
        /// At `$`, with the position of the first bad byte.
        public var diagnostic: Diagnostic
    }

    public static func decode(_ data: Data) throws(NotUTF8) -> String {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            let bom = data.prefix(2).map(hex).joined(separator: " ")
            throw failure("the file starts with \(bom), a UTF-16 byte order mark; save it as UTF-8",
                          at: SourcePosition(line: 1, column: 1))
        }
        // The standard library's validation is one quick pass; only a file that fails it is
        // walked again, scalar by scalar, to say where.
        let text = data.withUnsafeBytes { String(validating: $0.bindMemory(to: UInt8.self), as: UTF8.self) }
        if let text { return text }
        let bytes = [UInt8](data)
        if let bad = firstBadByte(in: bytes) { throw bad }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes scalar by scalar up to the first error, counting lines and columns on the way;
    /// nil when every byte is part of a character.
    private static func firstBadByte(in bytes: [UInt8]) -> NotUTF8? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else if !(scalar == "\u{FEFF}" && offset == UTF8.width(scalar)) {
                    column += 1
                }
                continue
            case .emptyInput:
                return nil
            case .error:
                break
            }
            break
        }
        let byte = offset < bytes.count ? hex(bytes[offset]) : "at the end"
        return failure("byte \(byte) is not part of a UTF-8 character (is the file Latin-1, Windows-1252 or UTF-16?); save it as UTF-8",
                       at: SourcePosition(line: line, column: column))
    }

    private static func failure(_ message: String, at position: SourcePosition) -> NotUTF8 {
        NotUTF8(diagnostic: Diagnostic(.error, path: "$", position: position, message: "not UTF-8: \(message)",
                                       rule: LintRule.encoding.id))
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
