import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `x`: the Xee server's In-App Purchase key, Apple's answer and the promoted-purchase answer,
/// switched from inside the app, each shown with its value now; every change reaches the
/// engine (`xee.settings` is logged), in the whole loop with a real engine.
@Suite("Headless program: the Xee settings menu")
struct XeeSettingsMenuTests {
    private static func opened() throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: "USA", width: 80, height: 24)
        harness.program.send(.started)
        harness.type("x")
        try #require(harness.app.menus.open != nil, "x opened nothing: \(harness.app.notice?.text ?? "")")
        return harness
    }

    private func settingsEvents(_ harness: HeadlessHarness) -> [String] {
        harness.app.snapshot.events.filter { $0.kind == .xeeSettings }.map(\.message)
    }

    @Test func xShowsEachSettingWithItsValue() throws {
        let harness = try Self.opened()
        let menu = try #require(harness.app.menus.open)
        // The catalog's: the key on, Apple answering, promoted purchases shown at once.
        #expect(menu.menu.items == [
            "In-App Purchase key  on",
            "Apple                reachable",
            "Promoted purchases   show",
        ])
        let frame = harness.program.draw()
        #expect(frame.box(titled: "Xee server (QA)") != nil, "no menu box:\n\(frame.text)")
        #expect(frame.text.contains("Enter or ←→ change"))
        // The menu names its keys on its last line; the bottom line says them not again (issue 33
        // item 19), nor the paywall's, which do nothing under the menu.
        #expect(frame.lines.filter { $0.contains("↑↓ choose · Enter or ←→ change · Esc close") }.count == 1, "\(frame.text)")
        #expect(frame.lines.last?.contains("Enter buy") == false)
        #expect(settingsEvents(harness).isEmpty)
    }

    @Test func enterStepsTheSelectedSettingInTheEngine() throws {
        let harness = try Self.opened()
        harness.press(.down, .enter)
        #expect(harness.app.xeeServer.apple == .unreachable)
        #expect(harness.store.xeeServer.apple == .unreachable)
        #expect(settingsEvents(harness).first?.contains("Apple unreachable") == true, "\(settingsEvents(harness))")
        // The menu stays open, on the same line, with the value the engine now holds.
        let menu = try #require(harness.app.menus.open)
        #expect(menu.menu.selection == 1)
        #expect(menu.menu.items[1] == "Apple                unreachable")
        harness.press(.enter, .enter)
        #expect(harness.app.menus.open?.menu.items[1] == "Apple                unverifiable")
        harness.press(.enter)
        #expect(harness.store.xeeServer.apple == .reachable)
        #expect(settingsEvents(harness).count == 4)
    }

    @Test func theArrowsStepBothWaysAndEscapeCloses() throws {
        let harness = try Self.opened()
        harness.press(.right)
        #expect(harness.store.xeeServer.hasInAppPurchaseKey == false)
        #expect(harness.app.menus.open?.menu.items[0] == "In-App Purchase key  off")
        harness.press(.down, .down, .right)
        #expect(harness.store.xeeServer.promotedPurchases == .hold)
        harness.press(.up, .left)
        #expect(harness.store.xeeServer.apple == .unverifiable)
        // Everything else is left as it was.
        #expect(harness.store.xeeServer == XeeServerSettings(hasInAppPurchaseKey: false, apple: .unverifiable,
                                                              promotedPurchases: .hold))
        harness.press(.escape)
        #expect(harness.app.menus.open == nil)
        // Opened again, it shows what the engine holds.
        harness.type("x")
        #expect(harness.app.menus.open?.menu.items == [
            "In-App Purchase key  off",
            "Apple                unverifiable",
            "Promoted purchases   hold",
        ])
    }

    @Test func aClickOnALineStepsIt() throws {
        let harness = try Self.opened()
        let frame = harness.program.draw()
        let item = try #require(frame.position(of: "Promoted purchases"), "\(frame.text)")
        harness.program.send(.mouse(MouseEvent(.press, x: item.x + 1, y: item.y)))
        #expect(harness.store.xeeServer.promotedPurchases == .hold)
    }

    /// What the menu switches is what the Xee path then does: with the delegate set to hold, a
    /// promoted purchase is held for `p` instead of opening the sheet.
    @Test func holdingFromTheMenuHoldsTheNextPromotedPurchase() throws {
        let harness = try Self.opened()
        harness.press(.down, .down, .enter, .escape)
        harness.program.send(.openURL(PromotedPurchaseURL(bundleId: "com.example.stardust", productId: SKU.weeklyPass).text))
        #expect(harness.app.heldPromotions == [SKU.weeklyPass])
        #expect(harness.app.sheet == nil)
    }
}
