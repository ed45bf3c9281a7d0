import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// What each kind of product grants once bought: currency for a consumable, an entitlement for
/// a non-consumable, an access level until the end of its period for a subscription.
@Suite("Store: what a purchase grants")
struct GrantKindTests {
    @Test func removeAdsGrantsANonConsumableEntitlement() throws {
        try withStore { harness in
            let (session, notice) = try harness.buy(SKU.removeAds)
            #expect(notice.tone == .success)
            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(grant.kind == .nonConsumable)
            #expect(grant.key == "no_ads")
            #expect(grant.expiresAt == nil)
            #expect(try harness.ledger.balances().isEmpty)

            let entitlements = harness.store.currentReport().snapshot.entitlements
            var bought = Entitlement(id: "no_ads", kind: .nonConsumable, productId: SKU.removeAds, expiresAt: nil,
                                     isActive: true)
            bought.stores = [.xsolla]
            #expect(entitlements == [bought])
            #expect(entitlements.first?.isLifetime == true)
        }
    }

    @Test func aMonthlySubscriptionGrantsPremiumForAMonth() throws {
        try withStore(catalog: regularPriceCatalog()) { harness in
            let (session, notice) = try harness.buy(SKU.monthlyPass)
            #expect(notice.tone == .success)
            let grantedAt = harness.now
            // Paid before the 2-second countdown that brought the redirect; the month runs from
            // the payment. The test clock starts on 19 September, and September has 30 days: a
            // calendar month from here is exactly 30 days (CalendarTests covers the others).
            let paidAt = try #require(try harness.ledger.transaction(id: session.transactionId)?.purchasedAt)
            #expect(paidAt == grantedAt.addingTimeInterval(-2))
            let expiresAt = paidAt.addingTimeInterval(30 * 86_400)

            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(grant.kind == .accessLevel)
            #expect(grant.key == "premium")
            #expect(grant.grantedAt == grantedAt)
            #expect(grant.expiresAt == expiresAt)

            let entitlements = harness.store.currentReport().snapshot.entitlements
            #expect(entitlements.count == 1)
            let premium = try #require(entitlements.first)
            #expect(premium.id == "premium" && premium.kind == .accessLevel && premium.productId == SKU.monthlyPass)
            #expect(premium.expiresAt == expiresAt && premium.isActive && premium.willRenew)
            #expect(premium.subscription?.originalTransactionId == session.transactionId)
            #expect(premium.subscription?.status == .subscribed)

            // Without the renewal run (nothing asked the engine to), access ends with the grant.
            harness.clock.advance(by: 30 * 86_400 - 3)
            #expect(harness.store.currentReport().snapshot.entitlements.first?.isActive == true)
            harness.clock.advance(by: 1)
            let expired = try #require(harness.store.currentReport().snapshot.entitlements.first)
            #expect(!expired.isActive)
            #expect(!expired.isLifetime)
        }
    }

    @Test func theGermanStorefrontOpensPayStationInTheApp() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100, in: "DEU")
            #expect(!session.opensExternalBrowser)
            #expect(session.productName == "Edelsteinbeutel")
            // Foundation's de_DE currency format puts a no-break space before the euro sign.
            #expect(session.formattedPrice == "1,09\u{00A0}€")
            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.currency == "EUR")
            #expect(transaction.price == "1.09")
            #expect(transaction.storefront == "DEU")
        }
    }

    @Test func theUSStorefrontOpensAnExternalBrowserOnlyWhenTheSettingsSaySo() throws {
        var catalog = try defaultCatalog()
        catalog.settings.openExternalBrowser = false
        try withStore(catalog: catalog) { harness in
            let session = try harness.open(SKU.gems100, in: "USA")
            #expect(!session.opensExternalBrowser)
        }
    }

    @Test func aGermanPurchaseGrantsLikeAnAmericanOne() throws {
        try withStore { harness in
            let (session, notice) = try harness.buy(SKU.gems100, in: "DEU")
            #expect(notice.tone == .success)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.isFinished == true)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }
}
