import Catalog
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Whole screens rendered as text and compared with golden files (the second layer of tests).
@Suite("Paywall snapshots")
struct PaywallSnapshotTests {
    @Test("Paywall at 80x24 and 120x40 in USA and DEU", arguments: [
        (80, 24, "USA"), (120, 40, "USA"), (80, 24, "DEU"), (120, 40, "DEU"),
    ])
    func paywall(width: Int, height: Int, storefront: String) {
        let app = makeApp(width: width, height: height, storefront: storefront)
        assertSnapshot(app.view(), named: "paywall-\(storefront)-\(width)x\(height)")
    }

    @Test func japaneseStorefrontKeepsWideCharactersAligned() {
        let frame = makeApp(width: 80, height: 24, storefront: "JPN").view()
        assertSnapshot(frame, named: "paywall-JPN-80x24")
        // Every row of the paywall box ends in its border at the last column.
        for y in 2..<14 {
            #expect(frame[79, y].grapheme == "│", "row \(y) does not end in the border: \(frame.lines[y])")
        }
    }

    @Test func panesAfterAPurchase() {
        var app = makeApp(width: 120, height: 40)
        app.receive(report(purchasedGemsSnapshot()))
        assertSnapshot(app.view(), named: "panes-after-purchase-120x40")
    }

    @Test func payStationSheet() {
        var app = makeApp(width: 80, height: 24)
        app.receive(report(sheet: sheetShowing(sessionAfterCardNumber())))
        assertSnapshot(app.view(), named: "paystation-card-form-80x24")
    }

    @Test func helpOverlay() {
        var app = makeApp(width: 80, height: 24)
        app.receive(.key(.character("?")))
        assertSnapshot(app.view(), named: "help-80x24")
    }

    @Test func tooSmallTerminalSaysSo() {
        let text = makeApp(width: 40, height: 10).text
        #expect(text.contains("at least 60x18"))
        #expect(text.contains("40x10)"))  // whole: wrapped at spaces, never inside a word
    }
}
