import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The Xee SDK on StoreKit, on a real ledger: `makePurchase` buys through the App Store sheet,
/// and the simulated server decides access on the player's profile. With the In-App Purchase
/// key it verifies with Apple before `makePurchase` returns; without it (or when Apple's check
/// fails) access comes with the purchase's notification, while the app polls `getProfile`.
@Suite("Xee path")
struct XeePathTests {
    /// `makePurchase` of `productId` in the USA, Buy on the sheet; the transaction's id.
    @discardableResult
    private static func makePurchase(_ productId: String, _ harness: StoreHarness) throws -> String {
        let report = try harness.store.beginPurchase(of: productId, in: "USA", on: .xee)
        let sheet = try #require(report.storeKitSheet, "no App Store sheet: \(report.notice?.text ?? "no notice")")
        #expect(sheet.path == .xee)
        try harness.send(.pressButton(.buy))
        return sheet.transactionId
    }

    private static func premium(_ harness: StoreHarness) -> Entitlement? {
        harness.store.currentReport().snapshot.entitlement(id: "premium")
    }

    /// Moves the wall clock (and so simulated time) on and runs what fell due.
    private static func wait(_ seconds: TimeInterval, _ harness: StoreHarness) throws -> StoreReport {
        harness.clock.advance(by: seconds)
        return try harness.store.runDue()
    }

    @Test func withTheKeyTheProfileShowsAccessBeforeMakePurchaseReturns() throws {
        try withStore { harness in
            let id = try Self.makePurchase(SKU.monthlyPass, harness)
            let premium = try #require(Self.premium(harness))
            #expect(premium.isActive)
            #expect(premium.source == "verified with Apple")
            #expect(premium.productId == SKU.monthlyPass)
            // The server's record, not the app's grant.
            #expect(try harness.ledger.grant(forTransaction: id) == nil)
            #expect(try harness.ledger.xeeAccess(user: harness.userId).map(\.source) == ["verifiedWithApple"])
            let kinds = try harness.eventKinds(of: id)
            #expect(kinds.contains("VERIFIED_WITH_APPLE"))
            #expect(kinds.last == "transaction.finished")
            #expect(harness.store.currentReport().accessWait == nil)
        }
    }

    @Test func withoutTheKeyAccessComesWithTheNotificationWhileTheAppPolls() throws {
        try withStore { harness in
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: false))
            let id = try Self.makePurchase(SKU.monthlyPass, harness)
            #expect(Self.premium(harness)?.isActive != true)
            #expect(try harness.summary(of: id).isFinished)
            #expect(harness.store.currentReport().accessWait == AccessWait(level: "premium", poll: 1, polls: 10))
            #expect(try !harness.eventKinds(of: id).contains("VERIFIED_WITH_APPLE"))

