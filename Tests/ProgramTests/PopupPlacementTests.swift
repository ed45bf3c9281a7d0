import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 33 item 19: a box over the screen keeps its borders clear of the boxes beneath. At
/// 80x24 an event's details sat one column inside the paywall's border, their corners beside
/// its corners (`╰╰────╯╯`), and the menus ran their bottom border along the paywall's, corners
/// in the middle of its line (`───╰────╯───`). Walking every popup and sheet at 80x24 and 120x40
/// found the same in a row's details, the keys, the messages and the `m` and `x` menus.
@Suite("Popups: borders clear of the boxes beneath")
struct PopupPlacementTests {
    /// Where the box titled `title` meets a border beneath badly: a corner with a border next to
    /// it on the same row (`╰╰`, `─╰`), a side beside a side (`││`), or a top or bottom border
    /// with a line of another box's just above or below it. A line that meets a side crosses it.
    private func faults(of title: String, in frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        guard let box = frame.box(titled: title) else {
            Issue.record("no box titled \(title)\n\(frame.text)", sourceLocation: sourceLocation)
            return []
        }
        func cell(_ x: Int, _ y: Int) -> String { x >= 0 && x < frame.width && y >= 0 && y < frame.height ? frame[x, y].grapheme : " " }
        let lines: Set = ["─", "│", "╭", "╮", "╰", "╯"]
        var found: [String] = []
        for y in box.y..<box.maxY {
            // A corner beside any border, a side beside a side; a line that meets a side crosses it.
            let corner = y == box.y || y == box.maxY - 1
            for x in [box.x - 1, box.maxX] where corner ? lines.contains(cell(x, y)) : cell(x, y) == "│" {
                found.append("\(cell(x, y)) beside the border at column \(x), row \(y)")
            }
        }
        for x in box.x..<box.maxX {
            for y in [box.y - 1, box.maxY] where cell(x, y) == "─" {
                found.append("a line just outside the border at column \(x), row \(y)")
            }
        }
        return found
    }

    private func expectClear(_ title: String, in frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = faults(of: title, in: frame, sourceLocation: sourceLocation)
        #expect(found.isEmpty, "\(found.prefix(4).joined(separator: "; "))\n\(frame.text)", sourceLocation: sourceLocation)
    }

    private func appWithAPurchase(width: Int, height: Int) -> App {
        var app = makeApp(width: width, height: height)
        app.receive(report(purchasedGemsSnapshot()))
        return app
    }

    @Test("an event's details at 80x24") func eventDetails() {
        var app = appWithAPurchase(width: 80, height: 24)
        app.receive(.key(.tab), .key(.tab), .key(.tab), .key(.enter))
        let frame = app.view()
        expectClear("Event 8", in: frame)
        #expect(!frame.text.contains("╰╰") && !frame.text.contains("╯╯"))
        assertSnapshot(frame, named: "popup-event-80x24")
    }

    @Test("a transaction's details at 80x24") func transactionDetails() {
        var app = appWithAPurchase(width: 80, height: 24)
        app.receive(.key(.tab), .key(.enter))
        let frame = app.view()
        expectClear("Transaction txn-000001", in: frame)
        // They fit between the status bar and the bottom line, which stay.
        #expect(frame.lines[0].contains("USA en_US USD"))
        assertSnapshot(frame, named: "popup-transaction-80x24")
    }

    /// Taller than the screen between the bars, the keys take all of it edge to edge: every
    /// border beneath is covered, none doubled.
    @Test("the keys at 80x24") func keys() {
        var app = appWithAPurchase(width: 80, height: 24)
        app.receive(.key(.character("?")))
        let frame = app.view()
        expectClear("Keys", in: frame)
        #expect(frame.lines[0].hasPrefix("╭─ Keys ─") && frame.lines[0].hasSuffix("╮"), "\(frame.text)")
        #expect(frame.lines[23].hasPrefix("╰") && frame.lines[23].hasSuffix("╯"), "\(frame.text)")
    }

    @Test("the messages at 80x24") func messages() {
        var app = appWithAPurchase(width: 80, height: 24)
        app.receive(.key(.character("n")))
        expectClear("Messages", in: app.view())
    }

    @Test("the m menu", arguments: [(80, 24), (120, 40)]) func transactionMenu(width: Int, height: Int) {
        var app = appWithAPurchase(width: width, height: height)
        app.receive(.key(.escape), .key(.tab), .key(.character("m")))
        let frame = app.view()
        expectClear("txn-000001", in: frame)
        assertSnapshot(frame, named: "popup-m-menu-\(width)x\(height)")
    }

