import Catalog
import StoreEngine
import Testing
@testable import TerminalUI

/// Whole screens rendered as text and compared with golden files (DESIGN.md §8, layer 2).
@Suite("Paywall snapshots")
struct PaywallSnapshotTests {
    @Test("Paywall at 80x24 and 120x40 in USA and DEU", arguments: [
        (80, 24, "USA"), (120, 40, "USA"), (80, 24, "DEU"), (120, 40, "DEU"),
    ])
    func paywall(width: Int, height: Int, storefront: String) {
        let state = makeState(width: width, height: height, storefront: storefront)
        assertSnapshot(AppView.render(state), named: "paywall-\(storefront)-\(width)x\(height)")
    }

    @Test func japaneseStorefrontKeepsWideCharactersAligned() {
        let state = makeState(width: 80, height: 24, storefront: "JPN")
        let frame = AppView.render(state)
        assertSnapshot(frame, named: "paywall-JPN-80x24")
        // Every row of the paywall box ends in its border at the last column.
        for y in 2..<14 {
            #expect(frame[79, y].grapheme == "│", "row \(y) does not end in the border: \(frame.lines[y])")
        }
    }

    @Test func panesAfterAPurchase() {
        var state = makeState(width: 120, height: 40)
        state.snapshot = purchasedGemsSnapshot()
        assertSnapshot(AppView.render(state), named: "panes-after-purchase-120x40")
    }

    @Test func payStationSheet() throws {
        var state = makeState(width: 80, height: 24)
        var session = PayStationSession(
            transactionId: "txn-000001", invoiceId: "100000001", token: "SandboxToken0123456789abcdefABCD",
            productId: "com.example.stardust.gems_100", productName: "Pouch of Gems", formattedPrice: "$0.99",
            opensExternalBrowser: true, sandbox: true)
        for digit in "4111111111111111" { session.type(digit) }
        session.submit()
        state.payStation = session
        assertSnapshot(AppView.render(state), named: "paystation-card-form-80x24")
    }

    @Test func helpOverlay() {
        var state = makeState(width: 80, height: 24)
        _ = state.update(.key(.character("?")))
        assertSnapshot(AppView.render(state), named: "help-80x24")
    }

    @Test func tooSmallTerminalSaysSo() {
        let state = makeState(width: 40, height: 10)
        let text = AppView.render(state).text
        #expect(text.contains("at least 60x18"))
    }
}

/// The three templates, and every storefront's prices, per-period prices and discount badges.
@Suite("Template and storefront snapshots")
struct TemplateSnapshotTests {
    private func state(variant id: String, width: Int, height: Int, storefront: String = "USA") -> AppState {
        var state = makeState(width: width, height: height, storefront: storefront)
        state.variantOverride = state.paywall?.variants.firstIndex { $0.id == id }
        return state
    }

    @Test("Each template at 80x24 and 120x40", arguments: ["A", "B", "C"], [80, 120])
    func template(variant: String, width: Int) throws {
        let state = state(variant: variant, width: width, height: width == 80 ? 24 : 40)
        let template = try #require(state.variant?.template.rawValue)
        let frame = AppView.render(state)
        assertSnapshot(frame, named: "template-\(template)-\(width)x\(width == 80 ? 24 : 40)")
        // Every template offers restore, terms and privacy.
        #expect(frame.text.contains("Restore purchases · Terms · Privacy"))
        #expect(frame.lines[0].contains("\(variant) (preview)") || frame.lines[0].contains("variant \(variant) (preview)"))
    }

    @Test("The three templates look different", arguments: [80, 120])
    func templatesDiffer(width: Int) {
        let height = width == 80 ? 24 : 40
        let texts = ["A", "B", "C"].map { AppView.render(state(variant: $0, width: width, height: height)).text }
        #expect(Set(texts).count == 3)
        #expect(texts[0].contains("╭─ 1 year ★"))  // cards: plans boxed side by side
        #expect(texts[1].contains("✓ Monthly Pass ★"))  // list: stacked with a check mark
        // hero: one plan, centered, with the feature list inside it; the other plan is not offered
        #expect(texts[2].contains("╭─ 1 year ★") && !texts[2].contains("1 month") && !texts[2].contains("Monthly Pass"))
    }

    @Test("Variant A in every storefront", arguments: ["USA", "DEU", "JPN", "GBR", "FRA", "BRA", "IND", "SAU"])
    func storefront(id: String) {
        let frame = AppView.render(state(variant: "A", width: 120, height: 40, storefront: id))
        assertSnapshot(frame, named: "storefront-\(id)-cards-120x40")
        // Two of the three plans carry a discount badge; the dearest per month carries none.
        #expect(frame.text.components(separatedBy: "% ─╮").count - 1 == 2)
    }
}
