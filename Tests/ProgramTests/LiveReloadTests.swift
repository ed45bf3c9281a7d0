import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 16 item 1: a catalog or theme saved while the app runs redraws on the same
/// storefront, variant, selection and pane; a broken save keeps what was shown and says why;
/// a product removed while selected moves the selection on, and its open sheet is cancelled;
/// the ledger keeps what was bought. The real engine behind the headless program.
@Suite("Live reload")
struct LiveReloadTests {
    private func launched(_ storefront: String = "USA") throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: storefront)
        harness.program.send(.started)
        return harness
    }

    /// The default catalog with one product's English name and a storefront's price changed.
    private func edited(_ id: String, name: String, price: String, in storefront: String) -> ProductCatalog {
        var catalog = defaultCatalog
        if let index = catalog.products.firstIndex(where: { $0.id == id }) {
            catalog.products[index].name.values["en"] = name
            catalog.products[index].prices[storefront] = Decimal(string: price)
        }
        return catalog
    }

    private func without(_ id: String) -> ProductCatalog {
        var catalog = defaultCatalog
        catalog.products.removeAll { $0.id == id }
        for paywall in catalog.paywalls.indices {
            for variant in catalog.paywalls[paywall].variants.indices {
                catalog.paywalls[paywall].variants[variant].products.removeAll { $0 == id }
            }
        }
        return catalog
    }

    private func events(_ kind: EventKind, in harness: HeadlessHarness) -> [EventSummary] {
        harness.app.snapshot.events.filter { $0.kind == kind }
    }

    @Test("A saved price and title redraw on the same storefront, variant, selection and pane")
    func aSavedEditRedrawsInPlace() throws {
        let harness = try launched()
        harness.press(.character("s"))  // DEU
        harness.press(.character("v"))  // another variant than the assigned one
        harness.select(product: SKU.gems100)
        harness.press(.tab)  // the Transactions pane
        let before = harness.app
        #expect(before.paywall.storefront.id == "DEU")
        let catalog = edited(SKU.gems100, name: "Sack of Sparkles", price: "7.77", in: "DEU")
        harness.program.send(.catalogSaved(.loaded(catalog, file: "catalog.json")))
        let after = harness.app
        #expect(after.catalog == catalog)
        #expect(harness.store.catalog == catalog, "the engine took the same catalog")
        #expect(after.paywall.storefront.id == "DEU")
        #expect(after.paywall.variant?.id == before.paywall.variant?.id)
        #expect(after.paywall.variantOverride == before.paywall.variantOverride)
        #expect(after.paywall.selectedItem?.product.id == SKU.gems100)
        #expect(after.focus == before.focus)
        #expect(harness.screen.contains("7,77"), "\(harness.screen)")
        #expect(harness.app.notice?.text.contains("Reloaded catalog.json: product 1 changed (gems_100)") == true,
                "\(harness.app.notice?.text ?? "no notice")")
        #expect(events(.catalogReloaded, in: harness).count == 1)
    }

    @Test("A broken save keeps what was shown, says where on the bottom line, and the next good save recovers")
    func aBrokenSaveKeepsTheLastGoodCatalog() throws {
        let harness = try launched()
        harness.select(product: SKU.gems550)
        let text = try String(contentsOf: packageRoot.appendingPathComponent("catalog.json"), encoding: .utf8)
        // A price that is not a decimal: the file is JSON, but the catalog does not load.
        let broken = text.replacingOccurrences(of: "\"USA\": \"0.99\"", with: "\"USA\": \"cheap\"")
        #expect(broken != text)
        let save = CatalogSave.reading(text: broken, file: "catalog.json")
        guard case .broken(_, let problem, let lint) = save else {
            Issue.record("the broken text loaded")
            return
        }
        harness.program.send(.catalogSaved(save))
        #expect(harness.app.catalog == defaultCatalog)
        #expect(harness.store.catalog == defaultCatalog)
        #expect(harness.app.paywall.selectedItem?.product.id == SKU.gems550)
        let notice = harness.app.notice?.text ?? ""
        #expect(notice.hasPrefix(problem))
        #expect(notice.range(of: #"^catalog\.json:\d+:\d+: error: "#, options: .regularExpression) != nil, "\(notice)")
        #expect(!notice.contains("\n"))
        // Every line of the lint output is an event, the summary included.
        #expect(events(.catalogRejected, in: harness).map(\.message).reversed() == lint)
        harness.program.send(.catalogSaved(CatalogSave.reading(text: text, file: "catalog.json")))
        #expect(harness.app.notice?.text.contains("Reloaded catalog.json: nothing changed") == true)
        #expect(harness.app.paywall.selectedItem?.product.id == SKU.gems550)
    }

    @Test("A product removed while selected leaves the selection on its neighbour")
    func aRemovedProductMovesTheSelection() throws {
        let harness = try launched()
        harness.select(product: SKU.gems100)
        let index = harness.app.paywall.selection
        let neighbour = harness.app.paywall.item(at: index + 1)?.product.id
        #expect(neighbour != nil)
        harness.program.send(.catalogSaved(.loaded(without(SKU.gems100), file: "catalog.json")))
        #expect(harness.app.paywall.index(ofProduct: SKU.gems100) == nil)
        #expect(harness.app.paywall.selectedItem?.product.id == neighbour)
    }

    @Test("A product removed before the selected one leaves the selection where it was")
    func theSelectionFollowsItsProduct() throws {
        let harness = try launched()
        harness.select(product: SKU.gems550)
        let index = harness.app.paywall.selection
        harness.program.send(.catalogSaved(.loaded(without(SKU.gems100), file: "catalog.json")))
        #expect(harness.app.paywall.selectedItem?.product.id == SKU.gems550)
        #expect(harness.app.paywall.selection == index - 1)
    }

    @Test("An open purchase of a removed product is cancelled, nothing charged", arguments: ["USA", "JPN"])
    func anOpenSheetOfARemovedProductIsCancelled(storefront: String) throws {
        let harness = try launched(storefront)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        #expect(harness.app.sheet?.productId == SKU.gems100)
        harness.program.send(.catalogSaved(.loaded(without(SKU.gems100), file: "catalog.json")))
        #expect(harness.app.sheet == nil)
        #expect(harness.app.notice?.text.contains("left the catalog: its purchase was cancelled, nothing was charged") == true,
                "\(harness.app.notice?.text ?? "no notice")")
        let transaction = try #require(harness.app.snapshot.transactions.first)
        #expect(transaction.state != .purchased && transaction.state != .purchasing, "\(transaction.state)")
        #expect(harness.app.snapshot.balances.values.allSatisfy { $0 == 0 })
    }

    @Test("What was bought stays bought when the catalog no longer sells it")
    func theLedgerKeepsWhatWasBought() throws {
        let harness = try launched()
        harness.select(product: SKU.removeAds)
        harness.press(.enter)
        harness.pay(card: Cards.success)
        harness.program.advance(by: 10)
        let bought = harness.app.snapshot.transactions
        #expect(bought.first?.state == .purchased)
        let owned = harness.app.snapshot.ownedProductIds
        #expect(owned.contains(SKU.removeAds))
        harness.program.send(.catalogSaved(.loaded(without(SKU.removeAds), file: "catalog.json")))
        #expect(harness.app.snapshot.transactions == bought)
        #expect(harness.app.snapshot.ownedProductIds == owned)
    }

    @Test("What a save changed, in a line")
    func changesInALine() {
        var catalog = without(SKU.gems100)
        catalog.products[0].prices["USA"] = Decimal(string: "5.55")
        catalog.storefronts.removeAll { $0.id == "SAU" }
        #expect(CatalogChanges(from: defaultCatalog, to: defaultCatalog).summary == "nothing changed")
        #expect(CatalogChanges(from: defaultCatalog, to: catalog).summary
                == "products 1 changed (\(catalog.products[0].shortId)), 1 removed (gems_100); storefronts removed (SAU)")
        var paywall = defaultCatalog
        paywall.paywalls[0].variants[0].weight += 1
        #expect(CatalogChanges(from: defaultCatalog, to: paywall).summary == "the paywall changed")
    }

    @Test("A saved theme redraws in place; a broken one keeps the last good theme of its name")
    func themesReload() throws {
        let harness = try launched()
        harness.press(.character("t"))  // light
        #expect(harness.app.theme.name == "light")
        var light = Theme.light
        light.colors[.accent] = RGB(0x12, 0x34, 0x56)
        harness.program.send(.themesSaved(ThemeSave(themes: [.dark, light], broken: [], changedFiles: ["Themes/light.json"])))
        #expect(harness.app.theme == light)
        #expect(harness.app.notice?.text == "Reloaded Themes/light.json: theme light on screen.")
        #expect(events(.themeReloaded, in: harness).count == 1)

        let problem = ThemeProblem(file: "Themes/light.json", message: "Themes/light.json:4:15: error: $.colors.accent: not a color\nThemes/light.json: 1 error",
                                   names: ["light"])
        harness.program.send(.themesSaved(ThemeSave(themes: [.dark], broken: [problem], changedFiles: ["Themes/light.json"])))
        #expect(harness.app.themes.all.map(\.name) == ["dark", "light"])
        #expect(harness.app.theme == light, "the last good light theme stays on screen")
        #expect(harness.app.notice?.text == "Themes/light.json:4:15: error: $.colors.accent: not a color (the last good theme stays)")
        #expect(events(.themeRejected, in: harness).count == 2)
    }
}
