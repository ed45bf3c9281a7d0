import Testing
@testable import TerminalUI

/// Lines break at spaces, after an ideographic comma or full stop (Japanese has no spaces to
/// break at), and inside a piece only when it is wider than the line.
@Suite("Text wrap")
struct TextWrapTests {
    @Test func spacesBreakLines() {
        #expect(TextWrap.lines("1 week free, then $4.99/month", width: 14) == ["1 week free,", "then", "$4.99/month"])
    }

    @Test func japaneseBreaksAfterItsComma() {
        // 24 columns in all: after 、 the rest goes to the next line, with no space added.
        #expect(TextWrap.lines("1週間無料、以降¥6,000/年", width: 20) == ["1週間無料、", "以降¥6,000/年"])
        #expect(TextWrap.lines("1週間無料、以降¥6,000/年", width: 24) == ["1週間無料、以降¥6,000/年"])
        #expect(TextWrap.pieces(of: "1週間無料、以降¥800/月").map(\.text) == ["1週間無料、", "以降¥800/月"])
    }

    @Test func aPieceWiderThanTheLineIsCut() {
        #expect(TextWrap.lines("https://example.com/terms", width: 10) == ["https://ex", "ample.com/", "terms"])
    }

    @Test func doubleSpacesAndEmptyTextKeepTheirShape() {
        #expect(TextWrap.lines("a  b", width: 10) == ["a  b"])
        #expect(TextWrap.lines("", width: 10) == [""])
    }

    /// Indented JSON wraps under its own indent, so a nested value still reads as nested.
    @Test func anIndentedParagraphKeepsItsIndentOnEveryLine() {
        let nbsp = "\u{00A0}"
        let text = "{\n" + nbsp + nbsp + #""productId": "com.example.stardust.pro_monthly""# + "\n}"
        #expect(TextWrap.linesKeepingIndents(text, width: 20) == [
            "{", nbsp + nbsp + #""productId":"#, nbsp + nbsp + #""com.example.stard"#, nbsp + nbsp + #"ust.pro_monthly""#, "}",
        ])
        // Unindented text wraps as `lines` wraps it.
        #expect(TextWrap.linesKeepingIndents("1 week free, then $4.99/month", width: 14) == ["1 week free,", "then", "$4.99/month"])
        // An indent past half the line keeps half: the text has room.
        #expect(TextWrap.linesKeepingIndents(String(repeating: nbsp, count: 8) + "abcdef", width: 6)
                == [nbsp + nbsp + nbsp + "abc", nbsp + nbsp + nbsp + "def"])
    }
}

