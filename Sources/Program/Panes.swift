import Foundation
import StoreEngine
import TerminalUI

/// The live panes beside the paywall (Transactions, Entitlements, Events, Server) and which part of the
/// screen has the keys: each pane's selection and scroll, what the Events pane lists, and the
/// rows worked out from the engine's last snapshot. Its own update moves the focus and the
/// selections, takes the engine's reports and asks for older events when the Events pane nears
/// the end of what it holds.
public struct Panes: Sendable {
    /// The part that has the keys: the paywall or a live pane.
    public private(set) var focus: Pane = .paywall
    /// On a narrow screen, the live pane drawn: the last one focused.
    public private(set) var shownPane: Pane = .transactions
    /// Side by side, the one of Events and Server drawn in their shared box: the last focused.
    public private(set) var shownBesideEvents: Pane = .events
    public private(set) var transactions = ListPane(.transactions)
    public private(set) var entitlements = ListPane(.entitlements)
    public private(set) var eventRows = ListPane(.events)
    public private(set) var serverRows = ListPane(.server)
    /// What the Events pane lists: the report's newest events, older pages, the filters.
    public private(set) var events: EventList
    /// What the panes derive from the snapshot, made where a report is applied.
    private(set) var rows: PaneCache

    enum Action: Sendable {
        /// Gives `pane` the keys; a live pane becomes the one a narrow screen shows.
        case focus(Pane)
        /// The selection of `pane` moves `step` rows of `rowCount`, `visibleRows` of them on screen.
        case move(Pane, by: Int, rowCount: Int, visibleRows: Int)
        /// The engine's snapshot replaces the one whose transactions were `previous`, with the
        /// rows made from it; `visibleTransactions` rows of the Transactions pane are on screen.
        case reported(StoreSnapshot, previous: [TransactionSummary], rows: PaneCache, visibleTransactions: Int)
        /// The rows made again, for a new simulated day.
        case rowsMade(PaneCache)
        /// A page of events older than the pane held; empty when there are no more.
        case olderEvents([EventSummary])
        /// `F`: the selected event's kind only, or every kind again; `visibleRows` of the Events pane.
        case filterByKind(visibleRows: Int)
        /// `f`: the next category of events.
        case filterByCategory(visibleRows: Int)
        /// The Events pane's selection moved down: the next older page, near the end of what it holds.
        case loadOlderEventsIfNeeded
    }

    init(_ snapshot: StoreSnapshot, rows: PaneCache) {
        events = EventList(reported: snapshot.events)
        self.rows = rows
    }

    mutating func update(_ action: Action) -> [Effect] {
        switch action {
        case .focus(let pane):
            focus = pane
            if pane != .paywall { shownPane = pane }
            if pane == .events || pane == .server { shownBesideEvents = pane }
        case .move(let pane, let step, let count, let visible):
            move(pane, by: step, rowCount: count, visibleRows: visible)
        case .reported(let snapshot, let previous, let rows, let visible):
            keepSelectedTransaction(from: previous, in: snapshot.transactions, visibleRows: visible)
            self.rows = rows
            events.report(snapshot.events)
        case .rowsMade(let rows):
            self.rows = rows
        case .olderEvents(let page):
            events.appendOlder(page)
        case .filterByKind(let visible):
            let listed = events.visible
            if events.kind != nil {
                events.filter(kind: nil)
            } else if listed.indices.contains(eventRows.selection) {
                events.filter(kind: listed[eventRows.selection].kind)
            }
            scrollEventsToTop(visibleRows: visible)
        case .filterByCategory(let visible):
            let all = [nil] + EventKind.Category.allCases.map(Optional.some)
            events.filter(category: all[((all.firstIndex(of: events.category) ?? 0) + 1) % all.count])
            scrollEventsToTop(visibleRows: visible)
        case .loadOlderEventsIfNeeded:
            guard focus == .events, let oldest = events.nextPageStart(selection: eventRows.selection) else { return [] }
            return [.engine(.olderEvents(before: oldest))]
        }
        return []
    }

    private mutating func move(_ pane: Pane, by step: Int, rowCount: Int, visibleRows: Int) {
        switch pane {
        case .transactions: transactions.move(by: step, rowCount: rowCount, visibleRows: visibleRows)
        case .entitlements: entitlements.move(by: step, rowCount: rowCount, visibleRows: visibleRows)
        case .events: eventRows.move(by: step, rowCount: rowCount, visibleRows: visibleRows)
        case .server: serverRows.move(by: step, rowCount: rowCount, visibleRows: visibleRows)
        case .paywall: break
        }
    }

    /// A row below the newest stays on its transaction when new ones arrive above it, so `m` and
    /// Enter act on what was selected; the newest row stays the newest.
    private mutating func keepSelectedTransaction(from previous: [TransactionSummary], in next: [TransactionSummary],
                                                  visibleRows: Int) {
        let index = transactions.selection
        guard index > 0, previous.indices.contains(index),
              let moved = next.firstIndex(where: { $0.id == previous[index].id }), moved != index
        else { return }
        transactions.move(by: moved - index, rowCount: next.count, visibleRows: visibleRows)
    }

    /// A filter changed the Events pane's rows: the selection back on the newest.
    private mutating func scrollEventsToTop(visibleRows: Int) {
        let count = events.visible.count
        eventRows.move(by: -count, rowCount: count, visibleRows: visibleRows)
    }
}

extension Panes {
    /// The Server rows' measures, handed to the rows made next and no longer kept here: held in
    /// two places, the next report's one changed row would copy every row's measures first.
    mutating func handOverServerMeasures() -> ServerRowMeasures {
        let measures = rows.serverMeasures
        rows.serverMeasures = ServerRowMeasures()
        return measures
    }
}
