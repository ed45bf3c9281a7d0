import Catalog
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 7 item 3: every button on the paywall does what it says. Each click lands where the
/// rendered frame drew the button, so a layout that moves a button and its click target apart
/// fails here.
@Suite("Paywall: every button works")
struct PaywallButtonTests {
    /// A press on the middle of `label` as drawn on the paywall.
    private func click(_ label: String, on app: inout App) throws -> [Effect] {
        let frame = app.view()
        let found = try #require(frame.position(of: label), "\(label) is not on screen:\n\(frame.text)")
        #expect(app.layout.paywall.contains(x: found.x, y: found.y), "\(label) is drawn outside the paywall")
        return app.update(.mouse(MouseEvent(.press, x: found.x + DisplayWidth.of(label) / 2, y: found.y)))
    }

    /// A press on the button's bar, which must say `label`, at its middle.
    private func clickButton(saying label: String, on app: inout App) throws -> [Effect] {
        let button = try #require(app.button, "no button on screen:\n\(app.view().text)")
        #expect(button.label == label, "\(app.view().text)")
        // The bar spans the paywall's content, its words centred on it.
        #expect(button.rect.width >= DisplayWidth.of(label) + 4)
        return app.update(.mouse(MouseEvent(.press, x: button.rect.x + button.rect.width / 2, y: button.rect.y)))
    }

    private func purchase(_ id: String, _ app: App, storefront: String = "USA", path: IntegrationPath = .paystation) -> [Effect] {
        [.engine(.beginPurchase(productId: id, storefrontId: storefront, path: path, variationId: app.paywall.variationId))]
    }

    @Test("Continue buys the selected plan", arguments: ScreenSize.all)
    func continueBuysTheSelectedPlan(size: ScreenSize) throws {
        var app = makeApp(width: size.width, height: size.height)
        app.preview(variant: "A")
        app.receive(.key(.right))
        #expect(app.paywall.selectedItem?.product.id == SKU.monthlyPass)
        #expect(try clickButton(saying: "Continue", on: &app) == purchase(SKU.monthlyPass, app))
        #expect(app.paywall.selectedItem?.product.id == SKU.monthlyPass)
    }

