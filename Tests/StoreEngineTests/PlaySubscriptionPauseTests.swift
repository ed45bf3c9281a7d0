import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Pausing a Google Play subscription, on a real ledger file at the sandbox rate (the weekly
/// pass renews every 5 minutes; a pause of up to a month lasts 5, of 2 or 3 months 10): the
/// pause starts when the period ends, charges nothing and cuts access until it ends, when a
/// renewal resumes it; QA resumes it early, changes or cancels it before it starts; it survives
/// a relaunch. The App Store's subscriptions have no pause.
@Suite("Google Play: pausing a subscription")
struct PlaySubscriptionPauseTests {
    /// Buys the weekly pass on Google Play's sheet: its transaction id and the period's end.
    private func subscribe(_ harness: StoreHarness) throws -> (transaction: String, expires: Date) {
        let sheet = try harness.openPlay(SKU.weeklyPass)
        _ = try harness.sendPlay(.buy)
        let subscription = try #require(harness.store.currentReport().snapshot.subscriptions.last)
        return (sheet.transactionId, subscription.expiresAt)
    }

    private func subscription(_ harness: StoreHarness) throws -> SubscriptionSummary {
        try #require(harness.store.currentReport().snapshot.subscriptions.last)
    }

    private func premium(_ harness: StoreHarness) throws -> Entitlement {
        try #require(harness.store.currentReport().snapshot.entitlement(id: "premium"))
    }

    private func notifications(_ harness: StoreHarness) throws -> [String] {
        try harness.allEventKinds().filter { $0.hasPrefix("SUBSCRIPTION_") }
    }

    private func actions(of transactionId: String, _ harness: StoreHarness) throws -> [TransactionAction] {
        try #require(harness.store.currentReport().snapshot.transactions.first { $0.id == transactionId }).actions
    }

    @Test func aPauseStartsAtThePeriodsEndChargesNothingAndResumesWithARenewal() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let (id, expires) = try subscribe(harness)
            _ = try harness.store.act(.pause(.oneWeek), on: id)
            #expect(try subscription(harness).scheduledPause == .oneWeek)
            #expect(try premium(harness).isActive, "access lasts to the period's end")

            _ = try harness.store.advance(to: expires.addingTimeInterval(1))
            let paused = try subscription(harness)
            #expect(paused.status == .paused && !paused.status.hasAccess)
            #expect(paused.pausedUntil == expires.addingTimeInterval(300), "a week's pause is 5 minutes on the test table")
            #expect(try harness.ledger.transactions(newestFirst: 5).count == 1, "no renewal charged")
            #expect(try !premium(harness).isActive)
            #expect(try premium(harness).state { EventDate.string(from: $0) }.words.hasPrefix("paused until "))

            let resumes = try #require(paused.pausedUntil)
            _ = try harness.store.advance(to: resumes.addingTimeInterval(1))
            let renewal = try #require(try harness.ledger.transactions(newestFirst: 1).first)
            #expect(renewal.id != id && renewal.purchasedAt == resumes, "the renewal pays a period from the pause's end")
            let resumed = try subscription(harness)
            #expect(resumed.status == .subscribed && resumed.pausedUntil == nil && resumed.scheduledPause == nil)
            #expect(resumed.expiresAt == resumes.addingTimeInterval(300))
            #expect(try premium(harness).isActive)
            #expect(try notifications(harness) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED",
                                                   "SUBSCRIPTION_PAUSED", "SUBSCRIPTION_RENEWED"])
        }
    }

    @Test func aPausedSubscriptionSurvivesARelaunchAndResumesEarly() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let (id, expires) = try subscribe(harness)
            _ = try harness.store.act(.pause(.twoMonths), on: id)
            _ = try harness.store.advance(to: expires.addingTimeInterval(1))
            try harness.relaunch(rate: .paused)
            let paused = try subscription(harness)
            #expect(paused.status == .paused && paused.pausedUntil == expires.addingTimeInterval(600))
            // Paused, it takes no renewal, expiry or billing switch: only a resume (and a refund).
            let offered = try actions(of: id, harness)
            #expect(offered.contains(.resume) && !offered.contains(.renew) && !offered.contains(.expire))

            _ = try harness.store.advance(to: expires.addingTimeInterval(60))
            let resumedAt = harness.now
            _ = try harness.store.act(.resume, on: id)
            let renewal = try #require(try harness.ledger.transactions(newestFirst: 1).first)
            #expect(renewal.id != id && renewal.purchasedAt == resumedAt)
            let resumed = try subscription(harness)
            #expect(resumed.status == .subscribed && resumed.expiresAt == resumedAt.addingTimeInterval(300))
            #expect(try premium(harness).isActive)
            #expect(try notifications(harness).suffix(2) == ["SUBSCRIPTION_PAUSED", "SUBSCRIPTION_RENEWED"])
        }
    }

    @Test func aScheduledPauseIsChangedThenCancelledBeforeItStarts() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let (id, expires) = try subscribe(harness)
            #expect(try actions(of: id, harness).contains(.pause(.oneMonth)))
            _ = try harness.store.act(.pause(.oneMonth), on: id)
            let offered = try actions(of: id, harness)
            #expect(offered.contains(.cancelPause) && offered.contains(.changePause(.threeMonths)))
            #expect(!offered.contains(.pause(.threeMonths)) && !offered.contains(.changePause(.oneMonth)))
            // Asked for again while one is scheduled, a pause changes it.
            _ = try harness.store.act(.pause(.threeMonths), on: id)
            #expect(try subscription(harness).scheduledPause == .threeMonths)
            _ = try harness.store.act(.cancelPause, on: id)
            #expect(try subscription(harness).scheduledPause == nil)

            _ = try harness.store.advance(to: expires.addingTimeInterval(1))
            #expect(try subscription(harness).status == .subscribed)
            #expect(try harness.ledger.transactions(newestFirst: 5).count == 2, "it renewed as before")
            let changes = try harness.events(.subscriptionPauseScheduleChanged).map(\.message)
            #expect(changes.count == 3)
            #expect(changes.last?.contains("the scheduled pause is cancelled") == true)
            #expect(try !notifications(harness).contains("SUBSCRIPTION_PAUSED"))
        }
    }

    @Test func theAppStoresSubscriptionsHaveNoPause() throws {
        #expect(!IntegrationPath.storekit.pausesSubscriptions && IntegrationPath.play.pausesSubscriptions)
        try withStore(catalog: try sandboxCatalog()) { harness in
            let (session, _) = try harness.buy(SKU.weeklyPass)
            let offered = try actions(of: session.transactionId, harness)
            #expect(!offered.contains { if case .pause = $0 { return true } else { return false } })
            let report = try harness.store.act(.pause(.oneWeek), on: session.transactionId)
            #expect(report.notice?.text.contains("does not apply") == true)
            #expect(try subscription(harness).scheduledPause == nil)
        }
    }

    @Test(arguments: PauseDuration.allCases)
    func aPauseLastsAsLongAsAPeriodOfItsLength(_ length: PauseDuration) {
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let calendar = PlaySubscriptionCalendar()
        #expect(length.end(from: start, on: calendar, at: .sandbox)
                == calendar.end(of: length.period, count: 1, isFreeTrial: false, from: start, at: .sandbox))
        #expect(length.end(from: start, on: calendar, at: .realTime) > start.addingTimeInterval(6 * 86_400))
    }

    /// The weekly pass paused with the billing-issue switch on: the switch is QA's while the
    /// subscription runs, so it is set first, and the pause starts before the failing renewal.
    private func pauseWithABillingIssue(_ harness: StoreHarness) throws -> String {
        let (id, expires) = try subscribe(harness)
        _ = try harness.store.act(.billingIssue(true), on: id)
        _ = try harness.store.act(.pause(.oneWeek), on: id)
        _ = try harness.store.advance(to: expires.addingTimeInterval(1))
        #expect(try subscription(harness).status == .paused)
        return id
    }

    @Test func aPauseThatEndsWithABillingIssueGoesIntoGraceInsteadOfRenewing() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = try pauseWithABillingIssue(harness)
            let resumes = try #require(try subscription(harness).pausedUntil)
            _ = try harness.store.advance(to: resumes.addingTimeInterval(1))
            let failed = try subscription(harness)
            #expect(failed.status == .inGracePeriod && failed.pausedUntil == nil)
            #expect(try harness.ledger.transactions(newestFirst: 5).count == 1, "the renewal that would resume it was not charged")
            #expect(try premium(harness).isActive, "grace keeps access")
            #expect(try notifications(harness).last == "SUBSCRIPTION_IN_GRACE_PERIOD")
        }
    }

    @Test func resumingEarlyWithABillingIssueGoesIntoGraceNow() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let id = try pauseWithABillingIssue(harness)
            let report = try harness.store.act(.resume, on: id)
            #expect(report.notice?.tone == .error && report.notice?.text.contains("billing issue") == true)
            let failed = try subscription(harness)
            #expect(failed.status == .inGracePeriod && failed.pausedUntil == nil)
            #expect(try harness.ledger.transactions(newestFirst: 5).count == 1, "nothing charged")
            #expect(try harness.events(.subscriptionInGracePeriod).last?.message.contains(" · resumed now by QA, but the renewal could not be charged") == true)
            #expect(try notifications(harness).last == "SUBSCRIPTION_IN_GRACE_PERIOD")
            // Fixing the payment recovers it with a renewal, as in any grace.
            _ = try harness.store.act(.billingIssue(false), on: id)
            #expect(try subscription(harness).status == .subscribed)
            #expect(try harness.ledger.transactions(newestFirst: 5).count == 2)
        }
    }

}
