import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// The App Store sheet in the whole loop (headless backend, real engine on SQLite): what it
/// draws, what its keys and clicks do, and what stays on screen around it.
@Suite("Headless program: the App Store sheet")
struct StoreKitSheetTests {
    /// The app in Japan at 80x24, launched, with the App Store sheet open on the Pouch of Gems.
    private static func openSheet(storefront: String = "JPN", path: IntegrationPath? = nil) throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: storefront, width: 80, height: 24)
        harness.program.send(.started)
        if let path { harness.program.send(.choosePath(path)) }
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        try #require(harness.storeKitSession != nil, "no App Store sheet: \(String(describing: harness.app.sheet))")
        return harness
    }

    /// The captions of the sheet's buttons in Japan, as drawn.
    private static let japaneseCaptions: [(StoreKitSession.Button, String)] = [
        (.buy, "[ 購入 ]"), (.cancel, "[ キャンセル ]"), (.fail, "[Fail…]"), (.askToBuy, "[Ask to Buy]"),
        (.interrupt, "[Interrupt]"), (.tamper, "[Tamper]"),
    ]

    @Test func enterOpensTheSheetOverThePaywall() throws {
        let harness = try Self.openSheet()
        let session = try #require(harness.storeKitSession)
        #expect(session.productId == SKU.gems100)
        #expect(session.formattedPrice == "¥160")
        let screen = harness.screen
        #expect(screen.contains("App Store · Sandbox"))
        #expect(screen.contains("ジェムの袋"))
        #expect(screen.contains("アカウント: player-1@sandbox.test"))  // the sheet speaks the storefront's language
        for (_, caption) in Self.japaneseCaptions {
            #expect(screen.contains(caption), "\(caption) is not drawn:\n\(screen)")
        }
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)
    }

    @Test func snapshotOfTheOpenSheet() throws {
        let harness = try Self.openSheet()
        assertSnapshot(harness.program.draw(), named: "storekit-sheet-JPN-80x24")
    }

    @Test func snapshotOfTheErrorChooser() throws {
        let harness = try Self.openSheet()
        harness.type("f")
        harness.press(.down)
        #expect(harness.storeKitSession?.chosenFailure == .productUnavailable)
        let frame = harness.program.draw()
        assertSnapshot(frame, named: "storekit-sheet-errors-JPN-80x24")
        for failure in StoreKitFailure.allCases {
            #expect(frame.text.contains(failure.qualifiedName), "\(failure) is not listed")
        }
        #expect(frame.text.contains("▸ Product.PurchaseError.productUnavailable"))
        #expect(!frame.text.contains("[Ask to Buy]"), "the list replaces the QA row")
    }

    /// At the smallest size the app draws, the sheet still shows the product, its price and
    /// every button whole, and each takes its click.
    @Test func atTheSmallestSizeEveryButtonIsDrawnWhole() throws {
        let harness = try HeadlessHarness(storefront: "JPN", width: 60, height: 18)
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        let session = try #require(harness.storeKitSession)
        let frame = harness.program.draw()
        #expect(frame.text.contains("ジェムの袋") && frame.text.contains("¥160"))
        for (button, caption) in Self.japaneseCaptions {
            let start = try #require(frame.position(of: caption), "\(caption) is not drawn at 60x18:\n\(frame.text)")
            #expect(StoreKitSheet.input(atX: start.x, y: start.y, for: session, in: Rect(x: 0, y: 0, width: 60, height: 18),
                                         clearOf: harness.app.boxesBeneath)
                == .pressButton(button))
        }
    }

    // MARK: Clicks

    /// Where a caption is drawn now, found in the frame: its middle cell.
    private static func click(_ caption: String, in harness: HeadlessHarness) throws {
        let frame = harness.program.draw()
        let start = try #require(frame.position(of: caption), "\(caption) is not on screen:\n\(frame.text)")
        harness.program.send(.mouse(MouseEvent(.press, x: start.x + DisplayWidth.of(caption) / 2, y: start.y)))
    }

    /// What a click hits is what is drawn: every cell of each caption presses its button, and
    /// the cells either side of it press nothing (or the neighbour beyond the gap, never this one).
    @Test func everyCellOfEachDrawnButtonTakesItsClick() throws {
        let harness = try Self.openSheet()
        let session = try #require(harness.storeKitSession)
        let frame = harness.program.draw()
        let screen = Rect(x: 0, y: 0, width: 80, height: 24)
        // The boxes the app keeps the sheet clear of, as it draws it.
        let boxes = harness.app.boxesBeneath
        for (button, caption) in Self.japaneseCaptions {
            let start = try #require(frame.position(of: caption), "\(caption) is not drawn")
            let width = DisplayWidth.of(caption)
            for x in start.x..<start.x + width {
                #expect(StoreKitSheet.input(atX: x, y: start.y, for: session, in: screen, clearOf: boxes) == .pressButton(button),
                        "column \(x) of \(caption)")
            }
            for x in [start.x - 1, start.x + width] {
                #expect(StoreKitSheet.input(atX: x, y: start.y, for: session, in: screen, clearOf: boxes) != .pressButton(button),
                        "column \(x), beside \(caption)")
            }
            #expect(StoreKitSheet.input(atX: start.x, y: start.y - 1, for: session, in: screen, clearOf: boxes) == nil)
            #expect(StoreKitSheet.input(atX: start.x, y: start.y + 1, for: session, in: screen, clearOf: boxes) == nil)
        }
    }

    @Test func everyDrawnErrorTakesItsClick() throws {
        let harness = try Self.openSheet()
        harness.type("f")
        let session = try #require(harness.storeKitSession)
        let frame = harness.program.draw()
        let screen = Rect(x: 0, y: 0, width: 80, height: 24)
        // The boxes the app keeps the sheet clear of, as it draws it.
        let boxes = harness.app.boxesBeneath
        for failure in StoreKitFailure.allCases {
            let start = try #require(frame.position(of: failure.qualifiedName), "\(failure) is not drawn")
            let expected: StoreKitInput = failure == session.chosenFailure ? .press : .chooseFailure(failure)
            for x in [start.x, start.x + failure.qualifiedName.count - 1] {
                #expect(StoreKitSheet.input(atX: x, y: start.y, for: session, in: screen, clearOf: boxes) == expected, "\(failure) at \(x)")
            }
        }
        // The QA row's buttons are not drawn while the list is open, and take no clicks.
        #expect(!frame.text.contains("[Tamper]"))
    }

    @Test func clickingBuyBuys() throws {
        let harness = try Self.openSheet()
        try Self.click("[ 購入 ]", in: harness)
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.balances["gems"] == 100)
        let transaction = try #require(harness.app.snapshot.transactions.first)
        #expect(transaction.state == .purchased && transaction.isFinished)
        // At 80x24 the balance is on the Entitlements tab.
        while harness.app.focus != .entitlements { harness.press(.tab) }
        #expect(harness.screen.contains("gems: 100"))
    }

    @Test func clickingCancelCancels() throws {
        let harness = try Self.openSheet()
        try Self.click("[ キャンセル ]", in: harness)
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.transactions.first?.failure == .userCancelled)
        #expect(harness.app.notice == StoreNotice(.info, "Purchase cancelled."))
        #expect(harness.app.snapshot.balances.isEmpty)
    }

    @Test func clickingFailOpensTheListAndClickingAnErrorTwiceThrowsIt() throws {
        let harness = try Self.openSheet()
        try Self.click("[Fail…]", in: harness)
        #expect(harness.storeKitSession?.chosenFailure == .networkError)
        // A click on another error highlights it; a click on the highlighted one throws it.
        try Self.click("Product.PurchaseError.purchaseNotAllowed", in: harness)
        #expect(harness.storeKitSession?.chosenFailure == .purchaseNotAllowed)
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)
        try Self.click("Product.PurchaseError.purchaseNotAllowed", in: harness)
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.transactions.first?.failure == .storeKit(.purchaseNotAllowed))
        #expect(harness.app.notice?.text.contains("Product.PurchaseError.purchaseNotAllowed") == true)
    }

    @Test func clickingAskToBuyLeavesItPending() throws {
        let harness = try Self.openSheet()
        try Self.click("[Ask to Buy]", in: harness)
        #expect(harness.app.sheet == nil)
        let transaction = try #require(harness.app.snapshot.transactions.first)
        #expect(transaction.state == .deferred && transaction.pending == .askToBuy)
        #expect(harness.app.snapshot.balances.isEmpty)
    }

    @Test func clickingInterruptLeavesItPending() throws {
        let harness = try Self.openSheet()
        try Self.click("[Interrupt]", in: harness)
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.transactions.first?.pending == .interruptedPurchase)
    }

    @Test func clickingTamperLeavesItUnverified() throws {
        let harness = try Self.openSheet()
        try Self.click("[Tamper]", in: harness)
        #expect(harness.app.sheet == nil)
        let transaction = try #require(harness.app.snapshot.transactions.first)
        #expect(transaction.state == .purchased && !transaction.isFinished)
        #expect(harness.app.snapshot.balances.isEmpty)
        #expect(harness.app.notice?.tone == .error)
        #expect(harness.eventKinds(of: transaction.id).contains(.validationFailed))
    }

    @Test func clicksBesideTheButtonsDoNothingAndReachNothingBeneath() throws {
        let harness = try Self.openSheet()
        let before = harness.storeKitSession
        let frame = harness.program.draw()
        let title = try #require(frame.position(of: "App Store · Sandbox"))
        let account = try #require(frame.position(of: "アカウント:"))
        for (x, y) in [(title.x, title.y), (account.x, account.y), (0, 23), (79, 1)] {
            harness.program.send(.mouse(MouseEvent(.press, x: x, y: y)))
        }
        #expect(harness.storeKitSession == before, "the sheet is as it was")
        #expect(harness.app.snapshot.transactions.count == 1)
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)
    }

    // MARK: Keys

    @Test func theArrowsAndEnterReachTheErrorList() throws {
        let harness = try Self.openSheet()
        harness.press(.right, .right)
        #expect(harness.storeKitSession?.focus == .fail)
        harness.press(.enter)
        #expect(harness.storeKitSession?.chosenFailure == .networkError)
        harness.press(.down, .down, .up)
        #expect(harness.storeKitSession?.chosenFailure == .productUnavailable)
        harness.press(.enter)
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.transactions.first?.failure == .storeKit(.productUnavailable))
    }

    @Test func escInTheErrorListGoesBackToTheButtons() throws {
        let harness = try Self.openSheet()
        harness.type("f")
        harness.press(.escape)
        #expect(harness.storeKitSession?.chosenFailure == nil, "Esc closes the list only")
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)
        harness.press(.escape)
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.transactions.first?.failure == .userCancelled)
    }

    @Test func shortcutLettersPressTheirButtons() throws {
        let harness = try Self.openSheet()
        harness.type("a")
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.transactions.first?.pending == .askToBuy)
    }

    @Test func qInsideTheSheetDoesNotQuit() throws {
        let harness = try Self.openSheet()
        let before = harness.storeKitSession
        harness.type("q")
        #expect(!harness.app.isQuitting)
        #expect(harness.storeKitSession == before)
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)
    }

    @Test func escCancelsAndThePaywallStays() throws {
        let harness = try Self.openSheet()
        harness.press(.escape)
        #expect(harness.app.sheet == nil)
        #expect(!harness.app.isQuitting)
        #expect(harness.app.notice == StoreNotice(.info, "Purchase cancelled."))
        let transaction = try #require(harness.app.snapshot.transactions.first)
        #expect(transaction.displayState == "cancelled")
        let screen = harness.screen
        #expect(!screen.contains("App Store · Sandbox"))
        #expect(screen.contains("╭─ Paywall"))
        #expect(screen.contains("▸ ジェムの袋"), "the selection is where it was")
        // The paywall still buys: Enter opens a new sheet.
        harness.press(.enter)
        #expect(harness.storeKitSession?.transactionId != transaction.id)
        #expect(harness.storeKitSession != nil)
    }

    @Test func theHintBarShowsTheSheetsKeys() throws {
        let harness = try Self.openSheet()
        #expect(harness.program.draw().lines.last?.trimmingCharacters(in: .whitespaces)
            == "Enter press · ←→ choose · b c f a n t · Esc cancel")
        harness.type("f")
        #expect(harness.program.draw().lines.last?.trimmingCharacters(in: .whitespaces)
            == "↑↓ choose the error · Enter throw it · Esc back")
    }

    // MARK: Language

    /// In an Arabic storefront the sheet is the phone's: mirrored, Buy on the right of Cancel,
    /// its words in visual order; a click lands on the button drawn under it.
    @Test func theArabicSheetIsMirroredAndTakesClicksWhereItIsDrawn() throws {
        let saudi = try Self.openSheet(storefront: "SAU", path: .storekit)
        let buy = BidiText.visualRightToLeft("[ شراء ]")
        let cancel = BidiText.visualRightToLeft("[ إلغاء ]")
        let frame = saudi.program.draw()
        let buyAt = try #require(frame.position(of: buy), "\(frame.text)")
        let cancelAt = try #require(frame.position(of: cancel), "\(frame.text)")
        #expect(buyAt.y == cancelAt.y && buyAt.x > cancelAt.x, "Buy is not to the right of Cancel:\n\(frame.text)")
        try Self.click(buy, in: saudi)
        #expect(saudi.app.snapshot.balances["gems"] == 100, "\(saudi.program.draw().text)")
    }

    @Test func buyAndCancelSpeakTheStorefrontsLanguage() throws {
        let japan = try Self.openSheet()
        #expect(japan.screen.contains("[ 購入 ]") && japan.screen.contains("[ キャンセル ]"))
        #expect(!japan.screen.contains("[ Buy ]") && !japan.screen.contains("[ Cancel ]"))

        let usa = try Self.openSheet(storefront: "USA", path: .storekit)
        let session = try #require(usa.storeKitSession)
        #expect(session.formattedPrice == "$0.99")
        #expect(usa.screen.contains("[ Buy ]") && usa.screen.contains("[ Cancel ]"))
        #expect(!usa.screen.contains("購入"))
        // And the English captions take clicks too.
        try Self.click("[ Buy ]", in: usa)
        #expect(usa.app.snapshot.balances["gems"] == 100)
    }
}
