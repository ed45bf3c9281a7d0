/// Terminal column widths measured per grapheme cluster, never with `count`: formatted prices
/// carry U+00A0, U+202F and U+200F, and names carry wide CJK characters.
public enum DisplayWidth {
    /// 0, 1 or 2 columns, as `Frame.write` draws it: a control character takes the one column
    /// of what is drawn in its place (`drawn(forControl:)`).
    public static func of(_ grapheme: Character) -> Int {
        if grapheme.asciiValue != nil || isControl(grapheme) { return 1 }
        var width = 0
        for scalar in grapheme.unicodeScalars {
            let scalarWidth = of(scalar)
            if scalarWidth > width { width = scalarWidth }
            // An emoji variation selector turns a text symbol into a two-column emoji.
            if scalar.value == 0xFE0F { width = 2 }
        }
        return width
    }

    public static func of(_ text: String) -> Int {
        // Most of what a frame holds is printable ASCII: one column a byte, no Unicode tables.
        if text.utf8.allSatisfy(isPrintableASCII) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x80 { return isPrintableASCII(UInt8(value)) ? 1 : 0 }
        if value < 0xA0 { return 0 }  // C1 controls
        if isInvisible(scalar) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    static func isPrintableASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }

    /// C0 controls, DEL and C1 controls: a terminal acts on them (a carriage return moves the
    /// cursor, ESC starts a sequence, NUL ends a C string) instead of showing them. A control is
    /// always a grapheme of its own, but for CR LF.
    public static func isControl(_ grapheme: Character) -> Bool {
        guard let value = grapheme.unicodeScalars.first?.value else { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// What `Frame.write` draws in place of a control character, in one column: a space for the
    /// whitespace ones (tab, newline, CR LF), else U+FFFD, visibly not what the text meant.
    /// Nil when `grapheme` is not a control.
    public static func drawn(forControl grapheme: Character) -> String? {
        guard isControl(grapheme) else { return nil }
        return grapheme == "\t" || grapheme == "\n" || grapheme == "\r\n" ? " " : "\u{FFFD}"
    }

    /// Combining marks, format characters (bidi marks, zero-width joiners) and similar take no column.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: break
        }
        let value = scalar.value
        return (0x1160...0x11FF).contains(value) || (0xFE00...0xFE0F).contains(value)
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The longest prefix of `text` that fits in `width` columns, with `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = of(character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// `text` padded with spaces (or cut) to exactly `width` columns.
    public static func pad(_ text: String, to width: Int, alignment: Alignment = .leading) -> String {
        let cut = truncate(text, to: width)
        let gap = max(0, width - of(cut))
        switch alignment {
        case .leading: return cut + String(repeating: " ", count: gap)
        case .trailing: return String(repeating: " ", count: gap) + cut
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + cut + String(repeating: " ", count: gap - left)
        }
    }

    public enum Alignment: Sendable {
        case leading, trailing, center
    }
}
