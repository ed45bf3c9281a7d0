import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// `advance(to:)` moves the simulated calendar; everything due on the way happens at its own
/// calendar time, in order, and the calendar never moves back.
@Suite("Clock: advance")
struct AdvanceTests {
    /// A minute's countdown, so two purchases paid ten seconds apart fall due ten seconds apart.
    static func catalog() throws -> ProductCatalog {
        try regularPriceCatalog(redirectCatalog(.successfulOrCanceled, delaySeconds: 60))
    }

    @Test func dueItemsRunInOrderAtTheirOwnTimes() throws {
        try withStore(catalog: Self.catalog()) { harness in
            let start = harness.now
            let pass = try harness.open(SKU.monthlyPass)
            try harness.pay(card: Cards.success)
            harness.clock.advance(by: 10)
            let gems = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)

            let report = try harness.store.advance(to: start.addingTimeInterval(3_600))

            // Each redirect came in when its own countdown ended, the pass's first.
            let received = try harness.events(.redirectReceived)
            #expect(received.map(\.transactionId) == [pass.transactionId, gems.transactionId])
            #expect(received.map(\.time) == [start.addingTimeInterval(60), start.addingTimeInterval(70)])
            #expect(try harness.ledger.transaction(id: pass.transactionId)?.finishedAt == start.addingTimeInterval(60))
            #expect(try harness.ledger.transaction(id: gems.transactionId)?.finishedAt == start.addingTimeInterval(70))
            // What happened at the pass's time is computed from that time: it was granted when its
            // redirect came, and its month runs from when it was paid.
            let grant = try #require(try harness.ledger.grant(forTransaction: pass.transactionId))
            #expect(grant.grantedAt == start.addingTimeInterval(60))
            #expect(grant.expiresAt == SimulatedCalendar.end(of: SubscriptionPeriod(value: 1, unit: .month), from: start))

            // The calendar ends where it was sent; the report says the last thing that happened.
            #expect(harness.now == start.addingTimeInterval(3_600))
            #expect(report.clock.now(atWall: harness.clock.date) == start.addingTimeInterval(3_600))
            #expect(report.notice?.text.contains("Pouch of Gems") == true)
            // Next on the calendar: the pass renews when its month ends.
            #expect(report.nextDue == grant.expiresAt)
        }
    }

    @Test func advancingShortOfTheDueTimeRunsNothing() throws {
        try withStore(catalog: Self.catalog()) { harness in
            try harness.open(SKU.gems100)
            let due = try #require(try harness.pay(card: Cards.success).nextDue)
            let events = try harness.allEventKinds()

            let short = try harness.store.advance(to: due.addingTimeInterval(-1))
            #expect(short.nextDue == due)
            #expect(short.page?.redirectDue == due, "the page still counts down")
            #expect(try harness.allEventKinds() == events)
            #expect(harness.now == due.addingTimeInterval(-1))

            // Exactly at the due time it runs.
            let onTime = try harness.store.advance(to: due)
            #expect(onTime.notice?.tone == .success)
            #expect(try harness.events(.redirectReceived).map(\.time) == [due])
        }
    }

    @Test func theCalendarNeverMovesBack() throws {
        try withStore { harness in
            let start = harness.now
            _ = try harness.store.advance(to: start.addingTimeInterval(7 * 86_400))
            let back = try harness.store.advance(to: start.addingTimeInterval(86_400))
            #expect(harness.now == start.addingTimeInterval(7 * 86_400))
            #expect(back.clock.now(atWall: harness.clock.date) == start.addingTimeInterval(7 * 86_400))
            // Nor does the clock the ledger keeps.
            #expect(try harness.ledger.clock()?.simulated == start.addingTimeInterval(7 * 86_400))
        }
    }

    @Test func runDueRunsOnlyWhatTheClockHasReached() throws {
        try withStore(catalog: Self.catalog()) { harness in
            try harness.open(SKU.gems100)
            let due = try #require(try harness.pay(card: Cards.success).nextDue)
            harness.clock.advance(by: 59)
            #expect(try harness.store.runDue().nextDue == due)
            #expect(try harness.events(.redirectReceived).isEmpty)
            harness.clock.advance(by: 1)
            #expect(try harness.store.runDue().notice?.tone == .success)
        }
    }
}

/// The agenda under the clock: earliest first, ties in the order they were scheduled.
@Suite("Clock: the agenda")
struct AgendaTests {
    @Test func itemsComeOutByDueTimeThenBySchedulingOrder() {
        let start = TestClock.start
        var agenda = Agenda()
        agenda.schedule(redirect("late"), at: start.addingTimeInterval(20))
        agenda.schedule(redirect("early"), at: start.addingTimeInterval(10))
        agenda.schedule(redirect("tie-1"), at: start.addingTimeInterval(15))
        agenda.schedule(redirect("tie-2"), at: start.addingTimeInterval(15))
        #expect(agenda.nextDue == start.addingTimeInterval(10))

        #expect(agenda.takeFirst(dueBy: start.addingTimeInterval(9)) == nil, "nothing is due yet")
        var taken: [DueAction] = []
        while let item = agenda.takeFirst(dueBy: start.addingTimeInterval(60)) {
            taken.append(item.action)
        }
        #expect(taken == ["early", "tie-1", "tie-2", "late"].map(redirect))
        #expect(agenda.nextDue == nil)
    }

    /// A path's work on the agenda, as the path schedules it: compared by its type and value.
    private func redirect(_ invoice: String) -> DueAction {
        .work(ScheduledWork(PayStationDueWork.redirect(invoiceId: invoice)))
    }

    @Test func cancellingRemovesOnlyWhatMatches() {
        let start = TestClock.start
        var agenda = Agenda()
        agenda.schedule(redirect("a"), at: start)
        agenda.schedule(redirect("b"), at: start.addingTimeInterval(5))
        agenda.cancel { $0 == redirect("a") }
        #expect(agenda.nextDue == start.addingTimeInterval(5))
        #expect(agenda.due { $0 == redirect("a") } == nil)
        #expect(agenda.due { $0 == redirect("b") } == start.addingTimeInterval(5))
    }
}
