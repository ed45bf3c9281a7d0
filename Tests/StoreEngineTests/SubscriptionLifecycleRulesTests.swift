import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The lifecycle's decisions, without a store: what a subscription's step that fell due does,
/// and what a renewal charges and changes.
@Suite("Subscriptions: the lifecycle's decisions")
struct SubscriptionLifecycleRulesTests {
    private static func lifecycle(_ rate: RenewalRate = .realTime) throws -> SubscriptionLifecycle {
        SubscriptionLifecycle(rules: GrantRules(catalog: try defaultCatalog(), renewalRate: rate))
    }

    private static func monthly(until expiry: Date, autoRenew: Bool = true, billingIssue: Bool = false,
                                billingIssueAt: Date? = nil) -> SubscriptionRecord {
        SubscriptionRecord(originalTransactionId: "txn-000001", userId: "player-1", productId: SKU.monthlyPass,
                           latestTransactionId: "txn-000001", expiresAt: expiry, autoRenew: autoRenew,
                           billingIssue: billingIssue, billingIssueAt: billingIssueAt, updatedAt: expiry)
    }

    private static func paid(at time: Date) -> TransactionRecord {
        var record = RedeliveryTests.gemsTransaction(at: time)
        record.productId = SKU.monthlyPass
        record.price = "4.99"
        record.state = .purchased
        record.purchasedAt = time
        return record
    }

    @Test func beforeThePeriodsEndNothingFallsDueAndAfterItItRenewsFromThePeriodsEnd() throws {
        let lifecycle = try Self.lifecycle()
        let end = try utc(2026, 2, 8)
        let subscription = Self.monthly(until: end)
        #expect(lifecycle.step(of: subscription, named: "Monthly Pass", dueAt: end.addingTimeInterval(-1)) == .notYet)
        // However late the engine gets to it, the renewal starts when the period ended.
        #expect(lifecycle.step(of: subscription, named: "Monthly Pass", dueAt: try utc(2026, 2, 20)) == .renew(from: end))
    }

    @Test func withAutoRenewOffItExpiresAtThePeriodsEnd() throws {
        let end = try utc(2026, 2, 8)
        let step = try Self.lifecycle().step(of: Self.monthly(until: end, autoRenew: false), named: "Monthly Pass",
                                             dueAt: try utc(2026, 3, 1))
        guard case .end(let ending) = step else { Issue.record("expected an ending, got \(step)"); return }
        #expect(ending.time == end && ending.subscription.endedAt == end && ending.subscription.updatedAt == end)
        #expect(ending.subscription.endReason == "voluntary")
        #expect(ending.message == "auto-renew was off: Monthly Pass expired at the end of its period (voluntary)")
        #expect(ending.notice == StoreNotice(.info, "Monthly Pass expired: auto-renew was off."))
    }

    @Test func theSandboxEndsItAfterTwelveRenewalsAtItsOwnRateOnly() throws {
        let lifecycle = try Self.lifecycle(.sandbox)
        let end = try utc(2026, 2, 8)
        var subscription = Self.monthly(until: end)
        subscription.renewalRate = RenewalRate.sandbox.rawValue
        subscription.renewalsAtRate = 11
        #expect(lifecycle.step(of: subscription, named: "Monthly Pass", dueAt: end) == .renew(from: end))
        subscription.renewalsAtRate = 12
        guard case .end(let ending) = lifecycle.step(of: subscription, named: "Monthly Pass", dueAt: end) else {
            Issue.record("the sandbox's twelfth renewal ends it"); return
        }
        #expect(ending.subscription.endReason == "sandboxRenewalLimit")
        // Twelve renewals made at another rate count for nothing here.
        subscription.renewalRate = RenewalRate.realTime.rawValue
        #expect(lifecycle.step(of: subscription, named: "Monthly Pass", dueAt: end) == .renew(from: end))
    }

