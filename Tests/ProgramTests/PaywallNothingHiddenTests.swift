import Catalog
import Program
import TerminalUI
import Testing

/// Issue 7 item 4: no product is hidden and nothing unseen can be bought. In every template at
/// every size from 60x18 up, walking the selection down from the first item to the last keeps
/// the selected item on screen, shows every product at some step, and counts what is off
/// screen on the border.
@Suite("Paywall: nothing hidden")
struct PaywallNothingHiddenTests {
    static let storefronts = ["USA", "DEU", "JPN", "GBR", "FRA", "BRA", "IND", "SAU"]

    @Test("The default catalog, every storefront", arguments: ["A", "B", "C"], ScreenSize.all)
    func defaultCatalog(variant: String, size: ScreenSize) {
        for storefront in Self.storefronts {
            var app = makeApp(width: size.width, height: size.height, storefront: storefront)
            app.preview(variant: variant)
            #expect(app.paywall.variant?.id == variant)
            let expected = expectedNames(app.catalog, storefront: storefront)
            #expect(app.paywall.itemCount == expected.count, "\(storefront): every available product is for sale")
            let walk = PaywallWalk(&app, label: "\(storefront) \(variant) \(size)")
            #expect(walk.steps == expected.count)
            #expect(walk.problems.isEmpty, "\(walk.problems.joined(separator: "\n"))")
            #expect(walk.seen == expected, "\(storefront) \(variant) \(size): never shown: \(expected.subtracting(walk.seen))")
        }
    }

    @Test("A generated catalog: three plans and forty more products", arguments: ["A", "B", "C"], ScreenSize.all)
    func manyProducts(variant: String, size: ScreenSize) {
        let catalog = Generated.catalog(plans: 3, items: 40)
        var app = launchedApp(catalog: catalog, width: size.width, height: size.height)
        app.preview(variant: variant)
        let expected = expectedNames(catalog, storefront: "USA")
        #expect(app.paywall.itemCount == 43)
        let walk = PaywallWalk(&app, label: "\(variant) \(size)")
        #expect(walk.problems.isEmpty, "\(walk.problems.joined(separator: "\n"))")
        #expect(walk.seen == expected, "never shown: \(expected.subtracting(walk.seen).sorted())")
    }

    /// Six plans side by side leave cards 9 columns wide at 80x24: see `aSelectedCardKeepsItsName`.
    @Test("A generated catalog: six plans", arguments: ["A", "B", "C"], ScreenSize.all)
    func manyPlans(variant: String, size: ScreenSize) {
        let catalog = Generated.catalog(plans: 6, items: 12)
        var app = launchedApp(catalog: catalog, width: size.width, height: size.height)
        app.preview(variant: variant)
        let expected = expectedNames(catalog, storefront: "USA")
        let walk = PaywallWalk(&app, label: "\(variant) \(size)")
        withKnownIssue("Cards too narrow for \"▸ \" and the name cut it with …") {
            #expect(walk.problems.isEmpty, "\(walk.problems.joined(separator: "\n"))")
        } when: {
            variant == "A" && size == ScreenSize(width: 80, height: 24)
        }
        #expect(walk.seen == expected, "never shown: \(expected.subtracting(walk.seen).sorted())")
    }

    /// A card wraps its lines to the card's width and only then puts "▸ " before the name, so
    /// a name that fills the line loses its end to "…" exactly when it is selected
    /// (PaywallView.swift:150-151). A 19-column name in a 20-column card shows it.
    @Test func aSelectedCardKeepsItsName() throws {
        var catalog = Generated.catalog(plans: 3, items: 2)
        catalog.products[0].name = LocalizedText(["en": "Legendary Star Pass"])
        let app = launchedApp(catalog: catalog, width: 80, height: 24)
        #expect(app.paywall.variant?.template == .cards)
        #expect(app.paywall.selectedItem?.display.name == "Legendary Star Pass")
        let box = app.paywallRows.joined(separator: "\n")
        #expect(box.contains("╭─ 1 week"))  // it is a card
        withKnownIssue("The marker is added after wrapping, so the name is cut") {
            #expect(box.contains("▸ Legendary Star Pass"), "\(box)")
        }
    }

    /// Cards grow for their offer terms only up to 8 rows (PaywallGeometry.swift:57), and are
    /// kept however narrow many plans make them (line 62 decides on height alone): six plans
    /// at 80x24 leave the first card "1 week free, then" without the price that follows.
    @Test func aNarrowCardKeepsItsOfferTerms() throws {
        let app = launchedApp(catalog: Generated.catalog(plans: 6, items: 2), width: 80, height: 24)
        let frame = app.view()
        let offer = try #require(app.paywall.shop.plans.first?.offerLine)
        #expect(offer == "1 week free, then $1.99/week")
        let name = try #require(frame.position(of: "Plan 02"))  // the first card's name carries the marker
        let second = try #require(frame.box(corner: (name.x - 2, name.y - 1)))
        let first = try #require(frame.box(corner: (second.x - second.width - 1, second.y)))
        let card = frame.inside(first).joined().filter { !$0.isWhitespace }
        withKnownIssue("The card is cut at 8 rows") {
            #expect(card.contains(offer.filter { !$0.isWhitespace }), "\(frame.rows(in: first).joined(separator: "\n"))")
        }
    }
}
