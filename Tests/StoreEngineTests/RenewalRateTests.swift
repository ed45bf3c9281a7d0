import Catalog
import Foundation
import Testing
@testable import StoreEngine

/// How long periods, grace and billing retry last at each rate (Apple's tables), and the rate as
/// the engine keeps it: stepped by `]` and `[`, logged, kept across a relaunch, and the sandbox's
/// limit of 12 renewals.
@Suite("Renewal rates")
struct RenewalRateTests {
    private static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    private static let week = SubscriptionPeriod(value: 1, unit: .week)
    private static let month = SubscriptionPeriod(value: 1, unit: .month)
    private static let year = SubscriptionPeriod(value: 1, unit: .year)

    private func seconds(_ rate: RenewalRate, _ period: SubscriptionPeriod, count: Int = 1) -> TimeInterval {
        rate.end(of: period, count: count, from: Self.start).timeIntervalSince(Self.start)
    }

    @Test func theSandboxTableIsThreeMinutesAWeekFiveAMonthAnHourAYear() {
        #expect(seconds(.sandbox, Self.week) == 180)
        #expect(seconds(.sandbox, Self.month) == 300)
        #expect(seconds(.sandbox, SubscriptionPeriod(value: 2, unit: .month)) == 600)
        #expect(seconds(.sandbox, SubscriptionPeriod(value: 3, unit: .month)) == 900)
        #expect(seconds(.sandbox, SubscriptionPeriod(value: 6, unit: .month)) == 1800)
        #expect(seconds(.sandbox, Self.year) == 3600)
        #expect(seconds(.sandbox, Self.month, count: 3) == 900)
        #expect(RenewalRate.sandbox.renewalLimit == 12)
        #expect(RenewalRate.monthlyEvery5Minutes.renewalLimit == nil)
    }

    @Test(arguments: [
        (RenewalRate.monthlyEveryHour, 900.0, 3600.0, 43_200.0),
        (.monthlyEvery30Minutes, 600, 1800, 21_600),
        (.monthlyEvery30Seconds, 10, 30, 360),
    ])
    func monthlyTablesFollowApple(_ rate: RenewalRate, _ week: Double, _ month: Double, _ year: Double) {
        #expect(seconds(rate, Self.week) == week)
        #expect(seconds(rate, Self.month) == month)
        #expect(seconds(rate, Self.year) == year)
    }

    @Test func fixedRatesRenewEveryPeriodAlikeWithGraceOneAndRetryTwoIntervals() {
        for (rate, interval) in [(RenewalRate.every2Seconds, 2.0), (.everyMinute, 60), (.every15Minutes, 900)] {
            #expect(seconds(rate, Self.week) == interval)
            #expect(seconds(rate, Self.year) == interval)
            #expect(rate.graceEnd(for: Self.month, from: Self.start).timeIntervalSince(Self.start) == interval)
            #expect(rate.retryEnd(from: Self.start).timeIntervalSince(Self.start) == 2 * interval)
        }
    }

