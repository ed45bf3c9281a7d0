import Testing
@testable import TerminalUI

/// Under `LANG=C` the terminal shows ASCII only: the frame drawn there keeps every column and
/// style and has nothing else.
@Suite("ASCII frames for a locale that is not UTF-8")
struct ASCIIFallbackTests {
    @Test func bordersMarksAndLettersBecomeASCII() {
        var frame = Frame(width: 24, height: 3)
        let red = Style(foreground: RGB(255, 0, 0))
        frame.drawBox(frame.area, title: "1 year ★", border: .rounded, style: red)
        frame.write("✓ Café 9,99\u{00A0}€ …", x: 1, y: 1, style: .plain)
        let ascii = frame.inASCII
        #expect(ascii.lines == ["+- 1 year * -----------+", "|v Cafe 9,99 E .       |", "+----------------------+"])
        #expect(ascii.cells.allSatisfy { $0.grapheme.allSatisfy(\.isASCII) && $0.width == 1 })
        #expect(ascii[0, 0].style == red)
    }

    @Test func wideAndUnknownCharactersKeepTheirColumns() {
        var frame = Frame(width: 10, height: 1)
        frame.write("年間パ|ع", x: 0, y: 0, style: .plain)
        let ascii = frame.inASCII
        #expect(ascii.lines == ["??????|?"])
        #expect(ascii.width == 10)
    }
}
