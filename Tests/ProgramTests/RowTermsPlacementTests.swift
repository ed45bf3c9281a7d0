import Catalog
import Foundation
import Program
import TerminalUI
import TestFixtures
import Testing

/// A row that cuts its terms with `…` says them whole on the lines directly under it, so they
/// read as that plan's and not as the next row's; on a screen where the boxes leave no room
/// for those lines, the boxes give way.
@Suite("A cut row's terms, under the row")
struct RowTermsPlacementTests {
    /// The paywall's lines, borders and margins trimmed.
    private func lines(_ app: App) -> [String] {
        app.paywallRows.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │")) }
    }

    /// The line of the selected row (`▸`), and the line just under it.
    private func selectedRowAndNext(_ app: App) -> (row: String, next: String)? {
        let lines = lines(app)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("▸ ") }), index + 1 < lines.count else { return nil }
        return (lines[index], lines[index + 1])
    }

    @Test("The Monthly Pass's trial terms, whole, under its row",
          arguments: [("B", ScreenSize(width: 60, height: 18)), ("C", ScreenSize(width: 60, height: 18))])
    func germanTrialTerms(variant: String, size: ScreenSize) throws {
        var app = makeApp(width: size.width, height: size.height, storefront: "DEU")
        app.preview(variant: variant)
        app.receive(.selectProduct(id: SKU.monthlyPass))
        let found = try #require(selectedRowAndNext(app), "\(app.view().text)")
        #expect(found.row.contains("…"), "the row cuts its terms here:\n\(app.view().text)")
        #expect(found.next == "1 Woche gratis, danach 5,49\u{A0}€/Monat", "\(app.view().text)")
    }

    /// Every storefront, variant and size: whenever the selected row is cut, the line under it
    /// is not another product's row but the start of what the row cut.
    @Test("Under every cut selected row, its own terms", arguments: ["USA", "DEU", "FRA", "JPN", "BRA"])
    func everyCutRow(storefront: String) throws {
        var cutRows = 0
        for size in ScreenSize.all {
            for variant in ["A", "B", "C"] {
                var app = makeApp(width: size.width, height: size.height, storefront: storefront)
                app.preview(variant: variant)
                for index in 0..<app.paywall.itemCount {
                    app.receive(.selectItem(index: index))
                    guard let found = selectedRowAndNext(app), found.row.contains("…"),
                          let item = app.paywall.selectedItem else { continue }
                    cutRows += 1
                    // A plan's row says its badge and price per month before its offer.
                    let terms = item.plan.map { plan in
                        [plan.discountBadge, item.display.pricePerMonth, plan.offerLine].compactMap { $0 }.joined(separator: " · ")
                    } ?? item.display.description ?? ""
                    let expected = found.row.contains(item.display.name) ? terms : item.display.name
                    let start = String(expected.prefix(8))
                    #expect(!start.isEmpty && found.next.hasPrefix(start),
                            "\(storefront) \(variant) \(size) item \(index): under the row \"\(found.next)\"\n\(app.view().text)")
                }
            }
        }
        #expect(cutRows > 0, "no selected row is cut in \(storefront): the check would pass on anything")
    }

    /// The lines under the selected row move the rows below it; a second click where the first
    /// landed still buys what the first selected.
    @Test func aSecondClickBuysWhatTheFirstSelected() throws {
        var app = makeApp(width: 60, height: 18, storefront: "DEU")
        app.preview(variant: "B")
        app.receive(.selectProduct(id: SKU.monthlyPass))
        let frame = app.view()
        let yearly = try #require(frame.position(of: "Jahrespass"), "\(frame.text)")
        _ = app.update(.mouse(MouseEvent(.press, x: yearly.x + 2, y: yearly.y)))
        #expect(app.paywall.selectedItem?.product.id == SKU.yearlyPass, "\(app.view().text)")
        let second = app.update(.mouse(MouseEvent(.press, x: yearly.x + 2, y: yearly.y)))
        #expect(second == [.engine(.beginPurchase(productId: SKU.yearlyPass, storefrontId: "DEU", path: .paystation,
                                                   variationId: app.paywall.variationId))], "\(app.view().text)")
    }
}
