import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Pay Station's redirect after its countdown, on the simulated clock: `advance(by:)` fires it
/// at its own time and not a moment before, and the manual button and the timer together send
/// it once.
@Suite("Headless program: the redirect countdown")
struct RedirectTimingTests {
    /// Pays for gems with the success card: the redirect is due 2 s later (catalog.json).
    private func paidHarness() throws -> HeadlessHarness {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        harness.pay(card: Cards.success)
        return harness
    }

    @Test func theRedirectFiresAtItsTimeAndNotBefore() throws {
        let harness = try paidHarness()
        #expect(harness.page?.redirectDue == fixedNow.addingTimeInterval(2))
        #expect(harness.app.wantsTicks)

        harness.program.settle()  // the clock is paused: settling moves nothing
        #expect(harness.page != nil)

        harness.program.advance(by: 1.5)
        #expect(harness.program.now == fixedNow.addingTimeInterval(1.5))
        #expect(harness.page != nil)
        #expect(harness.screen.contains("Returning to Stardust Quest in 1 s: the clock is paused"))  // the tick moved the app's time
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)

        harness.program.advance(by: 0.5)
        #expect(harness.app.sheet == nil)
        #expect(!harness.app.wantsTicks)
        #expect(harness.app.snapshot.transactions.first?.state == .purchased)
        #expect(harness.app.snapshot.balances == ["gems": 100])
        #expect(harness.screen.contains("Purchased Pouch of Gems: +100 gems."))
        let received = try #require(harness.app.snapshot.events.first { $0.kind == .redirectReceived })
        #expect(received.time == fixedNow.addingTimeInterval(2))  // at its own time, not the end of the advance
    }

    @Test func advancingPastTheDueTimeRunsItAtItsOwnTime() throws {
        let harness = try paidHarness()
        harness.program.advance(by: 3_600)
        #expect(harness.program.now == fixedNow.addingTimeInterval(3_600))
        let received = try #require(harness.app.snapshot.events.first { $0.kind == .redirectReceived })
        #expect(received.time == fixedNow.addingTimeInterval(2))
        #expect(harness.app.snapshot.balances == ["gems": 100])
    }

    /// The button first, then the time the timer would have fired: one redirect, one grant.
    @Test func theManualButtonFirstThenTheTimerRedirectsOnce() throws {
        let harness = try paidHarness()
        harness.press(.enter)
        #expect(harness.app.sheet == nil)
        harness.program.advance(by: 10)
        #expect(harness.app.snapshot.balances == ["gems": 100])
        #expect(harness.app.snapshot.events.filter { $0.kind == .redirectReceived }.count == 1)
        #expect(!harness.app.snapshot.events.contains { $0.kind == .redirectRejected })
    }

    /// A script's `advance` line, one second at a time: the countdown ends on the second.
    @Test func advancingSecondBySecondFiresTheRedirectOnTime() throws {
        let harness = try paidHarness()
        harness.program.advance(by: 1)
        #expect(harness.page != nil)
        harness.program.advance(by: 1)
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.balances == ["gems": 100])
    }
}
