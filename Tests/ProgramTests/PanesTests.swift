import Foundation
@testable import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 35 item 5: the panes are a component of their own; an action in, the focus, the
/// selections and the lists out, and the one effect they ask for (an older page of events).
@Suite("The panes' own update")
struct PanesTests {
    private func panes(_ snapshot: StoreSnapshot = StoreSnapshot()) -> Panes {
        Panes(snapshot, rows: PaneCache(snapshot, timeZone: utc))
    }

    private func transaction(_ id: String) -> TransactionSummary {
        TransactionSummary(id: id, productId: "gems_100", userId: "u", storefront: "USA", path: .paystation,
                           state: .purchased, price: "0.99", currency: "USD", createdAt: fixedNow, updatedAt: fixedNow)
    }

    private func event(_ id: Int64, _ kind: EventKind) -> EventSummary {
        EventSummary(id: id, time: fixedNow, kind: kind, message: "event \(id)")
    }

    @Test func focusOnALivePaneMakesItTheOneANarrowScreenShows() {
        var panes = panes()
        #expect(panes.update(.focus(.events)).isEmpty)
        #expect(panes.focus == .events && panes.shownPane == .events)
        _ = panes.update(.focus(.paywall))
        #expect(panes.focus == .paywall && panes.shownPane == .events)
    }

    @Test func aSelectedTransactionStaysOnItsRowWhenNewerOnesArrive() {
        var panes = panes()
        let before = [transaction("txn-2"), transaction("txn-1")]
        _ = panes.update(.move(.transactions, by: 1, rowCount: 2, visibleRows: 5))
        #expect(panes.transactions.selection == 1)
        var next = StoreSnapshot()
        next.transactions = [transaction("txn-3")] + before
        _ = panes.update(.reported(next, previous: before, rows: PaneCache(next, timeZone: utc), visibleTransactions: 5))
        #expect(panes.transactions.selection == 2)
    }

    @Test func aFilterListsOneKindAndPutsTheSelectionBackOnTheNewest() {
        var snapshot = StoreSnapshot()
        snapshot.events = [event(3, .paywallOpen), event(2, .subscribed), event(1, .paywallOpen)]
        var panes = panes(snapshot)
        _ = panes.update(.move(.events, by: 1, rowCount: 3, visibleRows: 5))
        _ = panes.update(.filterByKind(visibleRows: 5))
        #expect(panes.events.kind == .subscribed)
        #expect(panes.events.visible.map(\.id) == [2])
        #expect(panes.eventRows.selection == 0)
        _ = panes.update(.filterByKind(visibleRows: 5))
        #expect(panes.events.kind == nil)
    }

    @Test func theEventsPaneAsksForAnOlderPageOnlyWithTheFocusNearItsEnd() {
        var snapshot = StoreSnapshot()
        snapshot.events = (1...200).reversed().map { event(Int64($0), .paywallOpen) }
        var panes = panes(snapshot)
        _ = panes.update(.move(.events, by: 199, rowCount: 200, visibleRows: 5))
        #expect(panes.update(.loadOlderEventsIfNeeded).isEmpty)
        _ = panes.update(.focus(.events))
        #expect(panes.update(.loadOlderEventsIfNeeded) == [.engine(.olderEvents(before: 1))])
    }
}
