import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The simulated clock is kept in the ledger: a calendar QA moved on stays moved on across
/// launches, a paused clock stays paused, and a rate stays until changed.
@Suite("Clock: kept in the ledger")
struct ClockKeptTests {
    @Test func aCalendarMovedOnStaysMovedOnAcrossARelaunch() throws {
        try withStore { harness in
            let start = harness.now
            _ = try harness.store.advance(to: start.addingTimeInterval(7 * 86_400))
            try harness.relaunch()
            #expect(harness.now == start.addingTimeInterval(7 * 86_400), "not back to the wall clock")
            // Still real time from there.
            harness.clock.advance(by: 10)
            #expect(harness.now == start.addingTimeInterval(7 * 86_400 + 10))
            let kept = try #require(try harness.ledger.clock())
            #expect(kept.rate == 1)
        }
    }

    @Test func eventsAreStampedWithSimulatedTime() throws {
        try withStore { harness in
            let later = harness.now.addingTimeInterval(3 * 86_400)
            _ = try harness.store.advance(to: later)
            let session = try harness.open(SKU.gems100)
            let started = try #require(try harness.events(.purchaseStarted).last)
            #expect(started.time == later)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.createdAt == later)
        }
    }

    @Test func aPausedClockStandsStillUntilAdvanced() throws {
        try withStore(rate: .paused) { harness in
            let start = harness.now
            #expect(harness.store.clock.rate == .paused)
            harness.clock.advance(by: 3_600)
            #expect(harness.now == start, "wall time does not move a paused clock")
            #expect(try harness.ledger.clock()?.rate == nil, "paused is kept as no rate")

            _ = try harness.store.advance(to: start.addingTimeInterval(60))
            #expect(harness.now == start.addingTimeInterval(60))

            // The next launch, with no rate of its own, keeps it paused where it stood.
            try harness.relaunch()
            harness.clock.advance(by: 3_600)
            #expect(harness.now == start.addingTimeInterval(60))
            #expect(harness.store.clock.rate == .paused)
        }
    }

    @Test func aPausedClockNeverFiresACountdownOnItsOwn() throws {
        try withStore(rate: .paused) { harness in
            try harness.open(SKU.gems100)
            let due = try #require(try harness.pay(card: Cards.success).nextDue)
            #expect(harness.store.clock.wallSeconds(until: due, atWall: harness.clock.date) == nil)
            harness.clock.advance(by: 3_600)
            #expect(try harness.store.runDue().nextDue == due)
            #expect(try harness.store.advance(to: due).notice?.tone == .success)
        }
    }

    @Test func aRateGivenAtLaunchReplacesTheKeptOne() throws {
        try withStore(rate: .paused) { harness in
            let start = harness.now
            try harness.relaunch(rate: .realTime)
            harness.clock.advance(by: 10)
            #expect(harness.now == start.addingTimeInterval(10), "resumes from where it stood")
            #expect(try harness.ledger.clock()?.rate == 1)
        }
    }

    @Test func aChangedRateIsKeptAndOnlyAppliesFromNow() throws {
        try withStore { harness in
            let start = harness.now
            harness.clock.advance(by: 10)
            let report = try harness.store.setClockRate(.scaled(60))
            #expect(report.clock.rate == .scaled(60))
            harness.clock.advance(by: 1)
            #expect(harness.now == start.addingTimeInterval(10 + 60))

            try harness.relaunch()
            harness.clock.advance(by: 1)
            #expect(harness.now == start.addingTimeInterval(10 + 60 + 60))
            #expect(try harness.ledger.clock()?.rate == 60)
        }
    }

    @Test func theStartingClockAppliesOnlyToANewLedger() throws {
        try withTemporaryLedgerPath { path in
            let wall = TestClock.start
            let january = try utc(2027, 1, 31)
            let first = try Store(catalog: defaultCatalog(), ledgerPath: path, userId: "player-1",
                                  clock: .paused(at: january), wallTime: { wall })
            #expect(first.now() == january)
            // A later launch that passes another clock gets the kept one.
            let second = try Store(catalog: defaultCatalog(), ledgerPath: path, userId: "player-1",
                                   clock: .paused(at: try utc(2030, 6, 1)), wallTime: { wall })
            #expect(second.now() == january)
        }
    }
}
