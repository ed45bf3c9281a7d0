import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Plan changes on Google Play, on a real ledger file at the sandbox rate (a week and a month
/// renew every 5 minutes, a year every 30): the replacement mode the app passes decides when
/// the change happens, what is charged now and where the new plan's first period ends; the
/// grant, the subscription and the signature all say that end; the old plan ends at once with
/// no refund; the new purchase names the old one's token.
@Suite("Google Play: replacement modes")
struct PlayReplacementModeTests {
    private static let yearlyPass = "com.example.stardust.pass.yearly"

    /// Buys `productId` on Google Play's sheet with the instrument that approves.
    @discardableResult
    private func buy(_ productId: String, _ harness: StoreHarness) throws -> PlaySession {
        let sheet = try harness.openPlay(productId)
        _ = try harness.sendPlay(.buy)
        return sheet
    }

    private func setMode(_ mode: PlayReplacementMode, _ harness: StoreHarness) throws {
        _ = try harness.sendPlay(.setReplacementMode(mode))
    }

    private func running(_ harness: StoreHarness) throws -> SubscriptionSummary {
        try #require(harness.store.currentReport().snapshot.subscriptions.first { $0.status.hasAccess })
    }

    private func transaction(_ id: String, _ harness: StoreHarness) throws -> TransactionRecord {
        try #require(try harness.ledger.transaction(id: id))
    }

    @Test func withTimeProrationChargesNothingAndCreditsTheUnusedValueAsTime() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let weekly = try buy(SKU.weeklyPass, harness)
            _ = try harness.store.advance(by: 60)
            let changedAt = harness.now
            let sheet = try harness.openPlay(SKU.monthlyPass)
            #expect(sheet.replacement?.mode == .withTimeProration, "Google's default")
            #expect(sheet.replacement?.replacedProductId == SKU.weeklyPass)
            #expect(sheet.formattedPrice == "$0.00")
            _ = try harness.sendPlay(.buy)

            let monthly = try transaction(sheet.transactionId, harness)
            #expect(monthly.amountCharged == "0")
            // 4 of the weekly plan's 5 minutes are left: 1.592 of 1.99, which buys 95 s at 4.99 a period.
            let end = changedAt.addingTimeInterval(95)
            #expect(monthly.periodEnd == end)
            #expect(try harness.ledger.grant(forTransaction: monthly.id)?.expiresAt == end)
            #expect(try running(harness).expiresAt == end && running(harness).productId == SKU.monthlyPass)
            #expect(try harness.ledger.grant(forTransaction: weekly.transactionId)?.expiresAt == changedAt,
                    "the old plan's access ends at the change")
            let old = try #require(try harness.ledger.subscriptions(user: "player-1")
                .first { $0.originalTransactionId == weekly.transactionId })
            #expect(old.endedAt == changedAt && old.endReason == "replaced")
            #expect(try harness.events(.refund).isEmpty && harness.ledger.proratedRefunds(user: nil).isEmpty, "nothing refunded")

            // Signed as Google Play signs it (its JSON has no expiry), never with an App Store JWS.
            #expect(monthly.signedTransaction == nil)
            let purchase = try #require(try harness.playRecords.purchase(of: monthly.id))
            #expect(purchase.signatureProblem(with: try harness.playRecords.licenseKey(), for: monthly) == nil)

            // At that end it renews at the monthly price, for a whole period.
            _ = try harness.store.advance(to: end.addingTimeInterval(1))
            #expect(try harness.ledger.transactions(newestFirst: 1).first?.amountCharged == "4.99")
            #expect(try running(harness).expiresAt == end.addingTimeInterval(300))
        }
    }

    @Test func theNewPurchaseNamesTheOldOnesToken() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let weekly = try buy(SKU.weeklyPass, harness)
            let monthly = try buy(SKU.monthlyPass, harness)
            let oldToken = try #require(try harness.playRecords.purchase(of: weekly.transactionId)?.purchaseToken)
            let purchase = try #require(try harness.playRecords.purchase(of: monthly.transactionId))
            #expect(purchase.linkedPurchaseToken == oldToken && purchase.replacementMode == "WITH_TIME_PRORATION")
            let line = try #require(try harness.events(.subscriptionPurchased).last { $0.transactionId == monthly.transactionId })
            #expect(line.message.contains("linkedPurchaseToken \(oldToken.prefix(12))…"))
        }
    }

    @Test func chargeProratedPriceChargesTheDifferenceAndKeepsTheBillingDate() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = try buy(SKU.monthlyPass, harness)   // then into its first renewal, a period paid at its price
            _ = try harness.store.advance(to: try running(harness).expiresAt.addingTimeInterval(0.5))
            let billingDate = try running(harness).expiresAt
            _ = try harness.store.advance(by: 59.5)
            try setMode(.chargeProratedPrice, harness)
            let sheet = try harness.openPlay(Self.yearlyPass)
            _ = try harness.sendPlay(.buy)
            // 240 s left; the yearly plan costs 39.99/1800 s, the monthly 4.99/300 s: 0.0055833 a second more.
            let charged = try transaction(sheet.transactionId, harness)
            #expect(charged.amountCharged == "1.34", "\(charged) \(harness.now) \(billingDate)")
            #expect(try running(harness).expiresAt == billingDate)
        }
    }

    @Test func chargeProratedPriceIsRefusedForAPlanThatCostsLessPerUnitOfTime() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = try buy(Self.yearlyPass, harness)
            try setMode(.chargeProratedPrice, harness)
            let before = try harness.ledger.transactions(newestFirst: 10).count
            let report = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .play)
            #expect(report.playSheet == nil)
            #expect(report.notice?.tone == .error && report.notice?.text.contains("DEVELOPER_ERROR") == true)
            #expect(try harness.ledger.transactions(newestFirst: 10).count == before, "nothing opened, nothing charged")
        }
    }

    @Test func chargeFullPriceChargesAWholePeriodWithTheCreditOnTop() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = try buy(SKU.weeklyPass, harness)
            _ = try harness.store.advance(by: 60)
            let changedAt = harness.now
            try setMode(.chargeFullPrice, harness)
            let sheet = try buy(SKU.monthlyPass, harness)
            #expect(try transaction(sheet.transactionId, harness).amountCharged == "4.99")
            #expect(try running(harness).expiresAt == changedAt.addingTimeInterval(300 + 95))
        }
    }

    @Test func withoutProrationChargesNothingAndKeepsTheBillingDate() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = try buy(Self.yearlyPass, harness)
            let billingDate = try running(harness).expiresAt
            _ = try harness.store.advance(by: 60)
            try setMode(.withoutProration, harness)
            let sheet = try buy(SKU.weeklyPass, harness)
            #expect(try transaction(sheet.transactionId, harness).amountCharged == "0")
            #expect(try running(harness).expiresAt == billingDate && running(harness).productId == SKU.weeklyPass)
        }
    }

    @Test func deferredOpensNoSheetAndChangesAtTheRenewal() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = try buy(SKU.weeklyPass, harness)
            try setMode(.deferred, harness)
            let report = try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .play)
            #expect(report.playSheet == nil)
            #expect(try running(harness).pendingProductId == SKU.monthlyPass)
            #expect(try harness.events(.subscriptionChanged).last?.message.hasSuffix("(DEFERRED)") == true)
            _ = try harness.store.advance(to: try running(harness).expiresAt.addingTimeInterval(1))
            #expect(try running(harness).productId == SKU.monthlyPass)
            #expect(try harness.ledger.transactions(newestFirst: 1).first?.amountCharged == "4.99")
        }
    }

    @Test func theModeTheSheetOpenedWithWinsOverALaterChoice() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = try buy(Self.yearlyPass, harness)
            let billingDate = try running(harness).expiresAt
            try setMode(.withoutProration, harness)
            let sheet = try harness.openPlay(SKU.weeklyPass)
            _ = try harness.sendPlay(.choose(.slowApproves))
            _ = try harness.sendPlay(.buy)
            try setMode(.chargeFullPrice, harness)
            _ = try harness.store.advance(by: PlayInstrument.slowCardSeconds + 1)
            let weekly = try transaction(sheet.transactionId, harness)
            #expect(weekly.state == .purchased && weekly.amountCharged == "0")
            #expect(weekly.periodEnd == billingDate, "WITHOUT_PRORATION keeps the billing date")
        }
    }

    @Test func pOnTheSheetStepsThroughTheModesThisChangeAllowsAndRepricesIt() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = try buy(SKU.weeklyPass, harness)
            let sheet = try harness.openPlay(SKU.monthlyPass)
            var seen: [PlayReplacementMode] = [try #require(sheet.replacement?.mode)]
            for _ in 0..<4 {
                let shown = try #require(try harness.sendPlay(.nextReplacementMode).playSheet)
                let mode = try #require(shown.replacement?.mode)
                seen.append(mode)
                // The open transaction charges what the sheet now shows.
                let charged = try transaction(sheet.transactionId, harness).amountCharged
                #expect(shown.formattedPrice == PriceFormatter.format(Decimal(string: charged ?? "") ?? -1,
                                                                     in: try #require(harness.store.catalog.storefront(id: "USA"))))
            }
            #expect(seen == [.withTimeProration, .chargeProratedPrice, .chargeFullPrice, .withoutProration, .withTimeProration],
                    "DEFERRED opens no sheet, so the sheet skips it")
            #expect(try PlayOfferRecords(ledger: harness.ledger, now: harness.now).replacementMode() == .withTimeProration,
                    "the app keeps the last choice")
        }
    }

    @Test func aNewRenewalRateMovesAReplacedPlansPeriodEndWithItsGrant() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = try buy(SKU.weeklyPass, harness)
            _ = try harness.store.advance(by: 60)
            let sheet = try buy(SKU.monthlyPass, harness)
            let before = try #require(try transaction(sheet.transactionId, harness).periodEnd)
            _ = try harness.store.setTimeRate(.running(.monthlyEvery30Seconds), keepingClockPaused: true)
            let moved = try running(harness).expiresAt
            #expect(moved != before, "the faster rate shortens what is left")
            #expect(try transaction(sheet.transactionId, harness).periodEnd == moved)
            #expect(try harness.ledger.grant(forTransaction: sheet.transactionId)?.expiresAt == moved)
        }
    }

    @Test func aModeIsKeptAcrossARelaunch() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            try setMode(.chargeFullPrice, harness)
            try harness.relaunch()
            #expect(try PlayOfferRecords(ledger: harness.ledger, now: harness.now).replacementMode() == .chargeFullPrice)
        }
    }

    @Test(arguments: [("WITH_TIME_PRORATION", PlayReplacementMode.withTimeProration),
                      ("charge-prorated-price", .chargeProratedPrice), ("Charge_Full_Price", .chargeFullPrice),
                      ("without-proration", .withoutProration), ("deferred", .deferred)])
    func aModeIsNamedAsGoogleDoesOrInLowerCaseWithDashes(argument: String, mode: PlayReplacementMode) {
        #expect(PlayReplacementMode(argument: argument) == mode)
    }

    @Test func anUnknownModeIsNoMode() {
        #expect(PlayReplacementMode(argument: "KEEP_EXISTING") == nil)
        #expect(PlayReplacementMode(argument: "") == nil)
    }
}
