import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `--audience`: the screen as a player sees it, in the whole loop (headless backend, the real
/// engine on SQLite). What is hidden is not drawn, and its keys and clicks do nothing.
@Suite("Headless program: audience mode")
struct AudienceTests {
    /// The app in Japan, launched in front of an audience, the App Store sheet open on the Pouch of Gems.
    private static func openSheet(width: Int = 80, height: Int = 24) throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: "JPN", width: width, height: height, audience: true)
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        try #require(harness.storeKitSession != nil, "no App Store sheet: \(String(describing: harness.app.sheet))")
        return harness
    }

    private static let qaCaptions = ["[Fail…]", "[Ask to Buy]", "[Interrupt]", "[Tamper]"]

    @Test("the App Store sheet has Buy and Cancel, no QA row, and no Sandbox in its title")
    func sheetWithoutQA() throws {
        let screen = try Self.openSheet().screen
        #expect(screen.contains("[ 購入 ]") && screen.contains("[ キャンセル ]"))
        for caption in Self.qaCaptions { #expect(!screen.contains(caption), "\(caption) is drawn:\n\(screen)") }
        #expect(!screen.contains("QA"))
        #expect(!screen.contains("Sandbox"))
        #expect(screen.contains("App Store"))
        #expect(!screen.contains("b c f a n t"), "the hint names no hidden key")
    }

    @Test("the player's sheet is as tall as what it shows: no blank rows where QA's were, no sandbox account",
          arguments: [(80, 24), (120, 40)])
    func sheetWithoutGap(size: (width: Int, height: Int)) throws {
        let harness = try Self.openSheet(width: size.width, height: size.height)
        let frame = harness.program.draw()
        let sheet = try #require(frame.box(titled: "App Store"), "\(harness.screen)")
        let inside = frame.inside(sheet)
        let buttons = try #require(inside.firstIndex { $0.contains("[ 購入 ]") }, "\(inside)")
        #expect(inside.count - buttons - 1 <= 1, "blank rows under Buy and Cancel:\n\(inside.joined(separator: "\n"))")
        #expect(!harness.screen.contains("sandbox.test"), "\(inside.joined(separator: "\n"))")
        #expect(!harness.screen.contains("アカウント"), "an account line, but for no account a player has")
    }

    @Test("QA's letters do nothing: the sheet stays open, nothing pending, no error list")
    func qaKeysInert() throws {
        let harness = try Self.openSheet()
        for letter in ["f", "a", "n", "t"] {
            harness.type(letter)
            let session = try #require(harness.storeKitSession, "\(letter) closed the sheet")
            #expect(session.chosenFailure == nil)
        }
        #expect(harness.app.snapshot.transactions.first?.pending == nil)
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)
    }

    @Test("a click where the QA row would be presses nothing")
    func qaRowNotClickable() throws {
        let harness = try Self.openSheet()
        let session = try #require(harness.storeKitSession)
        let screen = Rect(x: 0, y: 0, width: 80, height: 24)
        // Where QA's row is for QA: the same sheet drawn without an audience.
        var frame = Frame(width: 80, height: 24)
        let boxes = harness.app.boxesBeneath
        frame.render(StoreKitSheet(session, theme: .dark, clearOf: boxes), in: frame.area)
        for caption in Self.qaCaptions {
            let start = try #require(frame.position(of: caption))
            #expect(StoreKitSheet.input(atX: start.x, y: start.y, for: session, in: screen, audience: true, clearOf: boxes) == nil)
            harness.program.send(.mouse(MouseEvent(.press, x: start.x + 1, y: start.y)))
            #expect(harness.storeKitSession != nil, "a click on the hidden \(caption) did something")
        }
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)
    }

    @Test("Tab goes between Buy and Cancel only, so Enter never presses a hidden button")
    func focusStaysOnVisibleButtons() throws {
        let harness = try Self.openSheet()
        #expect(harness.storeKitSession?.focus == .buy)
        harness.press(.tab)
        #expect(harness.storeKitSession?.focus == .cancel)
        harness.press(.tab)
        #expect(harness.storeKitSession?.focus == .buy)
        harness.press(.backTab)
        #expect(harness.storeKitSession?.focus == .cancel)
        harness.press(.right, .right)
        #expect(harness.storeKitSession?.focus == .cancel)
        harness.press(.tab)
        #expect(harness.storeKitSession?.focus == .buy)
        harness.press(.enter)
        #expect(harness.storeKitSession == nil)
        #expect(harness.app.snapshot.transactions.first?.state == .purchased)
    }

    @Test("a script still answers the sheet as QA would (a demo of Ask to Buy)")
    func scriptAnswers() throws {
        let harness = try Self.openSheet()
        harness.program.send(.answerStoreKit(.pressButton(.askToBuy)))
        #expect(harness.storeKitSession == nil)
        #expect(harness.app.snapshot.transactions.first?.pending != nil)
    }

    @Test("no SANDBOX on the status bar, and no Events pane at 120x40")
    func statusAndPanes() throws {
        let qa = try HeadlessHarness(width: 120, height: 40)
        qa.program.send(.started)
        #expect(qa.screen.contains("SANDBOX"), "the default catalog is in the sandbox, so QA sees the marker")
        #expect(qa.screen.contains("Events"))
        let audience = try HeadlessHarness(width: 120, height: 40, audience: true)
        audience.program.send(.started)
        let screen = audience.screen
        #expect(!screen.contains("SANDBOX"))
        #expect(!screen.contains("Events"))
        #expect(screen.contains("Transactions") && screen.contains("Entitlements"))
    }

    @Test("Tab skips the hidden Events pane and its filters do nothing; --events keeps it")
    func eventsHidden() throws {
        let audience = try HeadlessHarness(width: 80, height: 24, audience: true)
        audience.program.send(.started)
        var visited: [Pane] = []
        for _ in 0..<4 {
            audience.press(.tab)
            visited.append(audience.app.focus)
        }
        #expect(visited == [.transactions, .entitlements, .paywall, .transactions])
        audience.type("f")
        #expect(audience.app.events.category == nil)
        #expect(!audience.screen.contains("Events"))
        let asked = try HeadlessHarness(width: 120, height: 40, audience: true, showsEvents: true)
        asked.program.send(.started)
        #expect(asked.screen.contains("Events"))
        #expect(!asked.screen.contains("SANDBOX"))
    }

    @Test("a caption is drawn over the top row, above everything, the sheet included")
    func caption() throws {
        let harness = try Self.openSheet()
        harness.program.send(.caption("The player taps Buy"))
        let frame = harness.program.draw()
        #expect(frame.lines[0].hasPrefix(" The player taps Buy"))
        harness.program.send(.caption(nil))
        #expect(!harness.screen.contains("The player taps Buy"))
    }
}
