import TestFixtures
import Testing
@testable import TerminalUI

/// Control characters from a catalog or a theme (`\r` in a product name, ESC, BEL, NUL, DEL, C1)
/// must never reach the terminal: `\r` moved the cursor to column 0 and erased the border, ESC
/// and BEL drew as `^[` and `^G` and shifted the row, NUL cut the string. Each draws as one
/// visible U+FFFD and is measured as the one column it takes.
@Suite("Frame: control characters")
struct ControlCharacterFrameTests {
    static let replacement = "\u{FFFD}"

    /// Every control a file can hold: C0 but tab and newline (which draw as a space), DEL, C1.
    static let controls: [Unicode.Scalar] = (0x00...0x1F).filter { $0 != 0x09 && $0 != 0x0A }
        .compactMap(Unicode.Scalar.init) + ["\u{7F}", "\u{80}", "\u{9B}", "\u{9F}"]

    private func hasControl(_ cell: Cell) -> Bool {
        cell.grapheme.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    @Test(arguments: controls)
    func aControlDrawsAsOneReplacementCell(_ control: Unicode.Scalar) {
        var frame = Frame(width: 5, height: 1)
        let used = frame.write("a\(Character(control))b", x: 0, y: 0, style: .plain)
        #expect(used == 3)
        #expect(frame[1, 0].grapheme == Self.replacement && frame[1, 0].width == 1)
        #expect(frame[2, 0].grapheme == "b")
        #expect(!frame.cells.contains(where: hasControl))
        #expect(DisplayWidth.of("a\(Character(control))b") == 3)
    }

    @Test func aCarriageReturnInANameKeepsTheBorder() {
        var frame = Frame(width: 12, height: 3)
        let inner = frame.drawBox(frame.area, border: .rounded, style: .plain)
        frame.write("Gems\rfree\u{1B}[2J", in: inner, style: .plain)
        #expect(frame.lines == ["╭──────────╮", "│Gems�free…│", "╰──────────╯"])
        #expect(!frame.cells.contains(where: hasControl))
    }

    @Test func aNulDoesNotCutTheText() {
        var frame = Frame(width: 8, height: 1)
        frame.write("ab\u{0}cd", x: 0, y: 0, style: .plain)
        #expect(frame.lines == ["ab�cd"])
    }

    @Test func tabsNewlinesAndCRLFDrawAsOneSpace() {
        var frame = Frame(width: 8, height: 1)
        let used = frame.write("a\tb\nc\r\nd", x: 0, y: 0, style: .plain)
        #expect(used == 7)
        #expect(frame.lines == ["a b c d"])
        #expect(DisplayWidth.of("a\tb\nc\r\nd") == 7)
        #expect(!frame.cells.contains(where: hasControl))
    }

    @Test func widthsPaddingAndTruncationCountAControlAsOneColumn() {
        #expect(DisplayWidth.of("\u{7}\u{1B}\u{0}") == 3)
        #expect(DisplayWidth.pad("a\u{1B}", to: 4) == "a\u{1B}  ")
        #expect(DisplayWidth.of(DisplayWidth.truncate("\u{1B}\u{1B}\u{1B}\u{1B}", to: 3)) == 3)
    }
}
