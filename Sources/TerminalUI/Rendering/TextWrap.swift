/// Breaks text into lines of at most `width` display columns, at spaces where it can, after an
/// ideographic comma or full stop (`、` `。`, where Japanese breaks a line that has no spaces),
/// and anywhere where it must (a URL has no spaces), so every character is shown somewhere.
public enum TextWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for piece in pieces(of: paragraph) {
                let pieceWidth = DisplayWidth.of(piece.text)
                let gap = line.isEmpty || !piece.spaced ? 0 : 1
                if lineWidth + gap + pieceWidth <= width {
                    if gap == 1 { line += " " }
                    line += piece.text
                    lineWidth += gap + pieceWidth
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                lineWidth = 0
                // A piece longer than the line is cut into pieces that fill it.
                for character in piece.text {
                    let characterWidth = DisplayWidth.of(character)
                    if lineWidth + characterWidth > width {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += characterWidth
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// As `lines`, but a paragraph that begins with no-break spaces (indented JSON, as the Server
    /// pane's details show a request) keeps its indent on every line it wraps to, so nesting
    /// still reads. An indent wider than half the line is cut to half: the text keeps room.
    public static func linesKeepingIndents(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [String] in
            let indent = paragraph.prefix { $0 == "\u{00A0}" }.count
            guard indent > 0 else { return lines(String(paragraph), width: width) }
            let kept = String(repeating: "\u{00A0}", count: min(indent, width / 2))
            return lines(String(paragraph.dropFirst(indent)), width: width - kept.count).map { kept + $0 }
        }
    }

    /// The parts of `text` no line breaks inside, unless one is wider than the line: the words
    /// between spaces, each cut after an ideographic comma or full stop. `spaced` when a space
    /// comes before the part (a line that goes on past it keeps the space).
    public static func pieces(of text: some StringProtocol) -> [(text: String, spaced: Bool)] {
        var pieces: [(text: String, spaced: Bool)] = []
        for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            var current = ""
            var spaced = index > 0
            for character in word {
                current.append(character)
                if breaksAfter.contains(character) {
                    pieces.append((current, spaced))
                    current = ""
                    spaced = false
                }
            }
            // An empty word (two spaces in a row) is kept, as the space it stands for.
            if !current.isEmpty || word.isEmpty {
                pieces.append((current, spaced))
            }
        }
        return pieces
    }

    /// Where a line may break with no space: after Japanese and Chinese commas and full stops.
    private static let breaksAfter: Set<Character> = ["、", "。", "，"]
}