            #expect(try Self.wait(2, harness).accessWait?.poll == 2)
            #expect(Self.premium(harness)?.isActive != true)
            // catalog.json: notificationDelaySeconds 4, the same moment as the second poll; the
            // notification was scheduled first, so that poll finds the level.
            let answered = try Self.wait(2, harness)
            #expect(Self.premium(harness)?.isActive == true)
            #expect(Self.premium(harness)?.source == "notification")
            #expect(answered.accessWait == nil)
            #expect(answered.notice == StoreNotice(.success, "premium is active."))
            #expect(try harness.events(.xeeGetProfile).map(\.message) == [
                "poll 1 of 10: premium not yet", "poll 2 of 10: premium active",
            ])
            #expect(try Self.wait(2, harness).accessWait == nil, "no poll after the level arrived")
            #expect(try harness.events(.xeeGetProfile).count == 2)
        }
    }

    @Test(arguments: [
        (XeeServerSettings.AppleAnswer.unreachable, "Apple could not be reached"),
        (.error, "Apple answered with an error"),
        (.unverifiable, "Apple's answer did not verify"),
    ])
    func aFailedCheckNeverFailsThePurchase(_ answer: XeeServerSettings.AppleAnswer, _ reason: String) throws {
        try withStore { harness in
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: true, apple: answer))
            let id = try Self.makePurchase(SKU.weeklyPass, harness)
            let summary = try harness.summary(of: id)
            #expect(summary.state == .purchased && summary.isFinished)
            #expect(Self.premium(harness)?.isActive != true)
            let failed = try #require(try harness.events(.xeeAppleCheckFailed).last)
            #expect(failed.message.hasPrefix(reason + ": makePurchase still succeeds"))
            #expect(try harness.events(.verifiedWithApple).isEmpty)
            _ = try Self.wait(4, harness)
            #expect(Self.premium(harness)?.isActive == true)
            #expect(Self.premium(harness)?.source == "notification")
        }
    }

    @Test func theAppStopsPollingAfterTenTriesAndSaysAccessMayTakeAMoment() throws {
        var catalog = try defaultCatalog()
        catalog.settings.xee = XeeSettings(inAppPurchaseKey: false, notificationDelaySeconds: 30)
        try withStore(catalog: catalog) { harness in
            try Self.makePurchase(SKU.weeklyPass, harness)
            var last: StoreReport?
            for _ in 1...10 { last = try Self.wait(2, harness) }
            #expect(last?.accessWait == nil)
            #expect(last?.notice == StoreNotice(.info, "The purchase went through; premium may take a moment to arrive."))
            #expect(try harness.events(.xeeGetProfile).count == 10)
            #expect(Self.premium(harness)?.isActive != true)
            _ = try Self.wait(10, harness)
            #expect(Self.premium(harness)?.isActive == true)
        }
    }

    @Test func aConsumableIsGrantedByTheAppAndLeavesTheProfileAlone() throws {
        try withStore { harness in
            try Self.makePurchase(SKU.gems100, harness)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.xeeAccess(user: harness.userId).isEmpty)
            #expect(harness.store.currentReport().accessWait == nil)
        }
    }

    @Test func theProfileIsReadBackAtTheNextLaunch() throws {
        try withStore { harness in
            try Self.makePurchase(SKU.monthlyPass, harness)
            try harness.relaunch()
            #expect(Self.premium(harness)?.isActive == true)
            #expect(Self.premium(harness)?.source == "verified with Apple")
            // The level owns the plan: buying it again is refused.
            let again = try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee)
            #expect(again.sheet == nil)
        }
    }

    @Test func changingTheServerIsLogged() throws {
        try withStore { harness in
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: false, apple: .error))
            #expect(harness.store.xeeServer == XeeServerSettings(hasInAppPurchaseKey: false, apple: .error))
            #expect(try harness.events(.xeeSettings).map(\.message) == [
                "In-App Purchase key off, Apple error, iOS 15, environment known, promoted purchases show",
            ])
        }
    }

    @Test func aTamperedPurchaseReachesNoProfile() throws {
        try withStore { harness in
            let report = try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee)
            let sheet = try #require(report.storeKitSheet)
            try harness.send(.pressButton(.tamper))
            #expect(try harness.ledger.xeeAccess(user: harness.userId).isEmpty)
            #expect(try harness.summary(of: sheet.transactionId).isFinished == false)
            #expect(Self.premium(harness)?.isActive != true)
        }
    }

    /// A second purchase while the app polls for the first takes the polling over: one poll
    /// every two seconds, for the newer purchase.
    @Test func aNewPurchaseTakesThePollingOver() throws {
        try withStore { harness in
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: false))
            let first = try Self.makePurchase(SKU.weeklyPass, harness)
            harness.clock.advance(by: 1)
            let second = try Self.makePurchase(SKU.monthlyPass, harness)
            #expect(first != second)
            _ = try Self.wait(2, harness)
            let polls = try harness.events(.xeeGetProfile)
            #expect(polls.map(\.transactionId) == [second])
        }
    }

    // MARK: restorePurchases

    /// A Weekly Pass bought on Xee while the server had no key: nothing on the profile yet.
    private static func boughtWithoutKey(_ harness: StoreHarness) throws -> String {
        _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: false))
        return try Self.makePurchase(SKU.weeklyPass, harness)
    }

    @Test func restoreOnIOS15WithTheKeyRecordsWhatAppleReports() throws {
        try withStore { harness in
            let id = try Self.boughtWithoutKey(harness)
            let count = try harness.ledger.transactionCount()
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: true))
            let report = try harness.store.restore(on: .xee)
            #expect(report.notice == StoreNotice(.success, "Restored premium active. Nothing was charged."))
            #expect(Self.premium(harness)?.isActive == true)
            #expect(Self.premium(harness)?.source == "restore")
            #expect(try harness.ledger.xeeAccess(user: harness.userId).first?.transactionId == id)
            #expect(try harness.ledger.transactionCount() == count, "a restore makes no transaction")
            #expect(try harness.events(.restored).last?.message == "restorePurchases(): \(id) sent; Apple reported premium active")
        }
    }

    @Test func anExpiredSubscriptionComesBackInactive() throws {
        try withStore { harness in
            _ = try Self.boughtWithoutKey(harness)
            harness.clock.advance(by: 8 * 86_400)  // past the week
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: true))
            let report = try harness.store.restore(on: .xee)
            #expect(report.notice?.text == "Restored premium inactive (expired). Nothing was charged.")
            #expect(try harness.ledger.xeeAccess(user: harness.userId).first?.source == "restore")
            #expect(Self.premium(harness)?.isActive == false)
        }
    }

    @Test func onIOS14TheReceiptUnlocksNothing() throws {
        try withStore { harness in
            _ = try Self.boughtWithoutKey(harness)
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: true, deviceOS: .ios14))
            let report = try harness.store.restore(on: .xee)
            #expect(report.notice?.text.hasPrefix("Restore sent a receipt (iOS 13/14), which unlocks nothing") == true)
            #expect(try harness.ledger.xeeAccess(user: harness.userId).isEmpty)
        }
    }

    @Test(arguments: [
        (XeeServerSettings(hasInAppPurchaseKey: false), "no In-App Purchase key"),
        (XeeServerSettings(hasInAppPurchaseKey: true, apple: .unreachable), "Apple could not be reached"),
    ])
    func withoutAWordFromAppleOnlyNotificationsCount(_ settings: XeeServerSettings, _ why: String) throws {
        try withStore { harness in
            _ = try Self.boughtWithoutKey(harness)
            _ = try harness.store.configureXee(settings)
            let report = try harness.store.restore(on: .xee)
            #expect(report.notice?.text.hasPrefix("Restore could not ask Apple (\(why))") == true)
            #expect(try harness.ledger.xeeAccess(user: harness.userId).isEmpty)
            // The notification still brings it.
            _ = try Self.wait(4, harness)
            #expect(Self.premium(harness)?.source == "notification")
        }
    }

    @Test func withNothingBoughtThereIsNothingToSend() throws {
        try withStore { harness in
            let report = try harness.store.restore(on: .xee)
            #expect(report.notice?.text.hasPrefix("Nothing to restore") == true)
        }
    }
}
