import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `m` on a subscription that renews while the menu is open: the choice acts on the
/// subscription as it is then (a renewal is the same subscription), and a refusal stays on the
/// bottom line over the renewal lines the clock brings, in the whole loop with a real engine.
@Suite("Headless program: a menu older than the subscription it acts on")
struct StaleMenuTests {
    /// A Weekly Pass bought on the App Store sheet in Japan, every period 10 s.
    private static func subscribed() throws -> HeadlessHarness {
        var catalog = defaultCatalog
        catalog.settings.timeRate = "every-10s"
        let harness = try HeadlessHarness(storefront: "JPN", catalog: catalog)
        harness.program.send(.started)
        harness.select(product: SKU.weeklyPass)
        harness.press(.enter)
        try #require(harness.storeKitSession != nil, "no App Store sheet")
        harness.type("b")
        try #require(harness.app.snapshot.transactions.first?.subscription?.isLive == true, "no running subscription")
        return harness
    }

    @Test func aChoiceFromAMenuOpenedBeforeARenewalActsOnTheSubscription() throws {
        let harness = try Self.subscribed()
        let first = try #require(harness.app.snapshot.transactions.first?.id)
        harness.type("m")
        try #require(harness.app.menus.open?.transactionId == first)
        harness.program.advance(by: 15)
        let renewal = try #require(harness.app.snapshot.transactions.first)
        #expect(renewal.id != first, "no renewal in 15 s")
        // The menu follows the subscription to its renewal, and says so.
        let menu = try #require(harness.app.menus.open, "the menu closed")
        #expect(menu.transactionId == renewal.id)
        #expect(harness.screen.contains("\(renewal.id) · purchased · renewed from \(first)"), "\(harness.screen)")
        let index = try #require(menu.actions.firstIndex(of: .cancelRenewal))
        for _ in 0..<index { harness.press(.down) }
        harness.press(.enter)
        let notice = try #require(harness.app.notice)
        #expect(notice.text.hasPrefix("Auto-renew is off: Weekly Pass stays until"), "\(notice.text)")
        #expect(harness.app.snapshot.subscriptions.first?.autoRenew == false)
    }

    /// What the menu sent before it could follow (a message already on its way) still acts on
    /// the subscription: the engine takes a subscription action on any of its transactions.
    @Test func anActionNamingAnOlderTransactionOfTheSubscriptionActsOnIt() throws {
        let harness = try Self.subscribed()
        let first = try #require(harness.app.snapshot.transactions.first?.id)
        harness.program.advance(by: 15)
        harness.program.send(.act(.cancelRenewal, transactionId: first))
        #expect(harness.app.notice?.text.hasPrefix("Auto-renew is off") == true, "\(harness.app.notice?.text ?? "")")
        #expect(harness.app.snapshot.subscriptions.first?.autoRenew == false)
        // An action that no longer applies says why, in the subscription's words.
        harness.program.send(.act(.cancelRenewal, transactionId: first))
        #expect(harness.app.notice?.text.contains("does not apply to") == true)
        #expect(harness.app.notice?.text.contains("subscription, which is running with auto-renew off") == true,
                "\(harness.app.notice?.text ?? "")")
    }

    @Test func aRefusalStaysOnTheBottomLineUntilThePlayerActsAgain() throws {
        let harness = try Self.subscribed()
        let first = try #require(harness.app.snapshot.transactions.first?.id)
        harness.program.send(.act(.approve, transactionId: first))
        let refusal = "Approve (Ask to Buy) does not apply to \(first), which is purchased; nothing changed."
        #expect(harness.app.notice?.text == refusal)
        harness.program.advance(by: 10)
        #expect(harness.app.snapshot.transactions.count == 2, "no renewal in 10 s")
        // The renewal's line is kept in the messages, not over the refusal.
        #expect(harness.app.notice?.text == refusal)
        #expect(harness.screen.contains("nothing changed. (n: 1 newer message)"), "\(harness.screen)")
        #expect(harness.app.noticeLine.log.entries.first?.notice.text.hasPrefix("Weekly Pass renewed until") == true)
        // A key read it: the next renewal's line shows.
        harness.type("n")
        harness.press(.escape)
        harness.program.advance(by: 10)
        #expect(harness.app.notice?.text.hasPrefix("Weekly Pass renewed until") == true, "\(harness.app.notice?.text ?? "")")
    }
}
