import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Subscription periods end by calendar arithmetic in UTC, never after a fixed count of days: a
/// month from 31 January ends on the last day of February.
@Suite("Calendar: the end of a period")
struct CalendarTests {
    static let month = SubscriptionPeriod(value: 1, unit: .month)

    @Test func aMonthFromTheThirtyFirstOfJanuaryEndsOnTheLastDayOfFebruary() throws {
        #expect(SimulatedCalendar.end(of: Self.month, from: try utc(2027, 1, 31)) == (try utc(2027, 2, 28)))
        // In a leap year that is the 29th.
        #expect(SimulatedCalendar.end(of: Self.month, from: try utc(2028, 1, 31)) == (try utc(2028, 2, 29)))
    }

    @Test func periodsOfEveryUnit() throws {
        let start = try utc(2027, 3, 31, 18, 40)
        #expect(SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .day), from: start) == (try utc(2027, 4, 1, 18, 40)))
        #expect(SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .week), from: start) == (try utc(2027, 4, 7, 18, 40)))
        #expect(SimulatedCalendar.end(of: Self.month, from: start) == (try utc(2027, 4, 30, 18, 40)))
        #expect(SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .year), from: try utc(2028, 2, 29))
            == (try utc(2029, 2, 28)))
    }

    @Test func countedPeriodsAreAddedAtOnceNotOneAfterAnother() throws {
        // Three months from 31 January is 30 April; month by month it would drift to the 28th.
        #expect(SimulatedCalendar.end(of: Self.month, count: 3, from: try utc(2027, 1, 31)) == (try utc(2027, 4, 30)))
    }

    @Test func theCalendarIsGregorianInUTC() {
        #expect(SimulatedCalendar.calendar.identifier == .gregorian)
        #expect(SimulatedCalendar.calendar.timeZone.secondsFromGMT() == 0)
    }
}

@Suite("Calendar: when a Monthly Pass expires")
struct MonthlyPassExpiryTests {
    @Test func aMonthlyPassBoughtOnTheThirtyFirstOfJanuaryExpiresAtTheEndOfFebruary() throws {
        // No redirect, so the purchase settles the moment it is paid, at noon on 31 January.
        try withStore(catalog: regularPriceCatalog(redirectCatalog(.none)), start: try utc(2027, 1, 31)) { harness in
            let session = try harness.open(SKU.monthlyPass)
            try harness.pay(card: Cards.success)
            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(grant.expiresAt == (try utc(2027, 2, 28)))

            harness.clock.date = try utc(2027, 2, 28, 11, 59)
            #expect(harness.store.currentReport().snapshot.entitlement(id: "premium")?.isActive == true)
            harness.clock.date = try utc(2027, 2, 28)
            #expect(harness.store.currentReport().snapshot.entitlement(id: "premium")?.isActive == false)
        }
    }

    /// A pass paid on 31 January whose redirect never came (the app closed in the countdown) is
    /// settled at the launch a week later, yet runs its month from the day Pay Station took the
    /// money (kept on the invoice and the transaction's purchase date), not to 7 March.
    @Test func aPassPaidBeforeACrashRunsItsMonthFromTheDayItWasPaid() throws {
        try withStore(catalog: regularPriceCatalog(), start: try utc(2027, 1, 31)) { harness in
            let session = try harness.open(SKU.monthlyPass)
            #expect(try harness.pay(card: Cards.success).nextDue != nil)
            // The app dies in the countdown and is opened again a week later.
            harness.clock.date = try utc(2027, 2, 7)
            try harness.relaunch()
            try harness.store.deliverUnfinished()
            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            let endOfFebruary = try utc(2027, 2, 28)
            #expect(grant.expiresAt == endOfFebruary)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.purchasedAt == utc(2027, 1, 31))
        }
    }
}
