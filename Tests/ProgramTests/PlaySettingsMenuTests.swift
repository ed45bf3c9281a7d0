import Catalog
import Foundation
@testable import Program
@testable import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `g`: Google Play's side as Play Billing Lab and the Play Console show it, in the whole loop
/// with a real engine: the Play account's country stepped from the menu (kept by the engine,
/// said on the status bar, charged in by the sheet), and the voided purchases listed in full at
/// 80x24, from `g` and from `m` on a Google Play purchase.
@Suite("Headless program: Google Play's country and voided purchases")
struct PlaySettingsMenuTests {
    private static func onPlay(width: Int = 80, height: Int = 24, storefront: String = "USA") throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: storefront, width: width, height: height)
        harness.program.send(.started)
        harness.program.send(.choosePath(.play))
        return harness
    }

    /// Bought on Google Play's sheet with the approving instrument; its transaction id.
    private static func buy(_ sku: String, _ harness: HeadlessHarness) throws -> String {
        harness.select(product: sku)
        harness.press(.enter)
        guard case .play(let session)? = harness.app.sheet else {
            Issue.record("Google Play's sheet did not open: \(harness.app.notice?.text ?? "")")
            return ""
        }
        harness.press(.enter)
        return session.transactionId
    }

    /// From `m` on a Google Play purchase, its country item opens `g`'s menu, not the engine.
    @Test func mOnAPurchaseOpensTheCountryAsGDoes() throws {
        let harness = try Self.onPlay()
        let id = try Self.buy("com.example.stardust.gems_100", harness)
        harness.app.snapshot.transactions.first.map { #expect($0.id == id) }
        harness.type("m")
        let actions = try #require(harness.app.menus.open?.actions)
        #expect(actions.contains(.changeStoreCountry) && actions.contains(.redeemOfferCode), "\(actions)")
        let index = try #require(actions.firstIndex(of: .changeStoreCountry))
        for _ in 0..<index { harness.press(.down) }
        harness.press(.enter)
        #expect(harness.app.menus.open?.menu.items.first?.hasPrefix("Country") == true, "\(harness.screen)")
    }

    @Test func gShowsTheCountryAndTheVoidedPurchases() throws {
        let harness = try Self.onPlay()
        harness.type("g")
        let menu = try #require(harness.app.menus.open, "g opened nothing: \(harness.app.notice?.text ?? "")")
        #expect(menu.menu.items == ["Country            as the storefront on screen", "Voided purchases   voidedpurchases.list…"])
        let frame = harness.program.draw()
        let box = try #require(frame.box(titled: "Google Play (QA)"), "no menu box:\n\(frame.text)")
        #expect(frame.inside(box).last == " ↑↓ choose · Enter or ←→ change · Esc close", "\(frame.inside(box))")
        // Nothing voided yet: the list says how one comes.
        harness.press(.down, .enter)
        #expect(harness.screen.contains("None yet: a refund, a chargeback (m on a Google Play purchase)"), "\(harness.screen)")
    }

    /// Enter and `→` step the country on through the catalog's storefronts, `←` back and round
    /// through none; the engine keeps each, the status bar says it, the sheet charges in it.
    @Test func theCountryStepsBothWaysAndTheSheetChargesInIt() throws {
        let harness = try Self.onPlay()
        harness.type("g")
        harness.press(.enter)
        #expect(harness.app.playCountry == "USA" && harness.store.currentReport().playCountry == "USA")
        #expect(!harness.screen.contains("Google Play in"), "the storefront's own country says nothing more")
        harness.press(.right)
        #expect(harness.app.menus.open?.menu.items.first == "Country            DEU")
        #expect(harness.screen.split(separator: "\n").first?.contains("Google Play in DEU") == true, "\(harness.screen)")
        harness.press(.left, .left)
        #expect(harness.app.playCountry == nil)
        harness.press(.left)
        #expect(harness.app.playCountry == "SAU")
        #expect(harness.app.snapshot.events.filter { $0.kind == .playCountry }.count == 5)
        harness.press(.right, .right, .right, .escape)
        #expect(harness.app.playCountry == "DEU" && harness.app.menus.open == nil)
        let transaction = try Self.buy(SKU.gems100, harness)
        let bought = try #require(harness.app.snapshot.transactions.first { $0.id == transaction })
        #expect(bought.storefront == "DEU" && bought.chargeText == "€1.09", "\(bought.chargeText)")
    }

    /// The list at 80x24, every field by Google's name, the chargeback Google's; the menu gives
    /// way to it and Esc closes it.
    @Test func theVoidedPurchasesFitAt80x24() throws {
        let harness = try Self.onPlay()
        let transaction = try Self.buy(SKU.removeAds, harness)
        harness.program.send(.act(.chargeback, transactionId: transaction))
        harness.type("g")
        harness.press(.down, .enter)
        #expect(harness.app.menus.open == nil)
        let frame = harness.program.draw()
        let box = try #require(frame.box(titled: "Voided purchases · voidedpurchases.list, type=1 (1)"), "\(frame.text)")
        let rows = frame.inside(box)
        let order = try #require(harness.app.snapshot.transactions.first { $0.id == transaction }?.orderId)
        #expect(rows.contains { $0.hasPrefix(" \(transaction)") && $0.hasSuffix(SKU.removeAds) }, "\(rows)")
        for field in ["orderId            \(order)", "voidedSource       2 (Google)", "voidedReason       7 (Chargeback)",
                      "kind               androidpublisher#voidedPurchase", "purchaseToken", "purchaseTimeMillis",
                      "voidedTimeMillis"] {
            #expect(rows.contains { $0.contains(field) }, "\(field) in \(rows)")
        }
        #expect(box.width <= 80 && box.maxY < 24)
        harness.press(.escape)
        #expect(harness.app.overlay == nil)
    }

    /// A purchase token longer than the line wraps under itself, whole, and the list scrolls.
    @Test func aLongFieldWrapsWhole() throws {
        let token = String(repeating: "tokenpart", count: 14)
        let voided = VoidedPurchase(transactionId: "txn-000001", productId: SKU.gems100, purchaseToken: token,
                                    orderId: "GPA.1234-5678-9012-34567", purchaseTimeMillis: 1_758_307_200_000,
                                    voidedTimeMillis: 1_758_307_260_000, voidedSource: 2, voidedReason: 7, isSubscription: false)
        let text = VoidedPurchasesOverlay.text(Array(repeating: voided, count: 3))
        var frame = Frame(width: 80, height: 24)
        TextOverlayView(text, theme: .dark).render(in: Rect(x: 0, y: 0, width: 80, height: 24), on: &frame)
        let rows = frame.lines
        #expect(rows.allSatisfy { DisplayWidth.of($0) <= 80 })
        // Under its label, line after line: the token read back without the spaces between.
        let read = rows.joined().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "│", with: "")
        #expect(read.contains("purchaseToken" + token + "purchaseTimeMillis"), "\(rows)")
        #expect(frame.text.contains("↑↓ scroll · Esc closes"), "\(frame.text)")
    }

    /// `m` on a Google Play purchase lists the voided purchases after its actions; voided, that is
    /// all it offers. Another store's purchase has no such line.
    @Test func mOnAGooglePlayPurchaseListsTheVoidedPurchases() throws {
        let harness = try Self.onPlay()
        let transaction = try Self.buy(SKU.removeAds, harness)
        harness.type("m")
        let items = try #require(harness.app.menus.open?.menu.items)
        #expect(items.suffix(2) == ["Delete the purchase", "Voided purchases (voidedpurchases.list)…"], "\(items)")
        #expect(items.contains("Void as a chargeback (the bank takes the payment back)"))
        harness.press(.escape)
        harness.program.send(.act(.refund(.other), transactionId: transaction))
        harness.type("m")
        #expect(harness.app.menus.open?.menu.items == ["Voided purchases (voidedpurchases.list)…"])
        harness.press(.enter)
        let frame = harness.program.draw()
        let box = try #require(frame.box(titled: "Voided purchases · voidedpurchases.list, type=1 (1)"), "\(frame.text)")
        // Refunded at the player's request: the user's, remorse.
        #expect(frame.inside(box).contains { $0.contains("voidedSource       0 (User)") })
        #expect(frame.inside(box).contains { $0.contains("voidedReason       1 (Remorse)") })

        harness.press(.escape)
        harness.program.send(.choosePath(.storekit))
        harness.select(product: SKU.gems100)
        harness.press(.enter, .enter)
        harness.press(.up)
        harness.type("m")
        #expect(harness.app.menus.open?.menu.items.contains { $0.contains("voidedpurchases") } == false)
    }
}
