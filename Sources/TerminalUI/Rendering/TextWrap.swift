/// Breaks text into lines of at most `width` display columns, at spaces where it can and
/// anywhere where it must (a URL has no spaces), so every character is shown somewhere.
public enum TextWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let wordWidth = DisplayWidth.of(word)
                let gap = line.isEmpty ? 0 : 1
                if lineWidth + gap + wordWidth <= width {
                    if gap == 1 { line += " " }
                    line += word
                    lineWidth += gap + wordWidth
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                lineWidth = 0
                // A word longer than the line is cut into pieces that fill it.
                for character in word {
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
}
