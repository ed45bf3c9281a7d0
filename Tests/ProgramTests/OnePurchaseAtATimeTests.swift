import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 7 item 14: one purchase at a time. Two Enters in one input burst reach the update
/// before the first purchase's sheet comes back, so the app alone cannot stop the second; with
/// the real engine behind the headless program, the burst makes one transaction and the second
/// is refused with a notice. A key storm once left 32 `purchasing` transactions.
@Suite("One purchase at a time")
struct OnePurchaseAtATimeTests {
    /// Posts each message to the inbox, as a burst from the terminal arrives, then lets the
    /// program take them in one go.
    private func burst(_ harness: HeadlessHarness, _ messages: [Message]) {
        for message in messages { harness.program.inbox.post(message) }
        harness.program.settle()
    }

    private func launched(_ storefront: String = "USA") throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: storefront)
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        return harness
    }

    @Test("Two Enters in one burst", arguments: ["USA", "DEU"])
    func twoEnters(storefront: String) throws {
        let harness = try launched(storefront)
        burst(harness, [.key(.enter), .key(.enter)])
        #expect(harness.app.snapshot.transactions.count == 1)
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)
        #expect(harness.page?.session.productId == SKU.gems100)
        #expect(harness.app.notice?.text.contains("already open") == true, "\(harness.app.notice?.text ?? "no notice")")
        #expect(harness.app.snapshot.events.contains { $0.kind == .purchaseIgnored })
        #expect(harness.app.snapshot.events.filter { $0.kind == .purchaseStarted }.count == 1)
    }

    @Test func twoBuyMessagesInOneBurst() throws {
        let harness = try launched()
        burst(harness, [.buy, .buy])
        #expect(harness.app.snapshot.transactions.count == 1)
        #expect(harness.app.notice?.text.contains("already open") == true)
    }

    /// A storm: Enter, Down and Enter again, twenty times over, before anything answers.
    @Test func aKeyStormMakesOneTransaction() throws {
        let harness = try launched()
        burst(harness, Array(repeating: [Message.key(.enter), .key(.down)], count: 20).flatMap { $0 })
        #expect(harness.app.snapshot.transactions.count == 1)
        #expect(harness.app.snapshot.transactions.filter { $0.state == .purchasing }.count == 1)
    }

    /// The first purchase is still the one on screen, and paying it works as if alone.
    @Test func theFirstPurchaseCanStillBePaid() throws {
        let harness = try launched()
        burst(harness, [.key(.enter), .key(.enter)])
        harness.pay(card: Cards.success)
        harness.program.advance(by: 5)
        #expect(harness.app.snapshot.transactions.count == 1)
        #expect(harness.app.snapshot.transactions.first?.state == .purchased)
        #expect(harness.app.snapshot.balances["gems"] == 100)
    }
}
