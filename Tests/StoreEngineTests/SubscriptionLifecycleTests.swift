import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Auto-renewable subscriptions on the simulated calendar, on a real ledger: renewals, auto-renew
/// off and on, billing issue with grace and billing retry, QA's expire and renew, refunds, offers
/// converting, and a relaunch picking the calendar up where the ledger left it.
@Suite("Subscription lifecycle")
struct SubscriptionLifecycleTests {
    private static let day: TimeInterval = 86_400

    /// The Weekly Pass ($1.99, no offer) bought through Pay Station; its transaction and when
    /// its first week ends.
    private static func weekly(_ harness: StoreHarness) throws -> (id: String, end: Date) {
        let (session, _) = try harness.buy(SKU.weeklyPass)
        let subscription = try #require(harness.store.currentReport().snapshot.subscriptions.last)
        #expect(subscription.originalTransactionId == session.transactionId)
        return (session.transactionId, subscription.expiresAt)
    }

    private static func premium(_ harness: StoreHarness) throws -> Entitlement {
        try #require(harness.store.currentReport().snapshot.entitlement(id: "premium"))
    }

    private static func subscription(_ harness: StoreHarness) throws -> SubscriptionSummary {
        try #require(harness.store.currentReport().snapshot.subscriptions.last)
    }

