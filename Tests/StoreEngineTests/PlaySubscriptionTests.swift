import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Google Play's subscriptions on Google Play's calendar, on a real ledger file: the test table
/// at the sandbox rate (5, 10, 15, 30 minutes; a 3-minute trial), 6 renewals then cancelled,
/// grace of 5 minutes then 10 of account hold without access, recovered by fixing the payment
/// or expired when hold runs out; each change logged by its real-time developer notification's
/// name. The App Store's subscriptions beside them keep Apple's table.
@Suite("Google Play: subscriptions on Google Play's calendar")
struct PlaySubscriptionTests {
    private static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    private let play = PlaySubscriptionCalendar()

    private func seconds(_ value: Int, _ unit: SubscriptionPeriod.Unit, trial: Bool = false,
                         at rate: RenewalRate = .sandbox) -> TimeInterval {
        play.end(of: SubscriptionPeriod(value: value, unit: unit), count: 1, isFreeTrial: trial, from: Self.start, at: rate)
            .timeIntervalSince(Self.start)
    }

    @Test func theTestTableIsGooglesNotApples() {
        #expect(seconds(1, .week) == 300)
        #expect(seconds(1, .month) == 300)
        #expect(seconds(3, .month) == 600)
        #expect(seconds(6, .month) == 900)
        #expect(seconds(1, .year) == 1800)
        #expect(seconds(1, .week, trial: true) == 180)
        #expect(seconds(1, .month, trial: true) == 180)
        #expect(play.graceEnd(for: nil, from: Self.start, at: .sandbox).timeIntervalSince(Self.start) == 300)
        #expect(play.retryEnd(for: nil, from: Self.start, at: .sandbox).timeIntervalSince(Self.start) == 900)
        #expect(play.renewalLimit(at: .sandbox) == 6)
        #expect(AppStoreCalendar().renewalLimit(at: .sandbox) == 12)
    }

