import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// The Events pane: the app's own (client) events beside the SDK's and the lifecycle's, and `f`
/// showing one category at a time, in the whole loop with a real engine.
@Suite("Headless program: the Events pane's filter")
struct EventFilterTests {
    @Test func fShowsOneCategoryAtATime() throws {
        let harness = try HeadlessHarness(storefront: "JPN", width: 120, height: 40)
        harness.program.send(.started)
        harness.select(product: SKU.weeklyPass)
        harness.press(.enter)
        try #require(harness.storeKitSession != nil)
        harness.type("b")
        let all = harness.app.events.visible.map(\.kind)
        #expect(all.contains(.paywallOpen) && all.contains(.transactionStart) && all.contains(.transactionComplete))
        #expect(all.contains(.subscribed) && all.contains(.purchased))

        harness.type("f")
        #expect(harness.app.events.category == .lifecycle)
        #expect(harness.app.events.visible.allSatisfy { $0.kind.isLifecycle })
        #expect(harness.app.events.visible.map(\.kind).contains(.subscribed))
        #expect(harness.screen.contains("Events · lifecycle"))
        harness.type("f")
        #expect(harness.app.events.category == .client)
        #expect(Set(harness.app.events.visible.map(\.kind)) == [.paywallOpen, .transactionStart, .transactionComplete])
        harness.type("f")
        #expect(harness.app.events.category == .sdk)
        #expect(!harness.app.events.visible.contains { $0.kind.isLifecycle || EventKind.client.contains($0.kind) })
        harness.type("f")
        #expect(harness.app.events.category == nil)
        #expect(harness.app.events.visible.count == harness.app.snapshot.events.count)
        #expect(harness.app.notice?.text == "Events: all of them.")

        // F: the selected event's kind only. The newest event is the purchase's last.
        harness.press(.tab, .tab, .tab)
        #expect(harness.app.focus == .events)
        let selected = try #require(harness.app.events.visible.first?.kind)
        harness.type("F")
        #expect(harness.app.events.kind == selected)
        #expect(!harness.app.events.visible.isEmpty && harness.app.events.visible.allSatisfy { $0.kind == selected })
        // The title names the kind as the rows do (cut to the pane's width when it is long).
        #expect(harness.screen.contains("Events · \(selected.shortName.prefix(8))"))
        harness.type("F")
        #expect(harness.app.events.kind == nil)
        #expect(harness.app.notice?.text == "Events: every kind.")
    }

    @Test func aCancelledPurchaseIsAnAbandonAndQuittingClosesThePaywall() throws {
        let harness = try HeadlessHarness(storefront: "JPN", width: 120, height: 40)
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        try #require(harness.storeKitSession != nil)
        harness.type("c")
        #expect(harness.app.snapshot.events.contains { $0.kind == .transactionAbandon })
        #expect(!harness.app.snapshot.events.contains { $0.kind == .transactionFail })
        harness.program.send(.quit)
        #expect(harness.app.snapshot.events.first?.kind == .paywallClose)
    }
}

/// The Events pane scrolls through the whole history: past the newest 200 the report holds,
/// older pages come from the ledger as the selection nears the end.
@Suite("Headless program: the whole event history")
struct EventHistoryTests {
    @Test func scrollingDownLoadsOlderPagesToTheFirstEvent() throws {
        let harness = try HeadlessHarness(storefront: "JPN", width: 120, height: 40)
        harness.program.send(.started)
        for _ in 0..<450 { harness.program.send(.setRenewalRate(.realTime)) }
        let total = harness.store.currentReport().snapshot.events.count
        #expect(total == 200, "the report holds the newest 200")
        harness.press(.tab, .tab, .tab)
        #expect(harness.app.focus == .events)
        for _ in 0..<520 { harness.press(.down) }
        let all = harness.app.events.all
        #expect(all.count > 450, "\(all.count) events reachable")
        #expect(Set(all.map(\.id)).count == all.count, "no event twice")
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.id > $1.id }, "newest first throughout")
        // The first thing the launch logged is at the very end.
        #expect(all.last?.kind == .paywallOpen)
        #expect(harness.app.eventsPane.selection == all.count - 1)
    }
}
