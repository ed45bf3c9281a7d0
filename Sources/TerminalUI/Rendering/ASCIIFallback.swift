import Foundation

/// What a terminal under a locale that is not UTF-8 (`LANG=C`) can show: ASCII only. Every
/// cell keeps its columns, so the layout stays as drawn: box lines become `+ - |`, the marks
/// their nearest ASCII (`★` `*`, `✓` `v`, `…` `.`), accented letters their base letter, and what
/// has no ASCII look-alike (CJK, Arabic) a `?` per column.
extension Frame {
    public var inASCII: Frame {
        var frame = Frame(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let cell = self[x, y]
                // The second column of a wide character is a `?` of its own.
                let text = cell.isContinuation ? "?" : ASCIIFallback.text(for: cell.grapheme, width: cell.width)
                frame.write(text, x: x, y: y, limit: 1, style: cell.style)
            }
        }
        return frame
    }
}

enum ASCIIFallback {
    private static let marks: [Character: Character] = [
        "─": "-", "━": "-", "═": "=", "│": "|", "┃": "|", "║": "|",
        "╭": "+", "╮": "+", "╰": "+", "╯": "+", "┌": "+", "┐": "+", "└": "+", "┘": "+",
        "╔": "+", "╗": "+", "╚": "+", "╝": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+",
        "…": ".", "·": ".", "•": "*", "★": "*", "☆": "*", "✓": "v", "✔": "v", "✗": "x", "○": "o", "●": "*",
        "◉": "*", "▲": "^", "▼": "v", "▸": ">", "▶": ">", "◀": "<", "◂": "<", "←": "<", "→": ">", "↑": "^",
        "↓": "v", "⏸": "=", "–": "-", "—": "-", "‘": "'", "’": "'", "“": "\"", "”": "\"", "«": "<", "»": ">",
        "€": "E", "£": "L", "¥": "Y", "₹": "R", "₩": "W", "¢": "c", "×": "x", "÷": "/", "�": "?",
        "\u{00A0}": " ", "\u{202F}": " ", "\u{2009}": " ",
    ]

    /// `grapheme` in ASCII, `width` columns wide (its first column, for a wide character).
    static func text(for grapheme: String, width: Int) -> String {
        if grapheme.allSatisfy(\.isASCII) { return grapheme }
        if let first = grapheme.first, let mark = marks[first] { return String(mark) }
        // é → e: the letters of the decomposition that are ASCII, marks dropped.
        let base = grapheme.decomposedStringWithCanonicalMapping.unicodeScalars.filter(\.isASCII)
        if width == 1, base.count == 1 { return String(String.UnicodeScalarView(base)) }
        return "?"
    }
}
