@testable import Exports
import Testing
import TerminalUI

/// A right-to-left row's text, in the order its cells run, put back in the order it is read:
/// what a change summary quotes.
@Suite struct ReadingOrderTests {
    @Test(arguments: ["١٤٩٫٩٩ ر.س./سنة", "البطاقة السنوية", "أسبوع واحد مجانًا، ثم", "-٦٤٪", "لا إعلانات (مجانًا)"])
    func textDrawnRightToLeftReadsAsItWasWritten(_ written: String) {
        let drawn = BidiText.visualRightToLeft(written)
        #expect(drawn != written)
        #expect(ReadingOrder.logical(fromVisual: drawn) == written)
    }

    @Test(arguments: ["الخطة Premium Plus شهريًا", "اشترك في Stardust Pass (Monthly)", "الخطة 1 2 3", "(Monthly) خطة",
                      "خطة Pass 2 شهرية", "كيس $3.99"])
    func mixedDirectionsReadAsWritten(_ written: String) {
        #expect(ReadingOrder.logical(fromVisual: BidiText.visualRightToLeft(written)) == written)
    }

    @Test func textWithoutRightToLeftLettersIsNotTouched() {
        #expect(!ReadingOrder.holdsRightToLeft("Monthly Pass 12 (-33%)"))
        #expect(ReadingOrder.holdsRightToLeft(BidiText.visualRightToLeft("سنة")))
        // A badge of Arabic digits alone is drawn right to left too, and read back so.
        #expect(ReadingOrder.holdsRightToLeft("٪٦٩-"))
    }
}
