import Catalog
import Program
import TerminalUI
import TestFixtures
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
            let shown = app.paywall.writingDirection == .rightToLeft ? Set(expected.map(BidiText.visualRightToLeft)) : expected
            #expect(walk.seen == shown, "\(storefront) \(variant) \(size): never shown: \(shown.subtracting(walk.seen))")
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

    /// Six plans side by side would leave cards 9 columns wide at 80x24, too narrow for a
    /// price: see `narrowCardsGiveWayToRows`.
    @Test("A generated catalog: six plans", arguments: ["A", "B", "C"], ScreenSize.all)
    func manyPlans(variant: String, size: ScreenSize) {
        let catalog = Generated.catalog(plans: 6, items: 12)
        var app = launchedApp(catalog: catalog, width: size.width, height: size.height)
        app.preview(variant: variant)
        let expected = expectedNames(catalog, storefront: "USA")
        let walk = PaywallWalk(&app, label: "\(variant) \(size)")
        #expect(walk.problems.isEmpty, "\(walk.problems.joined(separator: "\n"))")
        #expect(walk.seen == expected, "never shown: \(expected.subtracting(walk.seen).sorted())")
    }

    /// A card puts "▸ " before the name and only then wraps, so a name that fills the card's
    /// line when not selected goes on whole (wrapped at a space) when it is, never cut with "…".
    @Test func aSelectedCardKeepsItsName() throws {
        var catalog = Generated.catalog(plans: 3, items: 2)
        catalog.products[0].name = LocalizedText(["en": "Legendary Star Pass"])
        let app = launchedApp(catalog: catalog, width: 80, height: 24)
        #expect(app.paywall.variant?.template == .cards)
        #expect(app.paywall.selectedItem?.display.name == "Legendary Star Pass")
        let frame = app.view()
        let title = try #require(frame.position(of: "╭─ 1 week"))  // it is a card
        let card = try #require(frame.box(corner: title))
        let text = frame.inside(card).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(text.joined(separator: " ").hasPrefix("▸ Legendary Star Pass"), "\(text)")
        #expect(!text.joined().contains("…"), "\(text)")
    }

    /// Cards that cannot say everything without cutting a word (six plans at 80x24 leave 9
    /// columns, too few for "$1.99/week") give way to rows: every plan's name and price read
    /// whole, and no card is drawn cut.
    @Test func narrowCardsGiveWayToRows() throws {
        let app = launchedApp(catalog: Generated.catalog(plans: 6, items: 2), width: 80, height: 24)
        #expect(app.paywall.variant?.template == .cards)
        let box = app.paywallRows.joined(separator: "\n")
        #expect(!box.contains("╭─ 1 week"), "\(box)")
        for plan in app.paywall.shop.plans {
            let item = app.paywall.planItem(plan)
            let line = try #require(app.paywallRows.first { $0.contains(item.display.name) }, "\(item.display.name)\n\(box)")
            #expect(line.contains(try #require(item.display.pricePerPeriod)), "\(line)")
        }
    }

    /// Where the cards do fit, a narrow card grows for its offer terms rather than cutting them
    /// (at 80x24 four cards this tall leave the button no row: they are list entries there).
    @Test func aCardKeepsItsOfferTerms() throws {
        let app = launchedApp(catalog: Generated.catalog(plans: 4, items: 2), width: 80, height: 26)
        let frame = app.view()
        let offer = try #require(app.paywall.shop.plans.first?.offerLine)
        let title = try #require(frame.position(of: "╭─ 1 week"), "\(app.paywallRows.joined(separator: "\n"))")
        let card = try #require(frame.box(corner: title))
        let text = frame.inside(card).joined().filter { !$0.isWhitespace }
        #expect(text.contains(offer.filter { !$0.isWhitespace }), "\(frame.rows(in: card).joined(separator: "\n"))")
    }
}
