import Testing
@testable import TerminalUI

/// A box's edges and a padded line are set cell by cell, not built as a string first: each
/// must leave the very cells the string, written, would leave. The string is written here as
/// the oracle, in every border, at every alignment, clipped by the frame's edges.
@Suite("Frame: cells set directly, as the written string sets them")
struct DirectCellsTests {
    static let rects = [Rect(x: 1, y: 1, width: 10, height: 4), Rect(x: -3, y: 0, width: 9, height: 3),
                        Rect(x: 8, y: 2, width: 9, height: 3), Rect(x: 0, y: 0, width: 2, height: 2),
                        Rect(x: 3, y: 4, width: 6, height: 3)]

    /// A frame with something under the box, so what an edge leaves and overwrites both show.
    private func background() -> Frame {
        var frame = Frame(width: 12, height: 6)
        for y in 0..<6 { frame.write("日本語の文字です", x: y % 2, y: y, style: Style(bold: true)) }
        return frame
    }

    @Test(arguments: BorderStyle.allCases)
    func aBoxsEdgesAreTheCellsOfItsEdgeStrings(_ border: BorderStyle) {
        let style = Style(foreground: RGB(1, 2, 3))
        for rect in Self.rects {
            var drawn = background()
            drawn.drawBox(rect, border: border, style: style)
            var expected = background()
            let g = border.glyphs
            let line = String(repeating: g.horizontal, count: rect.width - 2)
            expected.write(g.topLeft + line + g.topRight, x: rect.x, y: rect.y, limit: rect.width, style: style)
            expected.write(g.bottomLeft + line + g.bottomRight, x: rect.x, y: rect.maxY - 1, limit: rect.width, style: style)
            for y in (rect.y + 1)..<(rect.maxY - 1) {
                expected.write(g.vertical, x: rect.x, y: y, style: style)
                expected.write(g.vertical, x: rect.maxX - 1, y: y, style: style)
            }
            #expect(drawn == expected, "\(border) at \(rect)")
        }
    }

    static let texts = ["Buy", "Gems · 100 for $4.99", "4,99 €", "Подписка на год", "日本語", "x日", "a much longer line than fits", ""]

    @Test(arguments: [DisplayWidth.Alignment.leading, .trailing, .center])
    func aPaddedLineIsTheCellsOfThePaddedString(_ alignment: DisplayWidth.Alignment) {
        let style = Style(underline: true)
        for text in Self.texts {
            for rect in [Rect(x: 1, y: 0, width: 9, height: 1), Rect(x: 2, y: 1, width: 4, height: 1),
                         Rect(x: -2, y: 2, width: 8, height: 1), Rect(x: 7, y: 3, width: 9, height: 1),
                         Rect(x: 0, y: 4, width: 1, height: 1)] {
                var drawn = background()
                drawn.write(text, in: rect, alignment: alignment, style: style)
                var expected = background()
                expected.write(DisplayWidth.pad(text, to: rect.width, alignment: alignment), x: rect.x, y: rect.y,
                               limit: rect.width, style: style)
                #expect(drawn == expected, "\(text) \(alignment) in \(rect)")
            }
        }
    }
}
