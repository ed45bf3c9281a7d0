import Catalog

/// Numbers and text as the SVG and HTML files spell them.
enum SVGNumber {
    /// At most two decimals, and none for a whole number: the grid's coordinates are mostly
    /// whole, and a picture of 4,800 cells should not spell `12.000000`.
    static func format(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        if hundredths.truncatingRemainder(dividingBy: 100) == 0 { return String(Int(hundredths) / 100) }
        return String(hundredths / 100)
    }
}

/// Text in a page or a picture the exports write (SVG and HTML alike).
enum MarkupEscaping {
    /// `text` safe inside an element or a quoted attribute: the five XML specials as entities,
    /// and the characters XML 1.0 forbids (controls, lone surrogates cannot occur in a String)
    /// as U+FFFD, so a stray control byte in a cell cannot make the file unreadable; a hidden
    /// character (a bidi override in a theme's name) spelt out as `\u202E`, which a browser
    /// shows rather than obeys.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case _ where ControlCharacters.isHidden(scalar): result += ControlCharacters.unicodeEscape(scalar)
            default: result.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&", "<", ">", "\"", "'": return true
        default: return !isAllowed(scalar) || ControlCharacters.isHidden(scalar)
        }
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return true
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: return false
        default: return true
        }
    }
}