    /// The `x` menu says its keys on its own last line; the bottom line does not say them again.
    @Test("the x menu at 80x24, its keys said once") func xeeMenu() {
        var app = appWithAPurchase(width: 80, height: 24)
        app.receive(.key(.escape), .key(.character("x")))
        let frame = app.view()
        expectClear("Xee server (QA)", in: frame)
        #expect(frame.lines.filter { $0.contains("Esc close") }.count == 1, "\(frame.text)")
        assertSnapshot(frame, named: "popup-x-menu-80x24")
    }

    /// A row's details say `Esc closes` on their last line; the bottom line no longer shows the
    /// pane's keys beneath them, which do nothing while they are open.
    @Test func aDetailsBoxSaysItsKeysOnce() {
        var app = appWithAPurchase(width: 120, height: 40)
        app.receive(.key(.tab), .key(.enter))
        let frame = app.view()
        #expect(frame.lines.filter { $0.contains("Esc closes") }.count == 1, "\(frame.text)")
        #expect(frame.lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true, "\(frame.lines.last ?? "")")
    }
}

/// Issue 33 item 19: in a right-to-left storefront (SAU) the App Store sheet is the phone's,
/// mirrored; QA's row is the tool's, in English. Mirrored with the sheet it read `[…Fail]` and
/// `→← choose`, and its list's question began `?QA:`. Now QA's parts are drawn left to right over
/// the mirrored sheet, and hit where they are drawn.
@Suite("Popups: QA's row left to right on a mirrored sheet")
struct MirroredSheetQATests {
    private func sheet(width: Int, height: Int) throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: "SAU", width: width, height: height)
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        try #require(harness.storeKitSession != nil, "\(harness.screen)")
        return harness
    }

    @Test("the App Store sheet in SAU", arguments: [(80, 24), (120, 40)])
    func qaRowReadsLeftToRight(width: Int, height: Int) throws {
        let harness = try sheet(width: width, height: height)
        let frame = harness.program.draw()
        let text = frame.text
        #expect(text.contains("QA  [Fail…] [Ask to Buy] [Interrupt] [Tamper]"), "\(text)")
        #expect(!text.contains("[…Fail]"))
        #expect(text.contains("│ Enter press · ←→ choose · b c f a n t · Esc cancel"), "\(text)")
        #expect(!text.contains("→←"))
        assertSnapshot(frame, named: "storekit-sheet-SAU-\(width)x\(height)")
        harness.type("f")
        let listed = harness.program.draw()
        #expect(listed.text.contains("│ QA: what does purchase() throw?"), "\(listed.text)")
        #expect(listed.text.contains("▸ StoreKitError.networkError"))
        #expect(listed.text.contains("↑↓ choose the error · Enter throw it · Esc back"))
        assertSnapshot(listed, named: "storekit-sheet-errors-SAU-\(width)x\(height)")
    }

    /// A click lands where each button is drawn: Buy mirrored with the sheet, QA's row not.
    @Test func clicksHitWhatIsDrawn() throws {
        let harness = try sheet(width: 80, height: 24)
        let frame = harness.program.draw()
        let askToBuy = try #require(frame.position(of: "[Ask to Buy]"))
        harness.program.send(.mouse(MouseEvent(.press, x: askToBuy.x + 3, y: askToBuy.y)))
        #expect(harness.app.snapshot.transactions.first?.pending != nil, "\(harness.screen)")
    }

    /// Buy is on the right of a mirrored sheet: `←` goes on to Cancel, at its left.
    @Test func theArrowsGoTheWayTheyPoint() throws {
        let harness = try sheet(width: 80, height: 24)
        #expect(harness.storeKitSession?.focus == .buy)
        harness.press(.left)
        #expect(harness.storeKitSession?.focus == .cancel)
        harness.press(.right)
        #expect(harness.storeKitSession?.focus == .buy)
    }

    /// Google Play's sheet in SAU: the QA row, the replacement mode and the keys left to right.
    @Test func googlePlaysQAPartsReadLeftToRight() throws {
        let harness = try HeadlessHarness(storefront: "SAU", width: 80, height: 24)
        harness.program.send(.started)
        harness.program.send(.choosePath(.play))
        harness.select(product: SKU.weeklyPass)
        harness.press(.enter)
        harness.press(.enter)
        harness.select(product: SKU.monthlyPass)
        harness.press(.enter)
        let frame = harness.program.draw()
        #expect(frame.text.contains("│ QA  r OK · a app acknowledges on"), "\(frame.text)")
        #expect(frame.text.contains("│ p WITH_TIME_PRORATION"), "\(frame.text)")
        #expect(frame.text.contains("│ Enter buy · ↑↓ 1-4 · p mode · r code · a ack · Esc cancel"), "\(frame.text)")
        assertSnapshot(frame, named: "play-sheet-change-SAU-80x24")
    }
}
