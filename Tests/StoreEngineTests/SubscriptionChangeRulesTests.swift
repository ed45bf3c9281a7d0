import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Plan changes, a new renewal rate and QA's subscription actions, decided without a store:
/// from subscription rows and transactions handed in as values.
@Suite("Subscriptions: plan changes, rate changes, QA's actions")
struct SubscriptionChangeRulesTests {
    private static func subscription(_ productId: String, original: String = "txn-000001", until expiry: Date,
                                     endedAt: Date? = nil) -> SubscriptionRecord {
        SubscriptionRecord(originalTransactionId: original, userId: "player-1", productId: productId,
                           latestTransactionId: original, expiresAt: expiry, endedAt: endedAt, updatedAt: expiry)
    }

    private static func paid(_ productId: String, id: String = "txn-000001", price: String, at time: Date) -> TransactionRecord {
        var record = RedeliveryTests.gemsTransaction(id: id, at: time)
        record.productId = productId
        record.price = price
        record.amountCharged = price
        record.state = .purchased
        record.purchasedAt = time
        return record
    }

    private static func product(_ id: String) throws -> Product {
        try #require(try defaultCatalog().product(id: id))
    }

    private static let yearly = "com.example.stardust.pass.yearly"

    // MARK: Plan changes

    @Test func theRunningPlanOfTheGroupFromTheSameStoreIsTheOneABuyChanges() throws {
        let changes = PlanChanges(catalog: try defaultCatalog(), renewalRate: .realTime)
        let now = TestClock.start
        let weekly = Self.subscription(SKU.weeklyPass, original: "txn-1", until: now.addingTimeInterval(86_400))
        let ended = Self.subscription(SKU.weeklyPass, original: "txn-2", until: now.addingTimeInterval(86_400), endedAt: now)
        let stores: [String: Marketplace] = ["txn-1": .appStore, "txn-2": .appStore]
        let monthly = try Self.product(SKU.monthlyPass)
        let running = try #require(changes.running(for: monthly, in: .appStore, among: [ended, weekly],
                                                   storeOfTransaction: { stores[$0] }, at: now))
        #expect(running.subscription.originalTransactionId == "txn-1")
        #expect(running.change == .upgrade && running.immediate)
        #expect(changes.running(for: monthly, in: .xsolla, among: [weekly], storeOfTransaction: { stores[$0] }, at: now) == nil,
                "another store's plan is a subscription of its own")
        #expect(changes.running(for: try Self.product(SKU.weeklyPass), in: .appStore, among: [weekly],
                                storeOfTransaction: { stores[$0] }, at: now) == nil, "the same plan is no change")
        #expect(changes.running(for: try Self.product(SKU.gems100), in: .appStore, among: [weekly],
                                storeOfTransaction: { stores[$0] }, at: now) == nil)
    }

    @Test func aDowngradeWaitsForTheRenewalAndChargesNothingNow() throws {
        let changes = PlanChanges(catalog: try defaultCatalog(), renewalRate: .realTime)
        let now = TestClock.start
        let expiry = try utc(2025, 10, 19)
        let yearly = Self.subscription(Self.yearly, until: expiry)
        let weekly = try Self.product(SKU.weeklyPass)
        let running = try #require(changes.running(for: weekly, in: .appStore, among: [yearly],
                                                   storeOfTransaction: { _ in .appStore }, at: now))
        #expect(running.change == .downgrade && !running.immediate)
        let deferral = changes.deferral(of: running, to: weekly, at: now, name: { "name of \($0)" })
        #expect(deferral.subscription.pendingProductId == SKU.weeklyPass)
        #expect(deferral.subscription.updatedAt == now)
        #expect(deferral.subscription.endedAt == nil)
        #expect(deferral.message.hasPrefix("downgrade to \(weekly.shortId) at the next renewal"))
        #expect(deferral.notice.text.hasPrefix("name of \(Self.yearly) changes to name of \(SKU.weeklyPass) at the next renewal"))
    }

    @Test func anUpgradeEndsThePlanNowAndRefundsTheUnusedPartRoundedDown() throws {
        let changes = PlanChanges(catalog: try defaultCatalog(), renewalRate: .realTime)
        let start = TestClock.start
        let expiry = start.addingTimeInterval(30 * 86_400)
        let running = PlanChanges.Running(subscription: Self.subscription(SKU.monthlyPass, until: expiry),
                                          change: .upgrade, immediate: true)
        // Half the period used: half of 9.99 is 4.995, given back rounded down.
        let time = start.addingTimeInterval(15 * 86_400)
        let end = changes.immediateEnd(of: running, to: try Self.product(Self.yearly),
                                       latest: Self.paid(SKU.monthlyPass, price: "9.99", at: start), at: time)
        #expect(end.refund == ProratedRefund(transactionId: "txn-000001", amount: "4.99", currency: "USD", reason: "upgrade",
                                              time: time))
        #expect(end.subscription.endedAt == time && end.subscription.endReason == "upgrade")
        #expect(end.message.hasSuffix("at once: 4.99 USD refunded for the unused part of the period"))
        // Without the transaction that paid, nothing is given back.
        #expect(changes.immediateEnd(of: running, to: try Self.product(Self.yearly), latest: nil, at: time).refund.amount == "0")
    }

    // MARK: A new renewal rate

    @Test func whatIsLeftOfARunningPeriodLastsAsLongAsTheNewRateMakesIt() throws {
        let catalog = try regularPriceCatalog()
        let start = TestClock.start
        // Half of a 15-minute period to go: half of 10 seconds at the new rate.
        let running = Self.subscription(SKU.monthlyPass, until: start.addingTimeInterval(900))
        let ended = Self.subscription(SKU.monthlyPass, original: "txn-000002", until: start.addingTimeInterval(900),
                                      endedAt: start)
        let time = start.addingTimeInterval(450)
        let rows = ["txn-000001": Self.paid(SKU.monthlyPass, price: "4.99", at: start)]
        let moved = RateChange(catalog: catalog, old: .every15Minutes, new: .every10Seconds)
            .rescaled([ended, running], at: time, reading: { rows[$0] })
        #expect(moved.map(\.latestTransactionId) == ["txn-000001"], "an ended subscription stays as it is")
        #expect(moved.first?.endedBefore == start.addingTimeInterval(900))
        #expect(moved.first?.ends == time.addingTimeInterval(5))
        #expect(moved.first?.subscription.expiresAt == time.addingTimeInterval(5))
        #expect(moved.first?.subscription.updatedAt == time)
        #expect(RateChange(catalog: catalog, old: .every10Seconds, new: .every10Seconds)
            .rescaled([running], at: time, reading: { rows[$0] }).isEmpty)
        #expect(RateChange(catalog: catalog, old: .every15Minutes, new: .every10Seconds)
            .rescaled([running], at: time, reading: { _ in nil }).isEmpty, "no transaction, nothing to rescale from")
    }

    // MARK: QA's actions

    @Test func expiringNowEndsThePlanAndItsAccessAndTellsItsPath() throws {
        let time = TestClock.start
        let running = Self.subscription(SKU.monthlyPass, until: time.addingTimeInterval(86_400))
        let outcome = try #require(SubscriptionActions.outcome(of: .expire, on: running, named: "Monthly Pass", at: time))
        #expect(outcome.cutsAccess && outcome.saves)
        #expect(outcome.subscription.endedAt == time && outcome.subscription.expiresAt == time)
        #expect(outcome.subscription.endReason == "expiredByQA")
        #expect(outcome.event == .lifecycle(.expired(reason: "expiredByQA"), "expired now by QA: Monthly Pass ends, access with it"))
        #expect(outcome.change == .expiration)
        #expect(outcome.then == .tell(StoreNotice(.info, "Monthly Pass expired now.")))
    }

    @Test func renewingNowCutsTheRunningPeriodAndRenewsFromNow() throws {
        let time = TestClock.start
        let running = Self.subscription(SKU.monthlyPass, until: time.addingTimeInterval(86_400))
        let outcome = try #require(SubscriptionActions.outcome(of: .renew, on: running, named: "Monthly Pass", at: time))
        #expect(outcome.cutsAccess && !outcome.saves && outcome.event == nil && outcome.change == nil)
        #expect(outcome.subscription == running)
        #expect(outcome.then == .renew(from: time))
    }

    @Test func clearingABillingIssueThatFailedARenewalChargesNowAndOneThatDidNotOnlySwitches() throws {
        let time = TestClock.start
        var failing = Self.subscription(SKU.monthlyPass, until: time)
        failing.billingIssue = true
        failing.billingIssueAt = time.addingTimeInterval(-3_600)
        let cleared = try #require(SubscriptionActions.outcome(of: .billingIssue(false), on: failing, named: "Monthly Pass",
                                                               at: time))
        #expect(cleared.then == .renew(from: time))
        #expect(cleared.saves && !cleared.subscription.billingIssue)
        failing.billingIssueAt = nil
        let switched = try #require(SubscriptionActions.outcome(of: .billingIssue(false), on: failing, named: "Monthly Pass",
                                                                at: time))
        #expect(switched.then == .tell(StoreNotice(.info, "Billing issue off: Monthly Pass renews normally.")))
    }

    @Test func autoRenewOffAndADeclinedPriceIncreaseAreCancellationsItsPathHearsOf() throws {
        let time = TestClock.start
        let running = Self.subscription(SKU.monthlyPass, until: time.addingTimeInterval(86_400))
        let off = try #require(SubscriptionActions.outcome(of: .cancelRenewal, on: running, named: "Monthly Pass", at: time))
        #expect(!off.subscription.autoRenew && off.subscription.unsubscribedAt == time && off.change == .cancellation)
        let on = try #require(SubscriptionActions.outcome(of: .enableRenewal, on: off.subscription, named: "Monthly Pass",
                                                          at: time))
        #expect(on.subscription.autoRenew && on.subscription.unsubscribedAt == nil && on.change == .uncancellation)
        let declined = try #require(SubscriptionActions.outcome(of: .answerPriceIncrease(accept: false), on: running,
                                                                named: "Monthly Pass", at: time))
        #expect(!declined.subscription.autoRenew && declined.subscription.priceIncrease == nil)
        #expect(declined.change == .cancellation)
        let accepted = try #require(SubscriptionActions.outcome(of: .answerPriceIncrease(accept: true), on: running,
                                                                named: "Monthly Pass", at: time))
        #expect(accepted.subscription.priceIncrease == "accepted" && accepted.subscription.autoRenew)
        #expect(accepted.change == .priceIncreaseAccepted)
        #expect(SubscriptionActions.outcome(of: .tamper, on: running, named: "Monthly Pass", at: time) == nil)
    }

    @Test func aRefundRevokesARunningSubscriptionOnly() throws {
        let time = TestClock.start
        let running = Self.subscription(SKU.monthlyPass, until: time.addingTimeInterval(86_400))
        let revoked = try #require(SubscriptionActions.revoked(running, at: time))
        #expect(revoked.endedAt == time && revoked.endReason == "revoked" && !revoked.autoRenew)
        #expect(SubscriptionActions.revoked(revoked, at: time.addingTimeInterval(1)) == nil)
    }
}