    @Test func aBillingIssueFailsTheRenewalIntoGraceThenRetryThenExpiry() throws {
        let lifecycle = try Self.lifecycle()
        let end = try utc(2026, 2, 8)
        let step = lifecycle.step(of: Self.monthly(until: end, billingIssue: true), named: "Monthly Pass",
                                  dueAt: end)
        guard case .failRenewal(let failed, let time, let message, let notice) = step else {
            Issue.record("expected a failed renewal, got \(step)"); return
        }
        #expect(time == end && failed.billingIssueAt == end && failed.endedAt == nil)
        // A monthly plan's grace is 16 days in real time.
        let graceEnd = end.addingTimeInterval(16 * 86_400)
        #expect(message.contains(EventDate.string(from: graceEnd)) && notice.tone == .error)

        #expect(lifecycle.step(of: failed, named: "Monthly Pass", dueAt: graceEnd.addingTimeInterval(-1)) == .notYet)
        guard case .endGrace(let graceTime, _, let graceNotice) = lifecycle.step(of: failed, named: "Monthly Pass",
                                                                                   dueAt: graceEnd) else {
            Issue.record("grace ends at its own time"); return
        }
        #expect(graceTime == graceEnd && graceNotice.tone == .info)

        let retryEnd = end.addingTimeInterval(Double(SubscriptionRules.billingRetryDays) * 86_400)
        guard case .end(let ending) = lifecycle.step(of: failed, named: "Monthly Pass",
                                                     dueAt: retryEnd.addingTimeInterval(86_400)) else {
            Issue.record("retry running out ends it"); return
        }
        #expect(ending.time == retryEnd && ending.subscription.endReason == "billingError")
    }

    @Test func anAcceptedPriceIncreaseChargesAQuarterMoreRoundedDown() throws {
        let lifecycle = try Self.lifecycle()
        let paidAt = try utc(2026, 1, 8)
        var subscription = Self.monthly(until: try utc(2026, 2, 8))
        guard case .renews(let terms) = lifecycle.renewal(of: subscription, after: Self.paid(at: paidAt)) else {
            Issue.record("it renews"); return
        }
        #expect(terms.regularPrice == Decimal(string: "4.99") && terms.charge == terms.regularPrice && !terms.changesProduct)
        subscription.priceIncrease = "accepted"
        guard case .renews(let raised) = lifecycle.renewal(of: subscription, after: Self.paid(at: paidAt)) else {
            Issue.record("it renews"); return
        }
        // 4.99 × 1.25 = 6.2375, rounded down to the cent.
        #expect(raised.regularPrice == Decimal(string: "6.23") && raised.charge == raised.regularPrice)
    }

    @Test func withoutItsLatestTransactionOrProductItCannotRenew() throws {
        let lifecycle = try Self.lifecycle()
        var subscription = Self.monthly(until: try utc(2026, 2, 8))
        #expect(lifecycle.renewal(of: subscription, after: nil) == .cannotRenew(StoreNotice(
            .error, "txn-000001 cannot renew: its product or storefront left the catalog.")))
        subscription.pendingProductId = "com.example.gone"
        guard case .cannotRenew = lifecycle.renewal(of: subscription, after: Self.paid(at: try utc(2026, 1, 8))) else {
            Issue.record("a product the catalog lost cannot renew"); return
        }
    }

    @Test func aRenewalIntoAWaitingChangeMovesTheRowToItsProductAndCountsIt() throws {
        let lifecycle = try Self.lifecycle()
        let start = try utc(2026, 2, 8)
        var subscription = Self.monthly(until: start, billingIssueAt: try utc(2026, 1, 30))
        subscription.pendingProductId = SKU.weeklyPass
        subscription.renewals = 3
        subscription.renewalRate = RenewalRate.sandbox.rawValue
        subscription.renewalsAtRate = 3
        guard case .renews(let terms) = lifecycle.renewal(of: subscription, after: Self.paid(at: try utc(2026, 1, 8))) else {
            Issue.record("it renews into the waiting plan"); return
        }
        #expect(terms.changesProduct && terms.product.id == SKU.weeklyPass && terms.offer == nil)
        let record = lifecycle.renewalTransaction(terms, of: subscription, id: "txn-000009", at: start)
        #expect(record.productId == SKU.weeklyPass && record.originalTransactionId == "txn-000001")
        #expect(record.purchasedAt == start && record.amountCharged == "\(terms.charge)")

        let renewed = lifecycle.renewed(subscription, by: record, terms, at: start)
        #expect(renewed.productId == SKU.weeklyPass && renewed.pendingProductId == nil)
        #expect(renewed.latestTransactionId == "txn-000009" && renewed.billingIssueAt == nil)
        #expect(renewed.expiresAt == start.addingTimeInterval(7 * 86_400), "a week from the renewal")
        #expect(renewed.renewals == 4)
        // The first renewal at this rate after the sandbox's: the count starts again.
        #expect(renewed.renewalRate == RenewalRate.realTime.rawValue && renewed.renewalsAtRate == 1)
    }
}
