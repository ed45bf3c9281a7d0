import Catalog
import Program
import TerminalUI
import TestFixtures
import Testing

/// The three templates, and every storefront's prices, per-period prices and discount badges.
@Suite("Template and storefront snapshots")
struct TemplateSnapshotTests {
    private func app(variant id: String, width: Int, height: Int, storefront: String = "USA") -> App {
        var app = makeApp(width: width, height: height, storefront: storefront)
        app.preview(variant: id)
        return app
    }

    @Test("Each template at 80x24 and 120x40", arguments: ["A", "B", "C"], [80, 120])
    func template(variant: String, width: Int) throws {
        let app = app(variant: variant, width: width, height: width == 80 ? 24 : 40)
        #expect(app.paywall.variant?.id == variant)
        let template = try #require(app.paywall.variant?.template.rawValue)
        let frame = app.view()
        assertSnapshot(frame, named: "template-\(template)-\(width)x\(width == 80 ? 24 : 40)")
        // Every template offers restore, terms and privacy.
        #expect(frame.text.contains("Restore purchases · Terms · Privacy"))
        // A variant other than the assigned one is marked as a preview; the assigned one is not.
        let assigned = app.paywall.paywall?.assignedVariant(forUser: app.paywall.userId)?.id == variant
        #expect(frame.lines[0].contains("\(variant) (preview)") != assigned)
    }

    @Test("The three templates look different", arguments: [80, 120])
    func templatesDiffer(width: Int) {
        let height = width == 80 ? 24 : 40
        let texts = ["A", "B", "C"].map { app(variant: $0, width: width, height: height).text }
        #expect(Set(texts).count == 3)
        #expect(texts[0].contains("╭─ 1 year ★"))  // cards: plans boxed side by side
        #expect(texts[1].contains("✓ Monthly Pass ★"))  // list: stacked with a check mark
        // hero: the highlighted plan boxed, centered, with the feature list inside it; the other
        // plan of the variant listed under it, still for sale
        #expect(texts[2].contains("╭─ 1 year ★") && !texts[2].contains("╭─ 1 month") && texts[2].contains("Monthly Pass"))
    }

    /// At 80x24 the cards are narrow: a badge still shows beside a long title ("سنة واحدة ★",
    /// Arabic's "one year") while a dash fits between them.
    @Test("Both badges at 80x24, in every storefront", arguments: ["USA", "DEU", "JPN", "FRA", "BRA", "SAU"])
    func badgesAt80x24(id: String) throws {
        let frame = app(variant: "A", width: 80, height: 24, storefront: id).view()
        let top = try #require(frame.lines.first { $0.contains("★") }, "\(frame.text)")
        // Right to left the badge is drawn at the card's left corner, Arabic's percent sign first.
        #expect(top.components(separatedBy: "% ─╮").count + top.components(separatedBy: "╭─ ٪").count - 2 == 2, "\(top)")
    }

    @Test("Variant A in every storefront", arguments: ["USA", "DEU", "JPN", "GBR", "FRA", "BRA", "IND", "SAU"])
    func storefront(id: String) {
        let frame = app(variant: "A", width: 120, height: 40, storefront: id).view()
        assertSnapshot(frame, named: "storefront-\(id)-cards-120x40")
        // Two of the three plans carry a discount badge; the dearest per month carries none.
        // (Arabic writes its own percent sign, ٪.)
        let badges = frame.text.components(separatedBy: "% ─╮").count + frame.text.components(separatedBy: "╭─ ٪").count - 2
        #expect(badges == 2)
    }
}
