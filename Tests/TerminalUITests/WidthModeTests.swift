import TerminalUI
import Testing

/// Widths as the terminal draws them: per code point (tmux, xterm, wcwidth) or per grapheme
/// cluster (mode 2027), for the clusters where the two differ and one where they agree.
@Suite("Widths per code point and per grapheme")
struct WidthModeTests {
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    static let flag = "\u{1F1F8}\u{1F1E6}"
    static let skinTone = "\u{1F44D}\u{1F3FD}"
    static let devanagari = "हिंदी"
    static let combining = "e\u{0301}"

    /// (text, columns per code point, columns per grapheme)
    static let cases: [(String, Int, Int)] = [
        (family, 8, 2), (flag, 2, 2), (skinTone, 4, 2), (devanagari, 4, 2), (combining, 1, 1),
    ]

    @Test("each sample in both modes", arguments: 0..<5)
    func widths(index: Int) {
        let (text, perCodePoint, graphemes) = Self.cases[index]
        #expect(DisplayWidth.measuring(.perCodePoint) { DisplayWidth.of(text) } == perCodePoint)
        #expect(DisplayWidth.measuring(.graphemes) { DisplayWidth.of(text) } == graphemes)
    }

    /// What follows a cluster starts where the terminal's cursor will be after it.
    @Test("a frame puts the next column where the terminal will", arguments: 0..<5, WidthMode.allCases)
    func nextColumn(index: Int, mode: WidthMode) {
        let (text, perCodePoint, graphemes) = Self.cases[index]
        let frame = DisplayWidth.measuring(mode) {
            var frame = Frame(width: 20, height: 1)
            frame.write(text + "|", x: 0, y: 0, style: .plain)
            return frame
        }
        let expected = mode == .perCodePoint ? perCodePoint : graphemes
        #expect(frame[expected, 0].grapheme == "|", "\(frame.lines)")
    }

    /// Per code point the family is its four people, with no joiner between them for a
    /// terminal to act on; per grapheme it is one cell that keeps its joiners.
    @Test func joinersAreSentOnlyToAGraphemeTerminal() {
        let perCodePoint = DisplayWidth.measuring(.perCodePoint) { DisplayWidth.cells(of: Array(Self.family.unicodeScalars)) }
        #expect(perCodePoint.map(\.width) == [2, 2, 2, 2])
        #expect(!perCodePoint.contains { $0.grapheme.unicodeScalars.contains("\u{200D}") })
        let graphemes = DisplayWidth.measuring(.graphemes) { DisplayWidth.cells(of: Array(Self.family.unicodeScalars)) }
        #expect(graphemes == [DisplayWidth.DrawnCell(grapheme: Self.family, width: 2)])
    }

    /// A name is cut between clusters, never inside one.
    @Test func truncationKeepsClustersWhole() {
        let name = "Pass " + Self.family + " club"
        let cut = DisplayWidth.measuring(.perCodePoint) { DisplayWidth.truncate(name, to: 10) }
        #expect(cut == "Pass …")
        let whole = DisplayWidth.measuring(.perCodePoint) { DisplayWidth.truncate(name, to: 14) }
        #expect(whole == "Pass " + Self.family + "…")
    }

    @Test func theDefaultIsPerCodePoint() {
        #expect(DisplayWidth.mode == .perCodePoint)
        #expect(DisplayWidth.of(Self.family) == 8)
    }
}