    @Test func aPeriodEndRenewsWithANewSignedTransactionOfTheSameOriginal() throws {
        try withStore { harness in
            let (first, end) = try Self.weekly(harness)
            _ = try harness.store.advance(to: end.addingTimeInterval(60))
            let renewal = try #require(try harness.ledger.transactions(newestFirst: 1).first)
            #expect(renewal.id != first)
            #expect(renewal.originalTransactionId == first)
            #expect(renewal.purchasedAt == end, "the new period starts where the last one ended")
            #expect(renewal.amountCharged == "1.99")
            #expect(renewal.isFinished)
            let payload = try #require(renewal.signedTransaction.flatMap(JWS.init(compact:))
                .flatMap { SignedTransactionPayload.decoded(from: $0.payload) })
            #expect(payload.transactionReason == "RENEWAL")
            #expect(payload.originalTransactionId == AppStoreIdentifiers.transactionId(of: first))
            let grant = try #require(try harness.ledger.grant(forTransaction: renewal.id))
            #expect(grant.expiresAt == SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .week), from: end))
            let renewalEvent = try #require(try harness.events(.xsollaUpdateSubscription).last)
            #expect(renewalEvent.time == end, "logged at its own calendar time, not when the engine got to it")
            #expect(try Self.premium(harness).isActive)
            #expect(try Self.subscription(harness).renewals == 1)
        }
    }

    @Test func theDetailsReadTheSignedPayloadFieldByField() throws {
        try withStore { harness in
            let (first, end) = try Self.weekly(harness)
            _ = try harness.store.advance(to: end.addingTimeInterval(1))
            let transactions = harness.store.currentReport().snapshot.transactions
            let renewal = try #require(transactions.first)
            let fields = Dictionary(uniqueKeysWithValues: try #require(renewal.signedFields).map { ($0.key, $0.value) })
            #expect(fields["transactionReason"] == "RENEWAL")
            // In Apple's shape of ids: txn-000002 is 2000000000000002.
            #expect(fields["originalTransactionId"] == AppStoreIdentifiers.transactionId(of: first))
            #expect(fields["transactionId"] == AppStoreIdentifiers.transactionId(of: renewal.id))
            #expect(fields["transactionId"]?.hasPrefix("2000000000000") == true)
            #expect(fields["webOrderLineItemId"] == AppStoreIdentifiers.webOrderLineItemId(of: renewal.id))
            #expect(fields["subscriptionGroupIdentifier"]?.count == 8)
            let purchase = try #require(transactions.first { $0.id == first }?.signedFields)
            #expect(purchase.contains { $0.key == "transactionReason" && $0.value == "PURCHASE" })
        }
    }

    @Test func advancingOverSeveralPeriodsRenewsEachAtItsOwnTime() throws {
        try withStore { harness in
            let (_, end) = try Self.weekly(harness)
            _ = try harness.store.advance(to: end.addingTimeInterval(3 * 7 * Self.day))
            let times = try harness.events(.xsollaUpdateSubscription).map(\.time)
            #expect(times == (0..<4).map { end.addingTimeInterval(Double($0) * 7 * Self.day) })
            #expect(try Self.subscription(harness).renewals == 4)
        }
    }

    @Test func withAutoRenewOffAccessStaysToThePeriodEndThenExpires() throws {
        try withStore { harness in
            let (id, end) = try Self.weekly(harness)
            let report = try harness.store.act(.cancelRenewal, on: id)
            #expect(report.notice?.text.hasPrefix("Auto-renew is off: Weekly Pass stays until") == true)
            #expect(try harness.events(.xsollaNonRenewalSubscription).count == 1)
            let premium = try Self.premium(harness)
            #expect(premium.isActive && !premium.willRenew)
            #expect(premium.unsubscribedAt == harness.now)
            _ = try harness.store.advance(to: end.addingTimeInterval(1))
            #expect(try !Self.premium(harness).isActive)
            #expect(try harness.events(.xsollaUpdateSubscription).isEmpty)
            #expect(try harness.events(.xsollaCancelSubscription).last?.time == end)
            #expect(try Self.subscription(harness).status == .expired)
            // An ended subscription takes no more actions but a refund.
            let latest = try #require(harness.store.currentReport().snapshot.transactions.first { $0.id == id })
            #expect(latest.actions == [.refund(.other), .refund(.developerIssue), .tamper, .delete])
        }
    }

    @Test func autoRenewTurnedOnAgainRenews() throws {
        try withStore { harness in
            let (id, end) = try Self.weekly(harness)
            _ = try harness.store.act(.cancelRenewal, on: id)
            _ = try harness.store.act(.enableRenewal, on: id)
            // Xsolla's webhook for auto-renew back on, then for the renewal.
            #expect(try harness.events(.xsollaUpdateSubscription).count == 1)
            #expect(try Self.premium(harness).willRenew)
            _ = try harness.store.advance(to: end.addingTimeInterval(1))
            #expect(try harness.events(.xsollaUpdateSubscription).count == 2)
        }
    }

    @Test func aBillingIssueKeepsAccessThroughGraceThenRetryThenRecovers() throws {
        try withStore { harness in
            let (id, end) = try Self.weekly(harness)
            _ = try harness.store.act(.billingIssue(true), on: id)
            _ = try harness.store.advance(to: end.addingTimeInterval(1))
            let issue = try #require(try harness.events(.subscriptionChanged).first)
            #expect(issue.time == end)
            var premium = try Self.premium(harness)
            #expect(premium.isActive && premium.inGracePeriod)
            #expect(premium.billingIssueDetectedAt == end)
            // A weekly plan's grace period is 6 days.
            #expect(premium.expiresAt == end.addingTimeInterval(6 * Self.day))
            #expect(try Self.subscription(harness).status == .inGracePeriod)

            _ = try harness.store.advance(to: end.addingTimeInterval(6 * Self.day + 1))
            premium = try Self.premium(harness)
            #expect(!premium.isActive)
            #expect(try Self.subscription(harness).status == .inBillingRetryPeriod)
            #expect(try harness.events(.subscriptionChanged).last?.message.hasPrefix("grace period ended") == true)

            // QA clears the issue: the store charges now, and a new week starts from now.
            let now = harness.now
            let latest = try Self.subscription(harness).latestTransactionId
            let recovered = try harness.store.act(.billingIssue(false), on: latest)
            #expect(recovered.notice?.text.hasPrefix("Weekly Pass renewed until") == true)
            premium = try Self.premium(harness)
            #expect(premium.isActive && !premium.inGracePeriod && premium.billingIssueDetectedAt == nil)
            #expect(premium.expiresAt == SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .week), from: now))
            #expect(try Self.subscription(harness).status == .subscribed)
        }
    }

    @Test func billingRetryRunningOutExpiresIt() throws {
        try withStore { harness in
            let (id, end) = try Self.weekly(harness)
            _ = try harness.store.act(.billingIssue(true), on: id)
            _ = try harness.store.advance(to: end.addingTimeInterval(61 * Self.day))
            let expiration = try #require(try harness.events(.xsollaCancelSubscription).last)
            #expect(expiration.time == SimulatedCalendar.end(of: SubscriptionPeriod(value: 60, unit: .day), from: end))
            #expect(expiration.message.hasSuffix("(billingError)"))
            #expect(try Self.subscription(harness).status == .expired)
            #expect(try harness.events(.xsollaUpdateSubscription).isEmpty)
        }
    }

    @Test func aMonthlyPlansGraceIsSixteenDays() throws {
        var catalog = try regularPriceCatalog()
        catalog.settings.payStation.redirect.delaySeconds = 2
        try withStore(catalog: catalog) { harness in
            let (session, _) = try harness.buy(SKU.monthlyPass)
            let end = try Self.subscription(harness).expiresAt
            _ = try harness.store.act(.billingIssue(true), on: session.transactionId)
            _ = try harness.store.advance(to: end.addingTimeInterval(1))
            #expect(try Self.premium(harness).expiresAt == end.addingTimeInterval(16 * Self.day))
        }
    }

    @Test func expireNowEndsAccessAtOnceAndRenewNowStartsAPeriodFromNow() throws {
        try withStore { harness in
            let (id, _) = try Self.weekly(harness)
            harness.clock.advance(by: Self.day)
            let renewed = try harness.store.act(.renew, on: id)
            #expect(renewed.notice?.text.hasPrefix("Weekly Pass renewed until") == true)
            let now = harness.now
            #expect(try harness.ledger.grant(forTransaction: id)?.expiresAt == now, "the old period is cut at the renewal")
            #expect(try Self.premium(harness).expiresAt == SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .week), from: now))

            let latest = try Self.subscription(harness).latestTransactionId
            harness.clock.advance(by: 60)
            _ = try harness.store.act(.expire, on: latest)
            #expect(try !Self.premium(harness).isActive)
            #expect(try Self.subscription(harness).status == .expired)
            #expect(try harness.events(.xsollaCancelSubscription).last?.message.hasPrefix("expired now by QA") == true)
            // Nothing renews it later.
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(30 * Self.day))
            #expect(try harness.events(.xsollaUpdateSubscription).count == 1)
        }
    }

    @Test func aRefundRevokesTheSubscriptionAndNothingRenewsIt() throws {
        try withStore { harness in
            let (id, end) = try Self.weekly(harness)
            _ = try harness.store.act(.refund(.other), on: id)
            #expect(try Self.subscription(harness).status == .revoked)
            #expect(try Self.premium(harness).isRefund)
            _ = try harness.store.advance(to: end.addingTimeInterval(Self.day))
            #expect(try harness.events(.xsollaUpdateSubscription).isEmpty)
        }
    }

    @Test func aFreeTrialConvertsToTheRegularPrice() throws {
        try withStore { harness in
            // A new player: the Monthly Pass comes with a week's free trial.
            let (session, _) = try harness.buy(SKU.monthlyPass)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.amountCharged == "0")
            #expect(try Self.subscription(harness).periodType == "trial")
            let end = try Self.subscription(harness).expiresAt
            _ = try harness.store.advance(to: end.addingTimeInterval(1))
            let renewal = try #require(try harness.ledger.transactions(newestFirst: 1).first)
            #expect(renewal.amountCharged == "4.99")
            #expect(renewal.offerType == nil)
            #expect(try Self.subscription(harness).periodType == "normal")
            #expect(try harness.ledger.grant(forTransaction: renewal.id)?.expiresAt
                    == SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .month), from: end))
        }
    }

    @Test func payUpFrontCoversItsWholeDurationThenRenewsAtTheRegularPrice() throws {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.monthlyPass })
        catalog.products[index].introductoryOffer = Offer(
            id: nil, mode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month), periods: 1,
            prices: ["USA": 9.99], eligibility: [])
        try withStore(catalog: catalog) { harness in
            let (session, _) = try harness.buy(SKU.monthlyPass)
            let paid = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(paid.amountCharged == "9.99")
            let start = try #require(paid.purchasedAt)
            let end = try Self.subscription(harness).expiresAt
            #expect(end == SimulatedCalendar.end(of: SubscriptionPeriod(value: 3, unit: .month), from: start))
            _ = try harness.store.advance(to: end.addingTimeInterval(1))
            let renewal = try #require(try harness.ledger.transactions(newestFirst: 1).first)
            #expect(renewal.amountCharged == "4.99" && renewal.offerType == nil)
            #expect(try harness.ledger.grant(forTransaction: renewal.id)?.expiresAt
                    == SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .month), from: end))
        }
    }

    @Test func payAsYouGoRenewsAtTheOfferPriceForItsPeriodsThenRegular() throws {
        try withStore { harness in
            let (weekly, _) = try harness.buy(SKU.weeklyPass)
            try harness.cancelRenewal(of: weekly.transactionId)
            try harness.wait(8 * Self.day)
            // A lapsed subscriber from variant C: comeback_50, $2.49 for 3 months.
            let session = try harness.open(SKU.monthlyPass, variationId: "main.C")
            try harness.pay(card: Cards.success)
            try harness.waitForRedirect()
            #expect(try harness.ledger.transaction(id: session.transactionId)?.amountCharged == "2.49")
            let end = try Self.subscription(harness).expiresAt
            _ = try harness.store.advance(to: SimulatedCalendar.end(of: SubscriptionPeriod(value: 3, unit: .month), from: end))
            let charges = try harness.ledger.transactions(newestFirst: 10)
                .filter { $0.originalTransactionId == session.transactionId }
                .sorted { $0.createdAt < $1.createdAt }.map { $0.amountCharged ?? "" }
            #expect(charges == ["2.49", "2.49", "4.99", "4.99"])
        }
    }

    @Test func aRelaunchPicksTheCalendarUpFromTheLedger() throws {
        try withStore { harness in
            let (_, end) = try Self.weekly(harness)
            try harness.relaunch()
            #expect(harness.store.currentReport().nextDue == end)
            harness.clock.advance(by: end.timeIntervalSince(harness.now) + 3 * Self.day)
            _ = try harness.store.runDue()
            #expect(try harness.events(.xsollaUpdateSubscription).map(\.time) == [end])
        }
    }

    @Test func theManagerOffersTheSubscriptionActionsOnItsLatestTransaction() throws {
        try withStore { harness in
            let (id, end) = try Self.weekly(harness)
            let listed = try #require(harness.store.currentReport().snapshot.transactions.first { $0.id == id })
            #expect(listed.actions == [.refund(.other), .refund(.developerIssue), .expire, .renew, .cancelRenewal,
                                       .billingIssue(true), .requestPriceIncrease, .extendRenewal(.byQA), .tamper, .delete])
            _ = try harness.store.advance(to: end.addingTimeInterval(1))
            let snapshot = harness.store.currentReport().snapshot
            let older = try #require(snapshot.transactions.first { $0.id == id })
            #expect(older.actions == [.refund(.other), .refund(.developerIssue), .tamper, .delete],
                    "only the latest speaks for it")
            // An action on the subscription named by its older transaction (a menu opened before
            // the renewal) acts on the subscription as it is now, through its latest transaction.
            let expired = try harness.store.act(.expire, on: id)
            #expect(expired.notice?.text.hasSuffix("expired now.") == true, "\(expired.notice?.text ?? "")")
            #expect(expired.snapshot.subscriptions.first?.status == .expired)
        }
    }

    @Test func onXeeEveryChangeReachesTheProfileByNotification() throws {
        try withStore { harness in
            _ = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .xee)
            _ = try harness.send(.pressButton(.buy))
            let subscription = try Self.subscription(harness)
            let end = subscription.expiresAt
            _ = try harness.store.advance(to: end)
            // Renewed at the App Store; the profile still has the old week until DID_RENEW arrives.
            #expect(try harness.store.xee.getProfile().accessLevels["premium"]?.expiresAt == end)
            _ = try harness.store.advance(to: end.addingTimeInterval(4))
            let level = try #require(try harness.store.xee.getProfile().accessLevels["premium"])
            #expect(level.expiresAt == SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .week), from: end))
            #expect(level.source == .notification)
            #expect(try harness.events(.xeeNotification).last?.message.hasPrefix("DID_RENEW notification") == true)

            let latest = try Self.subscription(harness).latestTransactionId
            _ = try harness.store.act(.cancelRenewal, on: latest)
            #expect(try harness.store.xee.getProfile().accessLevels["premium"]?.willRenew == true)
            harness.clock.advance(by: 4)
            _ = try harness.store.runDue()
            #expect(try harness.store.xee.getProfile().accessLevels["premium"]?.willRenew == false)
        }
    }
}

