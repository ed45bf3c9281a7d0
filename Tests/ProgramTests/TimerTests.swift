import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `.deliver` timers run on the simulated clock only. A flaky network that always fails makes
/// the products request retry after 0.5 s, 2 s and 4 s of simulated time, then give up; the
/// wall clock racing ahead moves none of it.
@Suite("Headless program: timers")
struct TimerTests {
    private func failingHarness() throws -> HeadlessHarness {
        try HeadlessHarness(network: .flaky, generator: NetworkAlwaysDown())
    }

    private func failures(_ harness: HeadlessHarness) -> Int {
        harness.app.snapshot.events.filter { $0.kind == .productsFailed }.count
    }

    @Test func aRetryWaitsForSimulatedTimeNotWallTime() throws {
        let harness = try failingHarness()
        harness.program.send(.started)
        #expect(harness.app.paywall.productsRequest == .loading(attempt: 2))
        #expect(failures(harness) == 1)
        harness.wall.move(by: 3_600)  // an hour of wall time; the simulated clock is paused
        harness.program.settle()
        #expect(harness.app.paywall.productsRequest == .loading(attempt: 2))
        #expect(failures(harness) == 1)
        #expect(harness.screen.contains("Loading products… (2)"))
    }

    @Test func retriesFireAtTheirSimulatedTimesThenGiveUp() throws {
        let harness = try failingHarness()
        harness.program.send(.started)
        harness.program.advance(by: 0.4)
        #expect(failures(harness) == 1)
        harness.program.advance(by: 0.1)  // 0.5 s: the second attempt
        #expect(failures(harness) == 2)
        #expect(harness.app.paywall.productsRequest == .loading(attempt: 3))
        harness.program.advance(by: 1.9)
        #expect(failures(harness) == 2)
        harness.program.advance(by: 0.1)  // 2 s later: the third
        #expect(failures(harness) == 3)
        harness.program.advance(by: 4)  // 4 s later: the fourth and last
        #expect(failures(harness) == 4)
        #expect(harness.app.paywall.productsRequest == .failed(attempts: 4))
        #expect(harness.screen.contains("Products are not available right now."))
        #expect(harness.screen.contains("Products could not be loaded after 4 attempts; press Enter to try again."))
        harness.program.advance(by: 3_600)
        #expect(failures(harness) == 4)  // nothing left to fire
    }

    /// One long advance fires every timer on the way, each at its own simulated time.
    @Test func oneLongAdvanceFiresEachTimerAtItsTime() throws {
        let harness = try failingHarness()
        harness.program.send(.started)
        harness.program.advance(by: 60)
        let times = harness.app.snapshot.events.filter { $0.kind == .productsFailed }.map(\.time).reversed()
        #expect(Array(times) == [0, 0.5, 2.5, 6.5].map { fixedNow.addingTimeInterval($0) })
    }
}
