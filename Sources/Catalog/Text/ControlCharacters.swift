/// C0 controls, DEL and C1 controls in text that comes from files and command lines. A terminal
/// acts on them instead of showing them: a carriage return moves the cursor to column 0, ESC
/// starts a sequence, BEL rings, NUL ends a C string. Lint reports them in catalogs and themes;
/// messages escape them, so a file name with a newline or ESC cannot break the line it is on.
public enum ControlCharacters {
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    public static func contains(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// `text` with each control written as JSON writes it (`\r`, `\n`, `\t`, `\u001B`), and
    /// everything else as it is. `keepingNewlines` leaves line feeds alone, for a message of
    /// several lines printed as a whole (a command's error, a scenario's transcript).
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard contains(text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingNewlines: result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u" + hex(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
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
}
