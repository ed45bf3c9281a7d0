import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The simulated calendar ends at 9999-12-31 23:59:59 UTC: the engine never moves past it (a
/// key, `>`, a call), refuses a ledger whose clock is past it with a sentence, and turns every
/// date it signs into milliseconds without trapping.
@Suite("Clock: the end of the calendar")
struct CalendarEndTests {
    @Test(arguments: [110_000_000_000_000 * 86_400.0, .infinity, 8_000 * 365 * 86_400.0])
    func anAdvancePastTheEndIsRefusedAndNothingMoves(seconds: TimeInterval) throws {
        try withStore { harness in
            let before = harness.now
            let report = try harness.store.advance(by: seconds)
            #expect(report.notice?.tone == .error)
            #expect(report.notice?.text.hasPrefix("The calendar ends at 9999-12-31 23:59:59 UTC") == true,
                    "\(String(describing: report.notice))")
            try #require(harness.now == before, "the calendar moved to \(harness.now)")
            #expect(try harness.ledger.clock()?.simulated == before)
            // And the store still sells.
            let (id, bought) = try harness.buyThroughStoreKit(SKU.gems100)
            #expect(try harness.summary(of: id).state == .purchased, "\(String(describing: bought.notice))")
        }
    }

    /// Through StoreKit: Pay Station's sandbox card (12/40) has long expired by then.
    @Test func theLastSecondOfTheCalendarCanBeReachedAndBoughtAt() throws {
        try withStore { harness in
            _ = try harness.store.advance(to: Clock.latest.addingTimeInterval(-600))
            let (id, report) = try harness.buyThroughStoreKit(SKU.gems100)
            let bought = try harness.summary(of: id)
            #expect(bought.state == .purchased && bought.finishedAt != nil, "\(String(describing: report.notice))")
            let payload = try jwsPayload(bought.signedTransaction)
            #expect((payload["purchaseDate"] as? Int).map { $0 > 253_402_000_000_000 } == true, "\(payload)")
            _ = try harness.store.advance(to: Clock.latest)
            #expect(harness.now == Clock.latest)
        }
    }

    /// A ledger an older storefront left past the end (`advance 110000000000000d`) is refused
    /// by name, with the way out, never opened to crash at the next purchase.
    @Test(arguments: [1e19, 1e300, -1e300])
    func aLedgerWithAClockPastTheEndIsRefused(simulated: Double) throws {
        try withTemporaryLedgerPath { path in
            let ledger = try LedgerDatabase(path: path)
            try ledger.saveClock(ClockRecord(simulated: Date(timeIntervalSinceReferenceDate: simulated),
                                             wall: Date(), rate: nil))
            #expect(throws: StoreError.clockOffTheCalendar(path: path)) {
                try Store(catalog: try defaultCatalog(), ledgerPath: path, userId: "player-1")
            }
            let sentence = StoreError.clockOffTheCalendar(path: path).description
            #expect(sentence.contains(path))
            #expect(sentence.contains("storefront reset"))
        }
    }

    @Test func aRateThatRunsPastTheEndIsRefusedToo() throws {
        try withTemporaryLedgerPath { path in
            let ledger = try LedgerDatabase(path: path)
            let wall = Date()
            try ledger.saveClock(ClockRecord(simulated: wall, wall: wall.addingTimeInterval(-1), rate: 1e300))
            #expect(throws: StoreError.clockOffTheCalendar(path: path)) {
                try Store(catalog: try defaultCatalog(), ledgerPath: path, userId: "player-1", wallTime: { wall })
            }
        }
    }

    @Test func millisecondsNeverTrap() {
        #expect(SignedTransactionPayload.milliseconds(Date(timeIntervalSince1970: 1e300)) == .max)
        #expect(SignedTransactionPayload.milliseconds(Date(timeIntervalSince1970: -1e300)) == .min)
        #expect(SignedTransactionPayload.milliseconds(Date(timeIntervalSince1970: .nan)) == 0)
        #expect(SignedTransactionPayload.milliseconds(Clock.latest) == 253_402_300_799_000)
    }
}
