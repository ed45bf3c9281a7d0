/// Characters in text from files and command lines that a terminal does not simply show.
///
/// Controls (C0, DEL, C1) it acts on instead: a carriage return moves the cursor to column 0,
/// ESC starts a sequence, BEL rings, NUL ends a C string. Lint reports them in catalogs and
/// themes. Hidden characters draw nothing but change what is around them: the bidi controls
/// (U+202A-202E embeddings and overrides, U+2066-2069 isolates) and marks (U+200E, U+200F,
/// U+061C) reorder the text after them, so a refused URL could read as the good one, and the
/// other invisible format characters (U+200B, U+2060, U+FEFF, tags, …) and the line and
/// paragraph separators hide inside or between words. Every message and every file written
/// from such text escapes both (`escaped`), as the screen leaves them out of its cells.
public enum ControlCharacters {
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// A character that draws nothing and can reorder or hide the text around it: a format
    /// character (Unicode's category Cf) or a line or paragraph separator. Not the joiners
    /// (U+200C, U+200D), which only shape an emoji or a script's letters, nor the signs of
    /// Arabic and Syriac numbers (U+0600-0605, …), which are drawn.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0xAC: return false
        case 0x200C, 0x200D: return false
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD: return false
        case 0x2028, 0x2029: return true
        default: return scalar.properties.generalCategory == .format
        }
    }

    /// The bidi marks (left-to-right, right-to-left, Arabic letter mark): hidden characters that
    /// number formatting puts into prices of right-to-left storefronts (`‏٣٫٩٩ ر.س.‏`).
    public static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
    }

    public static func contains(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// Whether `escaped` would change `text`: it holds a control or a hidden character.
    public static func needsEscaping(_ text: String) -> Bool {
        // Printable ASCII, most text, is answered from its bytes.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return false }
        return text.unicodeScalars.contains { isControl($0) || isHidden($0) }
    }

    /// `text` with each control and hidden character written as JSON writes it (`\r`, `\n`,
    /// `\t`, `\u001B`, `\u202E`; a character beyond U+FFFF as its UTF-16 pair, `\uDB40\uDC41`),
    /// and everything else as it is, so the result is also valid inside a JSON string that
    /// escapes `"` and `\`.
    /// - Parameters:
    ///   - keepingNewlines: leaves line feeds alone, for a message of several lines printed as
    ///     a whole (a command's error, a scenario's transcript, a JSON document).
    ///   - keepingMarks: leaves the bidi marks (`isMark`) alone, for lines that hold prices
    ///     the program formatted itself; text quoted from outside never keeps them.
    public static func escaped(_ text: String, keepingNewlines: Bool = false, keepingMarks: Bool = false) -> String {
        guard needsEscaping(text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingNewlines: result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where keepingMarks && isMark(scalar): result.unicodeScalars.append(scalar)
            case _ where isControl(scalar) || isHidden(scalar): result += unicodeEscape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `\u202E`, or for a scalar beyond the Basic Multilingual Plane its UTF-16 surrogate pair
    /// (`\uDB40\uDC41`), as JSON spells any character.
    public static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        String(Character(scalar)).utf16.map { "\\u" + hex($0) }.joined()
    }

    /// `U+001B (escape) at character 4, U+000D (carriage return) at 9`: the controls of `text`
    /// (the first `limit` of them) with their 1-based places in Unicode scalars; nil when it has none.
    static func describe(in text: String, limit: Int = 3) -> (count: Int, list: String)? {
        var found: [String] = []
        var count = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() where isControl(scalar) {
            count += 1
            guard found.count < limit else { continue }
            let name = names[scalar.value].map { " (\($0))" } ?? ""
            let place = found.isEmpty ? "at character \(offset + 1)" : "at \(offset + 1)"
            found.append("U+\(hex(scalar))\(name) \(place)")
        }
        guard count > 0 else { return nil }
        if count > found.count { found.append("\(count - found.count) more") }
        let list = found.count > 1 ? found.dropLast().joined(separator: ", ") + " and " + (found.last ?? "") : found[0]
        return (count, list)
    }

    private static let names: [UInt32: String] = [
        0x00: "null", 0x07: "bell", 0x08: "backspace", 0x09: "tab", 0x0A: "newline", 0x0B: "vertical tab",
        0x0C: "form feed", 0x0D: "carriage return", 0x1B: "escape", 0x7F: "delete",
    ]

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