    @Test func realTimeIsTheCalendar() {
        #expect(RenewalRate.realTime.end(of: Self.month, from: Self.start)
                == SimulatedCalendar.end(of: Self.month, from: Self.start))
        #expect(RenewalRate.realTime.graceEnd(for: Self.week, from: Self.start)
                == SimulatedCalendar.end(of: SubscriptionPeriod(value: 6, unit: .day), from: Self.start))
        #expect(RenewalRate.realTime.graceEnd(for: Self.month, from: Self.start)
                == SimulatedCalendar.end(of: SubscriptionPeriod(value: 16, unit: .day), from: Self.start))
        #expect(RenewalRate.realTime.retryEnd(from: Self.start)
                == SimulatedCalendar.end(of: SubscriptionPeriod(value: 60, unit: .day), from: Self.start))
    }

    @Test func scaledGraceAndRetryFollowApplesTables() {
        #expect(RenewalRate.monthlyEveryHour.graceEnd(for: Self.week, from: Self.start).timeIntervalSince(Self.start) == 771)
        #expect(RenewalRate.monthlyEveryHour.graceEnd(for: Self.month, from: Self.start).timeIntervalSince(Self.start) == 1800)
        #expect(RenewalRate.monthlyEveryHour.retryEnd(from: Self.start).timeIntervalSince(Self.start) == 7200)
        #expect(RenewalRate.monthlyEvery30Seconds.graceEnd(for: Self.week, from: Self.start).timeIntervalSince(Self.start) == 9)
        #expect(RenewalRate.monthlyEvery30Seconds.retryEnd(from: Self.start).timeIntervalSince(Self.start) == 60)
    }

    @Test func xcodesRawValuesAndTheCatalogsNamesMapToRates() {
        #expect(RenewalRate(xcodeRawValue: 0) == .realTime)
        #expect(RenewalRate(xcodeRawValue: 13) == .monthlyEvery5Minutes)
        #expect(RenewalRate(xcodeRawValue: 15) == .monthlyEvery30Seconds)
        #expect(RenewalRate(xcodeRawValue: 1005) == .every2Seconds)
        #expect(RenewalRate(xcodeRawValue: 14) == nil, "no SKTestSession.TimeRate has 14")
        #expect(RenewalRate(xcodeRawValue: 3) == nil, "the deprecated one-second-is-a-day family")
        // Every name the catalog accepts is a rate, and every rate is a name it accepts.
        #expect(Settings.timeRateNames.allSatisfy { RenewalRate(catalogName: $0) != nil })
        #expect(Set(RenewalRate.allCases.map(\.rawValue)).isSubset(of: Set(Settings.timeRateNames)))
        var catalog = try? defaultCatalog()
        catalog?.settings.storeKit.timeRate = 1003
        #expect(catalog.map(RenewalRate.init(catalog:)) == .every30Seconds, "a .storekit file's _timeRate wins")
    }

    @Test func stepsStopAtEitherEnd() {
        #expect(TimeRate.paused.stepped(by: -1) == .paused)
        // `]` is always faster: no step makes a month or a year last longer.
        let start = Date(timeIntervalSinceReferenceDate: 0)
        func length(_ rate: TimeRate, _ unit: SubscriptionPeriod.Unit) -> TimeInterval {
            guard case .running(let renewal) = rate else { return .infinity }
            return renewal.end(of: SubscriptionPeriod(value: 1, unit: unit), from: start).timeIntervalSince(start)
        }
        for (slower, faster) in zip(TimeRate.all, TimeRate.all.dropFirst()) {
            #expect(length(faster, .month) <= length(slower, .month), "\(slower) -> \(faster)")
            #expect(length(faster, .month) < length(slower, .month) || length(faster, .year) <= length(slower, .year),
                    "\(slower) -> \(faster)")
        }
        #expect(TimeRate.all.last == .running(.every2Seconds))
        #expect(TimeRate.running(.monthlyEvery30Seconds).stepped(by: 1) == .running(.every30Seconds))
        #expect(TimeRate.paused.stepped(by: 1) == .running(.realTime))
        #expect(TimeRate.running(.every2Seconds).stepped(by: 1) == .running(.every2Seconds))
        #expect(TimeRate.running(.realTime).stepped(by: 1) == .running(.monthlyEveryHour))
    }

    @Test func aRateIsLoggedKeptAndPicksUpWhereTheLedgerLeftIt() throws {
        try withStore(rate: .paused) { harness in
            let report = try harness.store.setTimeRate(.running(.monthlyEvery30Seconds), keepingClockPaused: true)
            #expect(report.renewalRate == .monthlyEvery30Seconds)
            #expect(report.timeRate == .paused, "the clock stays paused when asked to")
            #expect(try harness.events(.clockRate).last?.message.hasPrefix("a monthly renewal every 30 s") == true)
            try harness.relaunch()
            #expect(harness.store.renewalRate == .monthlyEvery30Seconds)
            let running = try harness.store.setTimeRate(.running(.sandbox))
            #expect(running.timeRate == .running(.sandbox))
        }
    }

    @Test func theSandboxStopsAutoRenewAfterTwelveRenewals() throws {
        var catalog = try regularPriceCatalog()
        catalog.settings.timeRate = "sandbox"
        try withStore(catalog: catalog) { harness in
            let (session, _) = try harness.buy(SKU.monthlyPass)
            let first = try #require(harness.store.currentReport().snapshot.subscriptions.last)
            // Five minutes a month.
            #expect(first.expiresAt.timeIntervalSince(try #require(
                try harness.ledger.transaction(id: session.transactionId)?.purchasedAt)) == 300)
            _ = try harness.store.advance(to: first.expiresAt.addingTimeInterval(20 * 300))
            #expect(try harness.events(.xsollaUpdateSubscription).count == 12, "Xsolla's webhook, once a renewal")
            let expiration = try #require(try harness.events(.xsollaCancelSubscription).last)
            #expect(expiration.message.hasSuffix("(sandboxRenewalLimit)"))
            #expect(expiration.time == first.expiresAt.addingTimeInterval(12 * 300))
            #expect(harness.store.currentReport().snapshot.subscriptions.last?.status == .expired)
        }
    }

    @Test func advanceByAndToTheNextDue() throws {
        try withStore { harness in
            let nothing = try harness.store.advanceToNextDue()
            #expect(nothing.notice?.text == "Nothing is scheduled on the calendar.")
            let (_, _) = try harness.buy(SKU.weeklyPass)
            let end = try #require(harness.store.currentReport().snapshot.subscriptions.last?.expiresAt)
            let day = try harness.store.advance(by: 86_400)
            #expect(day.notice?.text == "The calendar moved on a day.")
            _ = try harness.store.advanceToNextDue()
            #expect(harness.now == end)
            #expect(try harness.events(.xsollaUpdateSubscription).count == 1)
        }
    }
}
