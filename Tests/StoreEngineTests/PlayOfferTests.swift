import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Google Play's offers through the engine on a real ledger: who is offered what (a new
/// customer the free week, a returning one not; the upgrade offer only while holding another
/// plan of the group; developer-determined offers as QA switches them), the offer a Play app
/// buys, QA's switch on the sheet, and what the transaction records and charges.
@Suite("Google Play: base plans and offers")
struct PlayOfferTests {
    static let catalogText = #"""
        {
          "schemaVersion": 1,
          "app": { "name": "Offers", "bundleId": "com.example.offers" },
          "settings": { "enablePayments": true, "timeRate": "real" },
          "storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "play" } ],
          "accessLevels": [ { "id": "plus" } ],
          "subscriptionGroups": [ { "id": "plus", "accessLevel": "plus", "name": { "en": "Plus" } } ],
          "products": [
            { "id": "plus.weekly", "type": "autoRenewable", "group": "plus", "level": 2, "period": "P1W",
              "name": { "en": "Weekly" }, "prices": { "USA": "1.99" } },
            { "id": "plus.monthly", "type": "autoRenewable", "group": "plus", "level": 1, "period": "P1M",
              "name": { "en": "Monthly" }, "prices": { "USA": "4.99" },
              "play": {
                "basePlans": [ { "basePlanId": "monthly", "billingPeriodDuration": "P1M" } ],
                "offers": [
                  { "offerId": "free-week", "basePlanId": "monthly", "eligibility": "newCustomer",
                    "phases": [ { "type": "freeTrial", "duration": "P1W" } ] },
                  { "offerId": "upgrade-half", "basePlanId": "monthly", "eligibility": "upgrade",
                    "phases": [ { "type": "discountedRecurring", "duration": "P1M", "recurrenceCount": 3, "prices": { "USA": "2.49" } } ] },
                  { "offerId": "loyalty", "basePlanId": "monthly", "eligibility": "developerDetermined",
                    "phases": [ { "type": "singlePayment", "duration": "P3M", "prices": { "USA": "9.99" } } ] } ] } }
          ]
        }
        """#

    private func catalog() throws -> ProductCatalog {
        try CatalogLoader.load(text: Self.catalogText, file: "catalog.json")
    }

    @Test func aNewCustomerIsSoldTheFreeWeekAndItLastsAWeek() throws {
        try withStore(catalog: try catalog()) { harness in
            let sheet = try harness.openPlay("plus.monthly")
            #expect(sheet.offerChoices.map(\.reference) == ["monthly/free-week", "monthly/loyalty", "monthly"])
            #expect(sheet.offerLine == "1 week free, then $4.99/month" && sheet.formattedPrice == "$0.00")
            try harness.sendPlay(.buy)
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.state == .purchased && record.offerType == "play" && record.offerId == "monthly/free-week")
            #expect(record.amountCharged == "0")
            let grant = try #require(try harness.ledger.grants().first { $0.transactionId == sheet.transactionId })
            let days = try #require(grant.expiresAt).timeIntervalSince(try #require(record.purchasedAt)) / 86_400
            #expect(days == 7)
            // The subscriptions pane names the free first phase a trial, as the App Store's is.
            let subscription = try #require(harness.store.currentReport().snapshot.subscriptions.first)
            #expect(subscription.periodType == "trial")
        }
    }

    /// A paid first phase is an introductory price; the App Store's kinds name themselves.
    @Test func aPhasedOfferNamesItsPeriodByWhatItsFirstPhaseCharged() {
        #expect(AppliedOffer.periodType(ofRecordedType: "play", charged: 0) == "trial")
        #expect(AppliedOffer.periodType(ofRecordedType: "play", charged: Decimal(string: "2.49")!) == "intro")
        #expect(AppliedOffer.periodType(ofRecordedType: "promotional", charged: 0) == nil)
    }

    @Test func aReturningCustomerIsNotOfferedTheTrial() throws {
        try withStore(catalog: try catalog()) { harness in
            let first = try harness.openPlay("plus.monthly")
            try harness.sendPlay(.buy)
            // The plan ends; the player comes back.
            _ = try harness.store.act(.expire, on: first.transactionId)
            try harness.sendPlay(.setDeveloperOffers(false))
            let again = try harness.openPlay("plus.monthly")
            #expect(again.offerChoices.map(\.reference) == ["monthly"])
            #expect(again.offerLine == "$4.99/month" && again.formattedPrice == "$4.99")
        }
    }

    @Test func theUpgradeOfferIsOfferedOnlyWhileHoldingAnotherPlanOfTheGroup() throws {
        try withStore(catalog: try catalog()) { harness in
            try harness.sendPlay(.setDeveloperOffers(false))
            let weekly = try harness.openPlay("plus.weekly")
            try harness.sendPlay(.buy)
            let holding = try harness.openPlay("plus.monthly")
            #expect(holding.offerChoices.map(\.reference) == ["monthly/upgrade-half", "monthly"])
            #expect(holding.offerLine == "3 months at $2.49/month, then $4.99/month")
            try harness.sendPlay(.cancel)
            // The weekly plan ends: no longer an upgrade.
            _ = try harness.store.act(.expire, on: weekly.transactionId)
            let lapsed = try harness.openPlay("plus.monthly")
            #expect(lapsed.offerChoices.map(\.reference) == ["monthly"])
        }
    }

    @Test func qaSwitchesTheOfferOnTheSheetAndThatIsWhatIsCharged() throws {
        try withStore(catalog: try catalog()) { harness in
            let sheet = try harness.openPlay("plus.monthly")
            let report = try harness.sendPlay(.nextOffer)
            let switched = try #require(report.playSheet)
            #expect(switched.chosenOffer?.reference == "monthly/loyalty" && switched.formattedPrice == "$9.99")
            #expect(switched.offerLine == "3 months for $9.99, then $4.99/month")
            let open = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(open.state == .purchasing && open.amountCharged == "9.99" && open.offerId == "monthly/loyalty")
            try harness.sendPlay(.buy)
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.state == .purchased && record.amountCharged == "9.99")
            let grant = try #require(try harness.ledger.grants().first { $0.transactionId == sheet.transactionId })
            let days = try #require(grant.expiresAt).timeIntervalSince(try #require(record.purchasedAt)) / 86_400
            #expect(days > 85 && days < 95, "three months of access, not one: \(days) days")
        }
    }

    @Test func productDetailsListEachEligibleOfferWithItsPhases() throws {
        try withStore(catalog: try catalog()) { harness in
            let report = try harness.store.requestProducts(on: .play, attempt: 1)
            let details = report.snapshot.events.filter { $0.kind == .playProductDetails }.map(\.message)
            let monthly = try #require(details.first { $0.hasPrefix("ProductDetails(monthly)") })
            #expect(monthly.contains("monthly/free-week"))
            #expect(monthly.contains("$0.00 P1W ×1 FINITE_RECURRING; $4.99 P1M ×0 INFINITE_RECURRING"))
            #expect(monthly.contains("monthly/loyalty") && monthly.contains("$9.99 P3M ×1 NON_RECURRING"))
            #expect(!monthly.contains("upgrade-half"))
        }
    }
}
