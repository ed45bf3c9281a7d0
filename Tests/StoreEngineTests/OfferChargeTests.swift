import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Offers are charged as advertised (issue 7): what the paywall shows is what Pay Station asks
/// and what the ledger records, and what is granted lasts as long as what was paid for.
@Suite("Store: offers are charged as advertised")
struct OfferChargeTests {
    @Test func aFreeTrialChargesNothingNowAndLastsItsWeek() throws {
        try withStore { harness in
            let session = try harness.open(SKU.monthlyPass)
            #expect(session.formattedPrice == "$0.00")
            #expect(session.laterTerms == "1 week free, then $4.99/month")
            try harness.pay(card: Cards.success)
            let paidAt = harness.now
            try harness.waitForRedirect()
            let record = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(record.price == "4.99", "the list price stays recorded")
            #expect(record.amountCharged == "0")
            #expect(record.offerType == "introductory")
            let summary = try #require(harness.store.currentReport().snapshot.transactions.first)
            #expect(summary.amountCharged == 0)
            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(grant.expiresAt == SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .week), from: paidAt))
        }
    }

    /// A promotional pay-as-you-go offer: the offer price for the first of its periods now.
    @Test func payAsYouGoChargesTheOfferPriceForOnePeriod() throws {
        try withStore { harness in
            let (weekly, _) = try harness.buy(SKU.weeklyPass)
            try harness.cancelRenewal(of: weekly.transactionId)
            try harness.wait(8 * 86_400)  // the week lapsed: a returning subscriber
            let session = try harness.open(SKU.monthlyPass, variationId: "main.C")  // the hero variant presents comeback_50
            #expect(session.formattedPrice == "$2.49")
            #expect(session.laterTerms == "3 months at $2.49/month, then $4.99/month", "\(session.laterTerms ?? "none")")
            try harness.pay(card: Cards.success)
            let paidAt = harness.now
            try harness.waitForRedirect()
            let record = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(record.amountCharged == "2.49")
            #expect(record.offerType == "promotional")
            #expect(record.offerId == "comeback_50")
            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(grant.expiresAt == SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .month), from: paidAt))
        }
    }

    /// Pay up front: the offer price once, for the whole offer.
    @Test func payUpFrontChargesOnceForTheWholeOffer() throws {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.monthlyPass })
        catalog.products[index].introductoryOffer = Offer(mode: .payUpFront, period: SubscriptionPeriod(value: 1, unit: .month),
                                                          periods: 3, prices: ["USA": Decimal(string: "9.99")!])
        try withStore(catalog: catalog) { harness in
            let session = try harness.open(SKU.monthlyPass)
            #expect(session.formattedPrice == "$9.99")
            try harness.pay(card: Cards.success)
            let paidAt = harness.now
            try harness.waitForRedirect()
            #expect(try harness.ledger.transaction(id: session.transactionId)?.amountCharged == "9.99")
            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(grant.expiresAt == SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .month), count: 3, from: paidAt))
        }
    }

    /// An offer with no price in a storefront is not offered there: the regular price applies.
    @Test func anOfferWithoutAPriceHereIsNotOffered() throws {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.monthlyPass })
        catalog.products[index].introductoryOffer = Offer(mode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month),
                                                          periods: 2, prices: ["DEU": Decimal(string: "1.99")!])
        try withStore(catalog: catalog) { harness in
            let session = try harness.open(SKU.monthlyPass)
            #expect(session.formattedPrice == "$4.99")
            #expect(session.laterTerms == nil)
        }
    }
}

/// What was bought is owned (issue 7): buying it again is refused before Pay Station opens.
@Suite("Store: what was bought stays owned")
struct OwnedRefusalTests {
    @Test func aNonConsumableIsNotSoldTwice() throws {
        try withStore { harness in
            try harness.buy(SKU.removeAds)
            let commits = harness.store.commitCount
            let report = try harness.store.beginPurchase(of: SKU.removeAds, in: "USA", on: .paystation)
            #expect(report.sheet == nil)
            #expect(report.notice == StoreNotice(.info, "You already own Remove Ads; nothing was charged."))
            #expect(report.snapshot.transactionCount == 1)
            #expect(harness.store.commitCount == commits + 1, "only the event that says why")
            #expect(try harness.events(.purchaseIgnored).last?.message == "remove_ads is already owned")
        }
    }

    @Test func theActivePlanIsNotSoldAgainButALapsedOneIs() throws {
        try withStore { harness in
            let (weekly, _) = try harness.buy(SKU.weeklyPass)
            let refused = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .paystation)
            #expect(refused.notice?.text == "Weekly Pass is already your current plan; nothing was charged.")
            #expect(refused.snapshot.transactionCount == 1)
            try harness.cancelRenewal(of: weekly.transactionId)
            try harness.wait(8 * 86_400)
            let again = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .paystation)
            #expect(again.sheet != nil, "a lapsed plan can be bought again")
        }
    }

    @Test func consumablesAreSoldAgainAndAgain() throws {
        try withStore { harness in
            try harness.buy(SKU.gems100)
            let again = try harness.store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            #expect(again.sheet != nil)
        }
    }
}
