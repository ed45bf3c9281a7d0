import TestFixtures
import Testing
@testable import TerminalUI

@Suite("Frame and widths")
struct FrameTests {
    @Test(arguments: [
        ("abc", 3), ("ジェムの袋", 10), ("9,99\u{A0}€", 6), ("\u{200F}١٨٫٩٩\u{A0}ر.س.\u{200F}", 10), ("e\u{301}", 1),
        ("🎁", 2), ("¥800", 4),
    ])
    func displayWidth(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func wideCharactersTakeTwoCellsWithAnExplicitContinuation() {
        var frame = Frame(width: 6, height: 1)
        let used = frame.write("ジェ", x: 0, y: 0, style: .plain)
        #expect(used == 4)
        #expect(frame[0, 0].grapheme == "ジ" && frame[0, 0].width == 2)
        #expect(frame[1, 0].isContinuation)
        #expect(frame.lines == ["ジェ"])
    }

    @Test func aWideCharacterThatDoesNotFitLeavesABlank() {
        var frame = Frame(width: 3, height: 1)
        frame.write("aジェ", x: 0, y: 0, style: .plain)
        #expect(frame.lines == ["aジ"])
        var narrow = Frame(width: 2, height: 1)
        narrow.write("aジ", x: 0, y: 0, style: .plain)
        #expect(narrow.lines == ["a"])
    }

    @Test func overwritingHalfAWideCharacterClearsTheOtherHalf() {
        var frame = Frame(width: 4, height: 1)
        frame.write("ジェ", x: 0, y: 0, style: .plain)
        frame.write("x", x: 1, y: 0, style: .plain)
        #expect(frame.lines == [" xェ"])
        #expect(!frame[2, 0].isContinuation)
    }

    @Test func bidiMarksAreDroppedAndDoNotShiftColumns() {
        var frame = Frame(width: 12, height: 1)
        let used = frame.write("\u{200F}١٨\u{200F}|", x: 0, y: 0, style: .plain)
        #expect(used == 3)
        #expect(frame[2, 0].grapheme == "|")
    }

    @Test func truncationAddsAnEllipsisWithinTheWidth() {
        #expect(DisplayWidth.truncate("Pouch of Gems", to: 8) == "Pouch o…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("ジェムの袋", to: 5)) <= 5)
        #expect(DisplayWidth.pad("9,99\u{A0}€", to: 8, alignment: .trailing) == "  9,99\u{A0}€")
    }

    @Test func layoutSplitsExactlyAndShrinksFromTheEnd() {
        let area = Rect(x: 0, y: 0, width: 100, height: 10)
        let parts = Layout.split(area, .horizontal, [.length(10), .percent(30), .fill(1), .fill(1)])
        #expect(parts.map(\.width) == [10, 30, 30, 30])
        #expect(parts.map(\.x) == [0, 10, 40, 70])
        let tight = Layout.split(Rect(x: 0, y: 0, width: 10, height: 5), .vertical, [.length(3), .length(4)])
        #expect(tight.map(\.height) == [3, 2])
    }

    @Test func boxTitleAndBorders() {
        var frame = Frame(width: 12, height: 3)
        let inner = frame.drawBox(frame.area, title: "Events", border: .rounded, style: .plain)
        #expect(frame.lines == ["╭─ Events ─╮", "│          │", "╰──────────╯"])
        #expect(inner == Rect(x: 1, y: 1, width: 10, height: 1))
    }
}
