import TerminalUI
import Testing

/// Mixed-direction text in a right-to-left line: fribidi orders it, and each grapheme cluster
/// (an emoji sequence, a flag, a letter with its mark) comes out whole, in its own order.
/// "كيس" (pouch) reads ﺲﻴﻛ on screen: its final, medial and initial forms from left to right.
@Suite("Mixed-direction text in visual order")
struct BidiTextTests {
    private static let pouch = "\u{FEB2}\u{FEF4}\u{FEDB}"

    private func visual(_ text: String) -> String {
        BidiText.visualRightToLeft(text)
    }

    /// The code points in hex, so a failure shows what a terminal would be sent.
    private func hex(_ text: String) -> String {
        text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }

    @Test func arabicLettersJoinAndReadRightToLeft() {
        #expect(visual("كيس") == Self.pouch, "\(hex(visual("كيس")))")
    }

    /// "لا شيء" (nothing): lam and alef become the one glyph U+FEFB, nothing left in between.
    @Test func lamAndAlefLigate() {
        let shown = visual("لا شيء")
        #expect(shown == "\u{621}\u{FEF2}\u{FEB7} \u{FEFB}", "\(hex(shown))")
    }

    /// A kasra stays on its kaf, after it, as a terminal draws a mark on the cell before.
    @Test func aMarkStaysWithItsLetter() {
        let shown = visual("ك\u{650}يس")
        #expect(shown == "\u{FEB2}\u{FEF4}\u{FEDB}\u{650}", "\(hex(shown))")
    }

    /// The English keeps its own order (an accent on its letter) to the left of the Arabic.
    @Test func anEnglishPhraseInAnArabicLine() {
        let shown = visual("كيس Cafe\u{301} Noir")
        #expect(shown == "Cafe\u{301} Noir " + Self.pouch, "\(hex(shown))")
    }

    /// A price keeps its digits' order. After Arabic letters the digits are an Arabic number
    /// (rule W2), so a sign touching them reads after them, right to left, as on a phone.
    @Test(arguments: [("كيس $3.99", "3.99$ "), ("كيس 3.99 €", "€ 3.99 ")])
    func aNumberWithACurrency(text: String, number: String) {
        let shown = visual(text)
        #expect(shown == number + Self.pouch, "\(hex(shown))")
    }

    /// A family of four is one sequence: its people and joiners in their order.
    @Test func aZeroWidthJoinerSequenceStaysWhole() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let shown = visual("كيس \(family)")
        #expect(shown == "\(family) " + Self.pouch, "\(hex(shown))")
    }

    /// Flags as sequences of joiners (rainbow, pirate), of tags (Scotland) and of two regional
    /// indicators (Saudi Arabia): each whole, the flags right to left.
    @Test(arguments: [
        ("flags \u{1F3F3}\u{FE0F}\u{200D}\u{1F308} \u{1F3F4}\u{200D}\u{2620}\u{FE0F}",
         "\u{1F3F4}\u{200D}\u{2620}\u{FE0F} \u{1F3F3}\u{FE0F}\u{200D}\u{1F308} flags"),
        ("كيس \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} \u{1F1F8}\u{1F1E6}",
         "\u{1F1F8}\u{1F1E6} \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} \u{FEB2}\u{FEF4}\u{FEDB}"),
    ])
    func aFlagStaysWhole(text: String, expected: String) {
        let shown = visual(text)
        #expect(shown == expected, "\(hex(shown))")
    }

    @Test func aSkinToneStaysOnItsHand() {
        let shown = visual("كيس \u{1F44D}\u{1F3FD}")
        #expect(shown == "\u{1F44D}\u{1F3FD} " + Self.pouch, "\(hex(shown))")
    }
}
