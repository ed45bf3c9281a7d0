import Catalog
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `s` / `S` and a script's `storefront ID`: every storefront in turn, prices re-rendered in
/// its currency.
@Suite("Storefront keys")
struct StorefrontKeyTests {
    @Test func storefrontKeysCycleBothWays() {
        var app = makeApp()
        app.receive(.key(.character("s")))
        #expect(app.paywall.storefront.id == "DEU")
        app.receive(.key(.character("s")))
        #expect(app.paywall.storefront.id == "JPN")
        app.receive(.key(.character("S")))
        #expect(app.paywall.storefront.id == "DEU")
        app.receive(.key(.character("S")), .key(.character("S")))
        #expect(app.paywall.storefront.id == "SAU")  // wraps around to the last
        for _ in 0..<app.catalog.storefronts.count { app.receive(.key(.character("s"))) }
        #expect(app.paywall.storefront.id == "SAU")  // a full cycle comes back
    }

    @Test func storefrontSwitchRerendersPricesInTheNewCurrency() {
        var app = makeApp()
        #expect(app.text.contains("$0.99"))
        app.receive(.key(.character("s")))
        let text = app.text.replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(text.contains("1,09 €"))
        #expect(!text.contains("$0.99"))
        #expect(app.notice == StoreNotice(.info, "Storefront DEU: de_DE, EUR."))
        #expect(app.lines[0].contains("DEU de_DE EUR"))
    }

    /// The products request has answered for Pay Station already: another Pay Station
    /// storefront asks nothing, and neither does a StoreKit one.
    @Test func switchingAsksTheEngineForNothingOnceProductsAreKnown() {
        var app = makeApp()
        for _ in 0..<app.catalog.storefronts.count {
            #expect(app.update(.key(.character("s"))).isEmpty)
        }
    }

    @Test func aScriptChoosesAStorefrontById() {
        var app = makeApp()
        #expect(app.update(.chooseStorefront(id: "JPN")).isEmpty)
        #expect(app.paywall.storefront.id == "JPN")
        #expect(app.text.contains("¥800"))
    }

    @Test func anUnknownStorefrontIsAnErrorAndChangesNothing() {
        var app = makeApp()
        #expect(app.update(.chooseStorefront(id: "XXX")).isEmpty)
        #expect(app.paywall.storefront.id == "USA")
        #expect(app.notice == StoreNotice(.error, "No storefront XXX in the catalog."))
    }
}
