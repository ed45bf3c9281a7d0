import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// Switching storefront while a purchase is under way cannot change what is charged: the
/// transaction keeps the storefront, currency and price it was opened with, whatever the shop
/// shows by the time it settles. The switch is the UI's; what reaches the engine is the next
/// purchase, made in the other storefront while the first one still counts down.
@Suite("Store: a storefront switch mid-purchase")
struct StorefrontSwitchTests {
    @Test func thePurchaseKeepsTheStorefrontAndCurrencyItWasOpenedIn() throws {
        try withStore(catalog: redirectCatalog(.successfulOrCanceled, delaySeconds: 60)) { harness in
            let american = try harness.open(SKU.gems100, in: "USA")
            let usDue = try #require(try harness.pay(card: Cards.success).nextDue)

            // The player switches to Germany and buys there before the first redirect comes.
            let german = try harness.open(SKU.gems100, in: "DEU")
            #expect(german.formattedPrice == "1,09\u{00A0}€")
            try harness.pay(card: Cards.success)

            // Both countdowns end; each purchase settles as it was opened.
            let settled = try harness.store.advance(to: usDue.addingTimeInterval(3_600))
            let summaries = Dictionary(uniqueKeysWithValues: settled.snapshot.transactions.map { ($0.id, $0) })
            let us = try #require(summaries[american.transactionId])
            #expect(us.storefront == "USA")
            #expect(us.currency == "USD")
            #expect(us.price == "0.99")
            #expect(us.state == .purchased)
            #expect(us.amountCharged == Decimal(string: "0.99"))
            let de = try #require(summaries[german.transactionId])
            #expect(de.storefront == "DEU")
            #expect(de.currency == "EUR")
            #expect(de.amountCharged == Decimal(string: "1.09"))
            // Both passed validation (the currency matches the storefront each was opened in).
            #expect(try harness.events(.validationFailed).isEmpty)
            #expect(try harness.ledger.balances() == ["gems": 200])
        }
    }

    @Test func theInvoicePageKeepsItsOwnPriceAndPlace() throws {
        try withStore { harness in
            let opened = try harness.open(SKU.gems100, in: "DEU")
            // A products request on the switched-to shop while the page is open changes nothing in it.
            _ = try harness.store.requestProducts(on: .paystation, attempt: 1)
            let page = try #require(harness.page)
            #expect(page.session == opened)
            #expect(!page.session.opensExternalBrowser, "the EU path stays in the app")
        }
    }
}