    /// With the selection down in the shop, the button buys what Enter buys: the row selected,
    /// and says so with its price, never the words of a plan it would not buy.
    @Test("The button buys the shop row Enter would buy", arguments: ["A", "B", "C"])
    func theButtonBuysTheSelectedShopRow(variant: String) throws {
        var app = makeApp(width: 120, height: 40)
        app.preview(variant: variant)
        app.receive(.selectProduct(id: SKU.gems550))
        #expect(app.paywall.selectedItem?.product.id == SKU.gems550)
        let byEnter = app.update(.key(.enter))
        #expect(byEnter == [.engine(.beginPurchase(productId: SKU.gems550, storefrontId: "USA", path: .paystation,
                                                     variationId: nil))])
        var clicked = makeApp(width: 120, height: 40)
        clicked.preview(variant: variant)
        clicked.receive(.selectProduct(id: SKU.gems550))
        #expect(try clickButton(saying: "Buy · $4.99", on: &clicked) == byEnter)
        #expect(clicked.paywall.selectedItem?.product.id == SKU.gems550)
    }

    /// Focus on a pane does not stop the button: a click is aimed, unlike Enter.
    @Test func continueWorksWhileAPaneHasTheFocus() throws {
        var app = makeApp(width: 80, height: 24)
        app.preview(variant: "A")
        app.receive(.key(.tab))
        #expect(try clickButton(saying: "Continue", on: &app) == purchase(SKU.yearlyPass, app))
        #expect(app.focus == .paywall)
    }

    @Test("Restore purchases restores on the path in use", arguments: [("USA", IntegrationPath.paystation), ("JPN", .storekit)])
    func restore(storefront: String, path: IntegrationPath) throws {
        var app = makeApp(width: 80, height: 24, storefront: storefront)
        let label = PaywallView.text(of: app.paywall)[.restore]
        #expect(try click(label, on: &app) == [.engine(.restore(path: path))])
    }

    @Test("Terms and Privacy open their addresses; Esc closes", arguments: ["Terms", "Privacy"], ScreenSize.all)
    func termsAndPrivacy(link: String, size: ScreenSize) throws {
        var app = makeApp(width: size.width, height: size.height)
        let url = link == "Terms" ? "https://example.com/stardust/terms" : "https://example.com/stardust/privacy"
        #expect(try click(link, on: &app).isEmpty)
        let frame = app.view()
        let box = try #require(frame.box(titled: link), "\(frame.text)")
        #expect(frame.inside(box).contains { $0.contains(url) }, "\(frame.rows(in: box).joined(separator: "\n"))")
        app.receive(.key(.escape))
        #expect(app.overlay == nil)
        #expect(app.view().box(titled: link) == nil)
    }

    /// German words are too long to share the call to action's line at 60x18: the links get a
    /// line of their own, under the button, and each still opens what it says.
    @Test("German links on their own line", arguments: [("Bedingungen", "https://example.com/stardust/terms"),
                                                        ("Datenschutz", "https://example.com/stardust/privacy")])
    func germanLinks(link: String, url: String) throws {
        var app = makeApp(width: 60, height: 18, storefront: "DEU")
        let frame = app.view()
        let cta = try #require(app.button)
        let found = try #require(frame.position(of: link))
        #expect(found.y == cta.rect.y + 1, "\(frame.text)")
        let restore = try #require(frame.position(of: "Käufe wiederherstellen"))
        #expect(try click(link, on: &app).isEmpty)
        let shown = app.view()
        let box = try #require(shown.box(titled: link), "\(shown.text)")
        #expect(shown.inside(box).contains { $0.contains(url) })
        // The overlay is on top: a click where Restore was does nothing beneath it.
        #expect(app.update(.mouse(MouseEvent(.press, x: restore.x + 2, y: restore.y))).isEmpty)
        #expect(app.overlay != nil)
        app.receive(.key(.escape))
        #expect(try click("Käufe wiederherstellen", on: &app) == [.engine(.restore(path: .paystation))])
    }

    /// An address longer than the screen is wide wraps inside the box: every character of it is
    /// on screen, in order, at the smallest size.
    @Test("A long address is shown in full at 60x18", arguments: ["Terms", "Privacy"])
    func longAddressWraps(link: String) throws {
        let url = "https://legal.example.com/stardust-quest/" + String(repeating: "policies/", count: 12) + "v2026-11?lang=en_US"
        var catalog = defaultCatalog
        catalog.paywalls[0].termsUrl = url
        catalog.paywalls[0].privacyUrl = url
        var app = launchedApp(catalog: catalog, width: 60, height: 18)
        _ = try click(link, on: &app)
        let frame = app.view()
        let box = try #require(frame.box(titled: link), "\(frame.text)")
        let inside = frame.inside(box).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(inside.count > 2)  // wrapped
        #expect(inside.joined().contains(url), "\(frame.rows(in: box).joined(separator: "\n"))")
        #expect(!inside.joined().contains("…"))
    }

    /// Without addresses there is nothing to open, so no link is drawn; a blank address is none.
    @Test("No terms or privacy address: neither link", arguments: [nil, "  "] as [String?])
    func noAddressNoLink(address: String?) throws {
        var catalog = defaultCatalog
        catalog.paywalls[0].termsUrl = address
        catalog.paywalls[0].privacyUrl = address
        for size in ScreenSize.all {
            let app = launchedApp(catalog: catalog, width: size.width, height: size.height)
            let box = app.paywallRows.joined(separator: "\n")
            #expect(box.contains("Restore purchases"), "\(size)")
            #expect(!box.contains("Terms") && !box.contains("Privacy"), "\(size)\n\(box)")
        }
    }

    @Test func onlyTermsWhenOnlyTermsHasAnAddress() throws {
        var catalog = defaultCatalog
        catalog.paywalls[0].privacyUrl = nil
        var app = launchedApp(catalog: catalog, width: 80, height: 24)
        let box = app.paywallRows.joined(separator: "\n")
        #expect(box.contains("Restore purchases · Terms"))
        #expect(!box.contains("Privacy"))
        #expect(try click("Terms", on: &app).isEmpty)
        #expect(app.view().box(titled: "Terms") != nil)
    }

    @Test func showsRestoreFalseDrawsNoRestore() throws {
        var catalog = defaultCatalog
        catalog.paywalls[0].showsRestore = false
        for size in ScreenSize.all {
            let app = launchedApp(catalog: catalog, width: size.width, height: size.height)
            let box = app.paywallRows.joined(separator: "\n")
            #expect(!box.contains("Restore"), "\(size)\n\(box)")
            #expect(box.contains("Terms · Privacy"), "\(size)")
        }
    }

    /// A catalog without a paywall (a plain list of products) still draws its button. Drawn
    /// as a button, it must do something: buy the selected product, as Enter does, although
    /// there is no plan to fall back on.
    @Test func continueWithoutAPaywallBuysTheSelection() throws {
        var catalog = Generated.catalog(plans: 1, items: 5)
        catalog.paywalls = []
        var app = launchedApp(catalog: catalog, width: 80, height: 24)
        app.receive(.key(.down))
        let selected = try #require(app.paywall.selectedItem?.product.id)
        guard app.button != nil else { return }  // not drawn: nothing to do
        // No plans: the button names the product it buys, and its price.
        let price = try #require(app.paywall.selectedItem?.display.pricePerPeriod)
        let effects = try clickButton(saying: "Buy · \(price)", on: &app)
        #expect(effects == [.engine(.beginPurchase(productId: selected, storefrontId: "USA", path: .storekit, variationId: nil))])
    }
}