/// Plan changes, price increases, delete and tamper: the rest of the transaction manager.
@Suite("Subscription plan changes and the manager's other actions")
struct PlanChangeTests {
    private static let day: TimeInterval = 86_400

    @Test func anUpgradeEndsTheRunningPlanAtOnceAndRefundsTheUnusedPart() throws {
        try withStore { harness in
            let (weekly, _) = try harness.buy(SKU.weeklyPass)
            let paidAt = try #require(try harness.ledger.transaction(id: weekly.transactionId)?.purchasedAt)
            harness.clock.advance(by: paidAt.addingTimeInterval(3.5 * Self.day).timeIntervalSince(harness.now))
            let (monthly, _) = try harness.buy(SKU.monthlyPass)
            let change = try #require(try harness.events(.xsollaUpdateSubscription).last)
            #expect(change.transactionId == weekly.transactionId)
            // Half the week unused when paid (3.5 of 7 days): half of $1.99, rounded down.
            #expect(change.message.contains("upgrade from weekly to monthly, at once: 0.99 USD refunded"),
                    "\(change.message)")
            let monthlyPaid = try #require(try harness.ledger.transaction(id: monthly.transactionId)?.purchasedAt)
            #expect(try harness.ledger.grant(forTransaction: weekly.transactionId)?.expiresAt == monthlyPaid)
            let subscriptions = harness.store.currentReport().snapshot.subscriptions
            #expect(subscriptions.map(\.status) == [.expired, .subscribed])
            #expect(try harness.ledger.subscriptions(user: harness.userId).first?.endReason == "upgrade")
        }
    }

    @Test func aDowngradeWaitsForTheRenewalAndChargesNothingNow() throws {
        try withStore { harness in
            let (monthly, _) = try harness.buy(SKU.monthlyPass)
            let count = try harness.ledger.transactionCount()
            let report = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .paystation)
            #expect(report.sheet == nil)
            #expect(report.notice?.text.hasPrefix("Monthly Pass changes to Weekly Pass at the next renewal") == true)
            #expect(try harness.ledger.transactionCount() == count)
            let subscription = try #require(report.snapshot.subscriptions.last)
            #expect(subscription.pendingProductId == SKU.weeklyPass)
            #expect(subscription.originalTransactionId == monthly.transactionId)
            _ = try harness.store.advance(to: subscription.expiresAt.addingTimeInterval(1))
            let renewal = try #require(try harness.ledger.transactions(newestFirst: 1).first)
            #expect(renewal.productId == SKU.weeklyPass)
            #expect(renewal.amountCharged == "1.99")
            #expect(renewal.originalTransactionId == monthly.transactionId)
            let after = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            #expect(after.productId == SKU.weeklyPass && after.pendingProductId == nil)
        }
    }

    @Test func aCrossgradeToAnotherDurationWaitsForTheRenewal() throws {
        var catalog = try defaultCatalog()
        for index in catalog.products.indices where catalog.products[index].group != nil {
            catalog.products[index].level = 1
        }
        try withStore(catalog: catalog) { harness in
            _ = try harness.buy(SKU.monthlyPass)
            let other = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .paystation)
            #expect(other.sheet == nil, "another duration: at the renewal")
            #expect(try harness.events(.xsollaUpdateSubscription).last?.message.hasPrefix("crossgrade to weekly at the next renewal") == true)
        }
    }

    @Test func anAcceptedPriceIncreaseChargesAQuarterMoreAtRenewal() throws {
        try withStore { harness in
            let (weekly, _) = try harness.buy(SKU.weeklyPass)
            _ = try harness.store.act(.requestPriceIncrease, on: weekly.transactionId)
            let listed = try #require(harness.store.currentReport().snapshot.transactions.first { $0.id == weekly.transactionId })
            #expect(listed.actions.contains(.answerPriceIncrease(accept: true)))
            #expect(!listed.actions.contains(.requestPriceIncrease))
            _ = try harness.store.act(.answerPriceIncrease(accept: true), on: weekly.transactionId)
            let end = try #require(harness.store.currentReport().snapshot.subscriptions.last?.expiresAt)
            _ = try harness.store.advance(to: end.addingTimeInterval(1))
            #expect(try harness.ledger.transactions(newestFirst: 1).first?.amountCharged == "2.48")
        }
    }

    @Test func aDeclinedPriceIncreaseExpiresThePlanAtThePeriodEnd() throws {
        try withStore { harness in
            let (weekly, _) = try harness.buy(SKU.weeklyPass)
            _ = try harness.store.act(.requestPriceIncrease, on: weekly.transactionId)
            _ = try harness.store.act(.answerPriceIncrease(accept: false), on: weekly.transactionId)
            let subscription = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            #expect(!subscription.autoRenew)
            _ = try harness.store.advance(to: subscription.expiresAt.addingTimeInterval(1))
            #expect(try harness.events(.xsollaUpdateSubscription).isEmpty)
            #expect(harness.store.currentReport().snapshot.subscriptions.last?.status == .expired)
        }
    }

    @Test func deletingTheTrialMakesThePlayerEligibleAgain() throws {
        try withStore { harness in
            let (monthly, _) = try harness.buy(SKU.monthlyPass)
            #expect(try harness.ledger.transaction(id: monthly.transactionId)?.offerType == "introductory")
            let deleted = try harness.store.act(.delete, on: monthly.transactionId)
            #expect(deleted.notice?.text == "\(monthly.transactionId) was deleted.")
            #expect(try harness.ledger.transaction(id: monthly.transactionId) == nil)
            #expect(deleted.snapshot.history == .newPlayer)
            #expect(deleted.snapshot.subscriptions.isEmpty)
            #expect(deleted.nextDue == nil, "its renewal went with it")
            let again = try harness.open(SKU.monthlyPass)
            #expect(again.formattedPrice == "$0.00")
        }
    }

    @Test func aTamperedTransactionNoLongerVerifies() throws {
        try withStore { harness in
            let (gems, _) = try harness.buy(SKU.gems100)
            _ = try harness.store.act(.tamper, on: gems.transactionId)
            let record = try #require(try harness.ledger.transaction(id: gems.transactionId))
            #expect(harness.store.signatureProblem(record)?.contains("does not verify") == true)
            #expect(try harness.events(.transactionTampered).count == 1)
        }
    }
}