    @Test(arguments: [RenewalRate.every2Seconds, .everyMinute, .monthlyEvery30Seconds, .monthlyEveryHour])
    func otherRatesRunAsOnTheOtherPaths(_ rate: RenewalRate) {
        let apple = AppStoreCalendar()
        for period in [SubscriptionPeriod(value: 1, unit: .week), SubscriptionPeriod(value: 1, unit: .year)] {
            #expect(play.end(of: period, count: 2, isFreeTrial: false, from: Self.start, at: rate)
                    == apple.end(of: period, count: 2, isFreeTrial: false, from: Self.start, at: rate))
            #expect(play.graceEnd(for: period, from: Self.start, at: rate) == apple.graceEnd(for: period, from: Self.start, at: rate))
            #expect(play.retryEnd(for: period, from: Self.start, at: rate) == apple.retryEnd(for: period, from: Self.start, at: rate))
        }
        #expect(play.renewalLimit(at: rate) == nil)
    }

    @Test func theRegistryHandsEachPathItsStoresCalendar() {
        #expect(PathRegistry.calendar(of: "play") is PlaySubscriptionCalendar)
        #expect(PathRegistry.calendar(of: "storekit") is AppStoreCalendar)
        #expect(PathRegistry.calendar(of: nil) is AppStoreCalendar)
    }

    /// Buys `productId` on Google Play's sheet with the approving test instrument.
    private func subscribe(_ productId: String, _ harness: StoreHarness) throws -> (transaction: String, expires: Date) {
        let sheet = try harness.openPlay(productId)
        let report = try harness.sendPlay(.buy)
        #expect(report.notice?.tone == .success, "\(report.notice?.text ?? "")")
        let subscription = try #require(harness.store.currentReport().snapshot.subscriptions.last)
        return (sheet.transactionId, subscription.expiresAt)
    }

    private func notifications(_ harness: StoreHarness) throws -> [String] {
        try harness.allEventKinds().filter { $0.hasPrefix("SUBSCRIPTION_") }
    }

    @Test func aTestSubscriptionRenewsSixTimesThenIsCancelledAndExpires() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let (id, expires) = try subscribe(SKU.monthlyPass, harness)
            let paidAt = try #require(try harness.ledger.transaction(id: id)?.purchasedAt)
            #expect(expires.timeIntervalSince(paidAt) == 300)
            _ = try harness.store.advance(to: expires.addingTimeInterval(20 * 300))
            let kinds = try notifications(harness)
            #expect(kinds == ["SUBSCRIPTION_PURCHASED"] + Array(repeating: "SUBSCRIPTION_RENEWED", count: 5)
                    + ["SUBSCRIPTION_RENEWED", "SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"])
            let expiration = try #require(try harness.events(.subscriptionExpired).last)
            #expect(expiration.time == expires.addingTimeInterval(6 * 300))
            #expect(expiration.message.contains("Google Play's licence testing stops auto-renew after 6 renewals"))
            let ended = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            #expect(ended.status == .expired && ended.renewals == 6 && ended.endReason == "sandboxRenewalLimit")
        }
    }

    @Test func anotherStoresSubscriptionKeepsApplesTable() throws {
        try withStore(catalog: try sandboxCatalog()) { harness in
            let (session, _) = try harness.buy(SKU.weeklyPass)
            let elsewhere = try #require(try harness.ledger.transaction(id: session.transactionId))
            let elsewhereEnds = try #require(harness.store.currentReport().snapshot.subscriptions.last?.expiresAt)
            #expect(elsewhereEnds.timeIntervalSince(try #require(elsewhere.purchasedAt)) == 180, "Apple's week: 3 minutes")
        }
        try withStore(catalog: try sandboxCatalog()) { harness in
            let (weekly, expires) = try subscribe(SKU.weeklyPass, harness)
            let paidAt = try #require(try harness.ledger.transaction(id: weekly)?.purchasedAt)
            #expect(expires.timeIntervalSince(paidAt) == 300, "Google's week: 5 minutes")
        }
    }

    @Test func graceThenAccountHoldThenRecoveredByFixingThePayment() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let (id, expires) = try subscribe(SKU.monthlyPass, harness)
            _ = try harness.store.act(.billingIssue(true), on: id)
            _ = try harness.store.advance(to: expires.addingTimeInterval(1))
            var running = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            #expect(running.status == .inGracePeriod && running.status.hasAccess)
            #expect(running.expiresAt == expires.addingTimeInterval(300), "grace is 5 minutes")
            _ = try harness.store.advance(to: expires.addingTimeInterval(301))
            running = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            #expect(running.status == .inBillingRetryPeriod && !running.status.hasAccess, "no access on hold")
            #expect(try harness.events(.subscriptionOnHold).last?.message.contains("account hold until") == true)
            _ = try harness.store.act(.billingIssue(false), on: running.latestTransactionId)
            running = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            #expect(running.status == .subscribed)
            #expect(try notifications(harness) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_IN_GRACE_PERIOD",
                                                   "SUBSCRIPTION_ON_HOLD", "SUBSCRIPTION_RECOVERED"])
        }
    }

    @Test func accountHoldRunningOutExpiresTheSubscription() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let (id, expires) = try subscribe(SKU.monthlyPass, harness)
            _ = try harness.store.act(.billingIssue(true), on: id)
            _ = try harness.store.advance(to: expires.addingTimeInterval(899))
            #expect(harness.store.currentReport().snapshot.subscriptions.last?.endedAt == nil)
            _ = try harness.store.advance(to: expires.addingTimeInterval(901))
            let ended = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            #expect(ended.status == .expired && ended.endReason == "billingError")
            #expect(ended.endedAt == expires.addingTimeInterval(900), "5 minutes of grace, then 10 of hold")
            #expect(try harness.events(.subscriptionExpired).last?.message.contains("purchaseToken") == true)
            #expect(try harness.events(.subscriptionExpired).last?.message.contains(" · account hold ran out") == true)
            #expect(try notifications(harness).last == "SUBSCRIPTION_EXPIRED")
        }
    }

    @Test func aFreeTrialLastsThreeMinutes() throws {
        var catalog = try defaultCatalog()
        catalog.settings.timeRate = "sandbox"
        try withStore(catalog: catalog, rate: .paused) { harness in
            let (id, expires) = try subscribe(SKU.monthlyPass, harness)
            let record = try #require(try harness.ledger.transaction(id: id))
            try #require(record.offerType == "introductory", "the default catalog's monthly pass has a free trial")
            #expect(expires.timeIntervalSince(try #require(record.purchasedAt)) == 180)
            _ = try harness.store.advance(to: expires.addingTimeInterval(1))
            let renewed = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            #expect(renewed.expiresAt == expires.addingTimeInterval(300), "then a month in 5 minutes")
        }
    }

    @Test func cancelRestartRevokeAndPriceChangeAreNotifiedByGooglesNames() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let (id, _) = try subscribe(SKU.monthlyPass, harness)
            try harness.cancelRenewal(of: id)
            _ = try harness.store.act(.enableRenewal, on: id)
            _ = try harness.store.act(.requestPriceIncrease, on: id)
            _ = try harness.store.act(.answerPriceIncrease(accept: true), on: id)
            _ = try harness.store.act(.refund(.other), on: id)
            #expect(try notifications(harness) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_CANCELED",
                                                   "SUBSCRIPTION_RESTARTED", "SUBSCRIPTION_PRICE_CHANGE_UPDATED",
                                                   "SUBSCRIPTION_PRICE_CHANGE_CONFIRMED",
                                                   "SUBSCRIPTION_REVOKED"])
            #expect(harness.store.currentReport().snapshot.subscriptions.last?.status == .revoked)
        }
    }

    @Test func theFirstPurchaseMustBeAcknowledgedRenewalsNeedNot() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            // Acknowledged by the app: renewals follow, and none is refunded for want of one.
            let (_, expires) = try subscribe(SKU.monthlyPass, harness)
            _ = try harness.store.advance(to: expires.addingTimeInterval(2 * 300 + 200))
            #expect(try harness.events(.refund).isEmpty)
            #expect(try notifications(harness).filter { $0 == "SUBSCRIPTION_RENEWED" }.count == 3)
        }
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            try harness.sendPlay(.setAppAcknowledges(false))
            let (id, _) = try subscribe(SKU.monthlyPass, harness)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(180))
            #expect(try harness.ledger.transaction(id: id)?.revokedAt != nil)
            let revoked = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            #expect(revoked.status == .revoked)
            #expect(try notifications(harness) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_REVOKED"])
            #expect(try harness.events(.subscriptionRevoked).last?.message.contains("not acknowledged within 3 minutes") == true)
        }
    }
}
