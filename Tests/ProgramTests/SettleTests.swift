import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `settle()` is the headless program's synchroniser: it returns when no message is queued,
/// no engine call is in flight and nothing is due. It draws nothing: `draw()` does, once,
/// when a script reads the screen. Chains of calls (a message whose answer asks for more)
/// finish inside one settle.
@Suite("Headless program: settle")
struct SettleTests {
    @Test func settleRunsEveryCallAMessageCausesAndDraws() throws {
        let harness = try HeadlessHarness()
        let drawsBefore = harness.program.backend.drawCount
        // Posted rather than sent, so only `settle` processes it.
        harness.program.inbox.post(.started)
        harness.program.settle()
        #expect(!harness.program.inbox.hasMail)
        #expect(harness.app.paywall.productsRequest == .answered)  // launch and the request both answered
        #expect(harness.program.backend.drawCount == drawsBefore, "settling draws nothing")
        let frame = harness.program.draw()
        #expect(harness.program.backend.drawCount == drawsBefore + 1)
        #expect(harness.program.backend.frame == harness.app.view())
        #expect(frame == harness.app.view())
        harness.program.draw()
        #expect(harness.program.backend.drawCount == drawsBefore + 1, "nothing changed, nothing drawn again")
    }

    /// A burst of keys, each an engine call: the engine answers them in order, and one settle
    /// waits for all sixteen.
    @Test func aBurstOfMailSettlesInOrder() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        for message: Message in [.selectProduct(id: SKU.gems100), .buy] { harness.program.inbox.post(message) }
        harness.program.settle()
        #expect(harness.page != nil)
        for digit in Cards.success { harness.program.inbox.post(.key(.character(digit))) }
        harness.program.settle()
        #expect(!harness.program.inbox.hasMail)
        #expect(harness.page?.session.cardNumber == Cards.success)
        #expect(harness.screen.contains("Card number 4111 1111 1111 1111"))
    }

    @Test func settlingWithNothingToDoChangesNothing() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        let screen = harness.screen
        let events = harness.app.snapshot.events
        harness.program.settle()
        harness.program.settle()
        #expect(harness.screen == screen)
        #expect(harness.app.snapshot.events == events)
    }
}
