import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `p`: the promoted purchases the Xee SDK's delegate held, in a menu over the screen; a click
/// or Enter buys one through the App Store sheet, in the whole loop with a real engine.
@Suite("Headless program: held promoted purchases")
struct PromotionMenuTests {
    private static func holding(_ sku: String) throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: "USA", width: 80, height: 24)
        harness.program.send(.started)
        harness.program.send(.configureXee(XeeServerSettings(promotedPurchases: .hold)))
        harness.program.send(.openURL(PromotedPurchaseURL(bundleId: "com.example.stardust", productId: sku).text))
        try #require(harness.app.heldPromotions == [sku], "not held: \(harness.app.notice?.text ?? "")")
        return harness
    }

    @Test func pWithNothingHeldSaysHowToStartOne() throws {
        let harness = try HeadlessHarness(storefront: "USA", width: 80, height: 24)
        harness.program.send(.started)
        harness.type("p")
        #expect(harness.app.menus.open == nil)
        #expect(harness.app.notice?.text.hasPrefix("No promoted purchase is held: storefront promote SKU starts one") == true)
    }

    @Test func pListsTheHeldProductAndEnterBuysIt() throws {
        let harness = try Self.holding(SKU.weeklyPass)
        #expect(harness.screen.contains("press p to buy it"))
        harness.type("p")
        let menu = try #require(harness.app.menus.open)
        #expect(menu.menu.items == ["Buy Weekly Pass"])
        #expect(menu.transactionId == nil)
        let frame = harness.program.draw()
        #expect(frame.box(titled: "Promoted purchases held") != nil, "no menu box:\n\(frame.text)")
        harness.press(.enter)
        #expect(harness.app.menus.open == nil)
        let sheet = try #require(harness.storeKitSession)
        #expect(sheet.productId == SKU.weeklyPass && sheet.path == .xee)
        #expect(harness.app.heldPromotions.isEmpty)
        harness.type("b")
        #expect(harness.app.snapshot.entitlement(id: "premium")?.isActive == true)
    }

    @Test func aClickOnTheItemBuysItAndEscapeKeepsItHeld() throws {
        let harness = try Self.holding(SKU.monthlyPass)
        harness.type("p")
        harness.press(.escape)
        #expect(harness.app.menus.open == nil)
        #expect(harness.app.heldPromotions == [SKU.monthlyPass])
        harness.type("p")
        let frame = harness.program.draw()
        let item = try #require(frame.position(of: "Buy Monthly Pass"), "\(frame.text)")
        harness.program.send(.mouse(MouseEvent(.press, x: item.x + 1, y: item.y)))
        #expect(harness.storeKitSession?.productId == SKU.monthlyPass)
    }

    /// The player owns Remove Ads, bought through StoreKit on the USA screen.
    private static func owningRemoveAds(delegate: XeeServerSettings.PromotedPurchases) throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: "USA", width: 80, height: 24)
        harness.program.send(.started)
        harness.program.send(.choosePath(.storekit))
        harness.select(product: SKU.removeAds)
        harness.press(.enter)
        harness.type("b")
        try #require(harness.app.snapshot.entitlement(id: "no_ads")?.isActive == true, "\(harness.screen)")
        harness.program.send(.configureXee(XeeServerSettings(promotedPurchases: delegate)))
        harness.program.send(.openURL(PromotedPurchaseURL(bundleId: "com.example.stardust", productId: SKU.removeAds).text))
        return harness
    }

    /// Issue 33 item 18: the promoted purchase is the App Store account's (JPN in this catalog),
    /// but its refusal is the app's, on an English screen: it named the product in Japanese
    /// (`You already own 広告を削除`) and left it held, so `p` offered it again and again.
    @Test func aHeldPromotionOfWhatIsOwnedIsRefusedInTheScreensWordsAndLeavesTheList() throws {
        let harness = try Self.owningRemoveAds(delegate: .hold)
        try #require(harness.app.heldPromotions == [SKU.removeAds])
        harness.type("p")
        harness.press(.enter)
        #expect(harness.app.notice?.text == "You already own Remove Ads; nothing was charged.")
        #expect(harness.storeKitSession == nil)
        #expect(harness.app.heldPromotions.isEmpty)
        harness.type("p")
        #expect(harness.app.menus.open == nil)
        #expect(harness.app.notice?.text.hasPrefix("No promoted purchase is held") == true)
    }

    /// Shown at once (the delegate's default), an owned product is refused the same way.
    @Test func aShownPromotionOfWhatIsOwnedIsRefusedInTheScreensWords() throws {
        let harness = try Self.owningRemoveAds(delegate: .show)
        #expect(harness.app.notice?.text == "You already own Remove Ads; nothing was charged.")
        #expect(harness.storeKitSession == nil)
        #expect(harness.app.heldPromotions.isEmpty)
    }

    /// On a Japanese screen the same refusal names the product as that screen does.
    @Test func theRefusalFollowsTheStorefrontOnScreen() throws {
        let harness = try Self.owningRemoveAds(delegate: .hold)
        harness.program.send(.chooseStorefront(id: "JPN"))
        harness.type("p")
        harness.press(.enter)
        #expect(harness.app.notice?.text == "You already own 広告を削除; nothing was charged.")
    }
}
