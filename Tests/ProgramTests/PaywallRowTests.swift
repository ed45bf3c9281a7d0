import Catalog
import Program
import TerminalUI
import TestFixtures
import Testing

/// A one-line row of the paywall (the shop, or a plan without a box) is name, detail, price:
/// the three must read apart, with a blank column between the detail and the price even when
/// the detail is cut ("1 week free, t… $39.99/year" at 60x18) or fills its room exactly (six
/// plans at 80x24).
@Suite("Paywall rows read apart")
struct PaywallRowTests {
    /// Rows of the box where a product's price is drawn with no space before it.
    private func runTogether(_ app: App) -> [String] {
        let rows = app.paywallRows
        var found: [String] = []
        for item in app.paywall.items {
            guard let price = item.display.pricePerPeriod else { continue }
            for row in rows where row.contains(item.display.name) && row.hasSuffix(price + "  │") {
                let before = row.dropLast(price.count + 3).last
                if before != " " { found.append(row) }
            }
        }
        return found
    }

    @Test func defaultCatalogAt60x18() {
        var app = makeApp(width: 60, height: 18)
        app.preview(variant: "A")
        #expect(runTogether(app).isEmpty, "\(runTogether(app).joined(separator: "\n"))")
    }

    @Test func sixPlansAt80x24() {
        var app = launchedApp(catalog: Generated.catalog(plans: 6, items: 2), width: 80, height: 24)
        app.preview(variant: "B")
        #expect(runTogether(app).isEmpty, "\(runTogether(app).joined(separator: "\n"))")
    }

    /// Shop rows with short descriptions have room, and read apart today: the check can pass.
    @Test func shopRowsWithRoom() {
        var app = makeApp(width: 120, height: 40)
        app.preview(variant: "A")
        #expect(runTogether(app).isEmpty)
        #expect(app.paywallRows.contains { $0.contains("Pouch of Gems") && $0.hasSuffix("$0.99  │") })
    }

    /// Issue 7 item 10: a name is not cut while its row has room (the name column was 28 wide).
    @Test("A long name is whole while the row has room", arguments: ["A", "B", "C"], [80, 120])
    func longNames(variant: String, width: Int) {
        var catalog = Generated.catalog(plans: 2, items: 3)
        let long = "Legendary Chest of Seventy-Seven Shining Gems"
        catalog.products[2].name = LocalizedText(["en": long])  // the first shop item
        var app = launchedApp(catalog: catalog, width: width, height: width == 80 ? 24 : 40)
        app.preview(variant: variant)
        app.receive(.selectProduct(id: catalog.products[2].id))
        #expect(app.paywallRows.contains { $0.contains("▸ " + long) }, "\(app.paywallRows.joined(separator: "\n"))")
        app.receive(.key(.down))
        #expect(app.paywallRows.contains { $0.contains("  " + long) }, "\(app.paywallRows.joined(separator: "\n"))")
    }

    /// A detail cut on its row ("1 week free, …" at 60x18) is read whole beneath the rows while
    /// its row is selected; a row whose detail fits has nothing there to repeat, and the line
    /// beneath stays while the selection moves among the rows, so the rows never move.
    @Test func aCutDetailIsReadWholeBeneathTheRows() throws {
        var app = makeApp(width: 60, height: 18)
        app.preview(variant: "A")
        let offer = try #require(app.paywall.shop.plans.first?.offerLine)
        #expect(offer == "1 week free, then $39.99/year")
        let rows = app.paywallRows
        let selected = try #require(rows.firstIndex { $0.contains("▸ Yearly Pass") }, "\(rows.joined(separator: "\n"))")
        #expect(rows[selected].contains("…"), "the row cuts it: \(rows[selected])")
        #expect(rows[(selected + 1)...].contains { $0.contains(offer) }, "\(rows.joined(separator: "\n"))")
        app.receive(.key(.down))
        app.receive(.key(.down))
        let after = app.paywallRows
        let weekly = try #require(after.firstIndex { $0.contains("▸ Weekly Pass") })
        #expect(weekly == selected + 2, "the rows stayed where they were")
        #expect(!after.joined().contains(offer), "\(after.joined(separator: "\n"))")
    }
}
