import TerminalUI
import Testing

/// A mirrored rectangle: a view draws as always, and its layout comes out mirrored with its
/// text in visual order.
@Suite("Right-to-left frames")
struct RightToLeftFrameTests {
    private func mirrored(width: Int, _ draw: (Rect, inout Frame) -> Void) -> Frame {
        var frame = Frame(width: width, height: 1)
        frame.draw(.rightToLeft, in: frame.area, draw)
        return frame
    }

    @Test func leadingTextEndsOnTheRightAndReads() {
        let frame = mirrored(width: 10) { area, frame in frame.write("abc", in: area, style: .plain) }
        #expect(frame.lines == ["       abc"])
    }

    @Test func columnsComeInMirroredOrder() {
        let frame = mirrored(width: 9) { _, frame in
            frame.write("one", x: 0, y: 0, style: .plain)
            frame.write("two", x: 6, y: 0, style: .plain)
        }
        #expect(frame.lines == ["two   one"])
    }

    /// Arabic is reversed into visual order and shaped: "كيس" (pouch) shows its final, medial
    /// and initial forms from left to right; the digits of a price keep their order.
    @Test func arabicIsInVisualOrderAndShaped() {
        let frame = mirrored(width: 12) { area, frame in frame.write("كيس 100", in: area, style: .plain) }
        #expect(frame.lines == ["     100 \u{FEB2}\u{FEF4}\u{FEDB}"], "\(frame.lines.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
    }

    /// "لا شيء" (nothing): lam and alef join into one column (U+FEFB), so the shaped text is
    /// five columns where its letters count six. Aligned either way it ends on the edge.
    @Test("A lam-alef ligature's line reaches the edge it is aligned to",
          arguments: [(DisplayWidth.Alignment.leading, "               \u{621}\u{FEF2}\u{FEB7} \u{FEFB}"),
                      (.trailing, "\u{621}\u{FEF2}\u{FEB7} \u{FEFB}")])
    func ligatureAlignment(alignment: DisplayWidth.Alignment, line: String) {
        let frame = mirrored(width: 20) { area, frame in frame.write("لا شيء", in: area, alignment: alignment, style: .plain) }
        #expect(frame.lines == [line], "\(frame.lines.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
    }

    @Test func boxCornersAndMarkersTurnRound() {
        let frame = mirrored(width: 6) { _, frame in
            frame.write("╭", x: 0, y: 0, style: .plain)
            frame.write("▸", x: 2, y: 0, style: .plain)
            frame.write("╮", x: 5, y: 0, style: .plain)
        }
        #expect(frame.lines == ["╭  ◂ ╮"])
    }

    @Test func aWideCharacterKeepsItsContinuationOnItsRight() {
        let frame = mirrored(width: 4) { _, frame in frame.write("日", x: 0, y: 0, style: .plain) }
        #expect(frame.lines == ["  日"])
        #expect(frame[2, 0].width == 2 && frame[3, 0].isContinuation)
    }

    @Test func leftToRightLocalesAreNotMirrored() {
        #expect(WritingDirection(locale: "ar_SA") == .rightToLeft)
        #expect(WritingDirection(locale: "he-IL") == .rightToLeft)
        #expect(WritingDirection(locale: "en_US") == .leftToRight)
        #expect(WritingDirection(locale: "hi_IN") == .leftToRight)
    }
}
