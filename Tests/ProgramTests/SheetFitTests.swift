import Catalog
import Foundation
@testable import StoreEngine
import Program
import TerminalUI
import TestFixtures
import Testing

/// Issue 16 item 14: a sheet over a small screen never leaves two corners side by side (`╭╭`):
/// it is centred with the screen showing around it, or it takes the screen edge to edge and
/// its border covers the boxes' beneath. Its size label says when it was narrowed.
@Suite("Sheets fit the screen")
struct SheetFitTests {
    /// The same corner twice side by side or one above the other (`╭╭`): a box drawn one cell
    /// inside another's corner. Boxes that meet (`╮╭` of panes side by side, `╰` over `╭` of
    /// boxes stacked) are the layout's and not counted.
    private func doubledCorners(_ frame: Frame) -> [String] {
        let corners: Set<String> = ["╭", "╮", "╰", "╯"]
        var found: [String] = []
        for y in 0..<frame.height {
            for x in 0..<frame.width where corners.contains(frame[x, y].grapheme) {
                let corner = frame[x, y].grapheme
                if x + 1 < frame.width, frame[x + 1, y].grapheme == corner { found.append("\(corner)\(corner) on row \(y) at \(x)") }
                if y + 1 < frame.height, frame[x, y + 1].grapheme == corner { found.append("\(corner) over \(corner) at \(x), \(y)") }
            }
        }
        return found
    }

    @Test("Pay Station in each size", arguments: [PayStationSettings.Size.small, .medium, .large],
          [ScreenSize(width: 60, height: 18), ScreenSize(width: 80, height: 24), ScreenSize(width: 120, height: 40)])
    func payStation(size: PayStationSettings.Size, screen: ScreenSize) {
        var app = makeApp(width: screen.width, height: screen.height)
        app.receive(report(sheet: .payStation(PayStationPage(session: payStationSession(), redirectDue: nil,
                                                             appName: "Stardust Quest", size: size))))
        let frame = app.view()
        #expect(doubledCorners(frame).isEmpty, "\(size) \(screen)\n\(frame.text)")
        #expect(frame.text.contains("Pay Station"))
        // The label names the size asked for, and says so when the screen narrowed it.
        let asked = size == .small ? 60 : 76
        if size != .large, frame.text.contains(" · \(size.rawValue)") {
            #expect(frame.text.contains("\(size.rawValue), narrowed") == (asked > screen.width - 4), "\(frame.text)")
        }
    }

    @Test("The App Store sheet", arguments: [ScreenSize(width: 60, height: 18), ScreenSize(width: 80, height: 24)])
    func appStore(screen: ScreenSize) throws {
        let harness = try HeadlessHarness(storefront: "JPN", width: screen.width, height: screen.height)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        harness.program.settle()
        try #require(harness.storeKitSession != nil)
        let frame = harness.program.draw()
        #expect(doubledCorners(frame).isEmpty, "\(screen)\n\(frame.text)")
    }
}
