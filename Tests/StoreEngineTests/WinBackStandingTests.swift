import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// What win-back eligibility reads of a lapsed player comes from the ledger's subscriptions: the
/// months paid for, the months since the lapse and since the last win-back offer; the charge
/// follows the offer that standing admits (the default catalog's winback_month: a paid month,
/// lapsed 1 to 24 months ago, 6 months between win-back offers).
@Suite("Store: win-back standing")
struct WinBackStandingTests {
    private let day: TimeInterval = 86_400
    private let group = "stardust_pass"

    private func standing(_ harness: StoreHarness) -> WinBackStanding? {
        harness.store.currentReport().snapshot.history.lapses[group]
    }

    private func latestTransaction(_ harness: StoreHarness) throws -> TransactionSummary {
        try #require(harness.store.currentReport().snapshot.transactions.first)
    }

    @Test func paidMonthsTheLapseAndTheLastWinBackDecideTheCharge() throws {
        try withStore { harness in
            let monthly = try #require(harness.catalog.product(id: SKU.monthlyPass))
            // Five paid weeks of the Weekly Pass (35 days: one month), then it lapses.
            try harness.buy(SKU.weeklyPass)
            try harness.wait(28 * day)
            try harness.cancelRenewal(of: latestTransaction(harness).id)
            try harness.wait(8 * day)
            #expect(standing(harness) == WinBackStanding(paidMonths: 1, monthsSinceLapse: 0))
            #expect(OfferSelector.offer(for: monthly, history: harness.store.currentReport().snapshot.history) == nil)

            // A month after the lapse: the win-back month, charged nothing.
            try harness.wait(31 * day)
            #expect(standing(harness) == WinBackStanding(paidMonths: 1, monthsSinceLapse: 1))
            try harness.buy(SKU.monthlyPass)
            let wonBack = try latestTransaction(harness)
            #expect((wonBack.offerType, wonBack.offerId, wonBack.charge) == ("winBack", "winback_month", "0"))

            // The free month adds no paid month; two months after the win-back, six must pass.
            try harness.cancelRenewal(of: wonBack.id)
            try harness.wait(62 * day)
            #expect(standing(harness) == WinBackStanding(paidMonths: 1, monthsSinceLapse: 1, monthsSinceWinBack: 2))
            try harness.buy(SKU.monthlyPass)
            let again = try latestTransaction(harness)
            #expect(again.offerType == nil)
            #expect(again.charge == "4.99")
        }
    }

    @Test func aRefundedPurchaseIsNoPaidMonth() throws {
        try withStore(catalog: regularPriceCatalog()) { harness in
            try harness.buy(SKU.monthlyPass)
            let first = try latestTransaction(harness)
            try harness.wait(31 * day)
            try harness.cancelRenewal(of: latestTransaction(harness).id)
            try harness.wait(40 * day)
            #expect(standing(harness)?.paidMonths == 2)
            _ = try harness.store.act(.refund(.other), on: first.id)
            #expect(standing(harness)?.paidMonths == 1)
        }
    }

    @Test func aRelaunchReadsTheSameStanding() throws {
        try withStore(catalog: regularPriceCatalog()) { harness in
            try harness.buy(SKU.monthlyPass)
            try harness.wait(31 * day)
            try harness.cancelRenewal(of: latestTransaction(harness).id)
            try harness.wait(70 * day)
            let before = try #require(standing(harness))
            #expect(before == WinBackStanding(paidMonths: 2, monthsSinceLapse: 1))
            try harness.relaunch()
            #expect(standing(harness) == before)
        }
    }

    @Test func monthsOfTimeAreTheRenewalRatesMonths() {
        let start = Date(timeIntervalSinceReferenceDate: 790_000_000)
        #expect(RenewalRate.sandbox.wholeMonths(from: start, to: start.addingTimeInterval(299)) == 0)
        #expect(RenewalRate.sandbox.wholeMonths(from: start, to: start.addingTimeInterval(300)) == 1)
        #expect(RenewalRate.sandbox.wholeMonths(from: start, to: start.addingTimeInterval(3_000)) == 10)
        #expect(RenewalRate.every2Seconds.wholeMonths(from: start, to: start.addingTimeInterval(1_000)) == 61)
        // On the calendar a month ends on the same day of the next month, or its last day.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let january31 = calendar.date(from: DateComponents(year: 2026, month: 1, day: 31, hour: 9)) ?? start
        let february28 = calendar.date(from: DateComponents(year: 2026, month: 2, day: 28, hour: 9)) ?? start
        #expect(RenewalRate.realTime.wholeMonths(from: january31, to: february28.addingTimeInterval(-1)) == 0)
        #expect(RenewalRate.realTime.wholeMonths(from: january31, to: february28) == 1)
    }
}
