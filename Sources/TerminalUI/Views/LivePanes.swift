import Catalog
import Foundation
import Ledger
import StoreEngine

/// The three live panes, fed by the ledger snapshot. Only the visible rows are drawn.
enum LivePanes {
    static func render(_ state: AppState, layout: ScreenLayout, into frame: inout Frame) {
        let narrow = layout.transactions.width < 44
        let transactions = state.snapshot.transactions
        renderList(.transactions, count: transactions.count, state: state, in: layout.transactions, into: &frame) {
            transactionRow(transactions[$0], catalog: state.catalog, narrow: narrow)
        }
        let entitlements = entitlementRows(state)
        renderList(.entitlements, count: entitlements.count, state: state, in: layout.entitlements, into: &frame) {
            entitlements[$0]
        }
        let events = state.snapshot.events
        let clock = WallClock(timeZone: state.timeZone)
        renderList(.events, count: events.count, state: state, in: layout.events, into: &frame) {
            eventRow(events[$0], clock: clock)
        }
    }

    struct Row {
        var text: String
        var role: Theme.Role
    }

    /// Draws the rows of a list of `count` that fit from the pane's scroll offset; `row` is
    /// asked for those only, so a long history costs what the screen shows.
    private static func renderList(_ pane: Pane, count: Int, state: AppState, in area: Rect, into frame: inout Frame,
                                   row: (Int) -> Row) {
        let theme = state.theme
        let focused = state.focus == pane
        let inner = frame.drawBox(area, title: pane.rawValue, border: theme.border,
                                  style: theme.style(focused ? .accent : .border),
                                  titleStyle: theme.style(focused ? .accent : .text, bold: true))
        guard !inner.isEmpty else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        if count == 0 {
            frame.write(emptyText(pane), in: Rect(x: content.x, y: content.y, width: content.width, height: 1),
                        style: theme.style(.muted))
            return
        }
        let offset = min(state.scroll[pane] ?? 0, max(0, count - content.height))
        for line in 0..<min(content.height, count - offset) {
            let shown = row(offset + line)
            frame.write(shown.text, in: Rect(x: content.x, y: content.y + line, width: content.width, height: 1),
                        style: theme.style(shown.role))
        }
    }

    private static func emptyText(_ pane: Pane) -> String {
        switch pane {
        case .transactions: return "No transactions yet. Enter buys."
        case .entitlements: return "Nothing owned yet."
        case .events: return "Events appear here as they happen."
        case .paywall: return ""
        }
    }

    /// A transaction's row; `narrow` drops the id and the price so the state stays visible.
    static func transactionRow(_ transaction: TransactionRecord, catalog: Catalog, narrow: Bool) -> Row {
        let product = catalog.product(id: transaction.productId)?.shortId ?? transaction.productId
        let mark = transaction.isFinished ? "✓" : "…"
        let role: Theme.Role
        switch transaction.state {
        case .purchased, .restored: role = .success
        case .failed: role = transaction.error == "paymentCancelled" ? .muted : .error
        case .purchasing, .deferred: role = .warning
        }
        let state = transaction.error == "paymentCancelled" ? "cancelled" : transaction.state.rawValue
        if narrow { return Row(text: "\(pad(product, 10)) \(state) \(mark)", role: role) }
        return Row(text: "\(transaction.id) \(pad(product, 11)) \(pad(state, 10)) \(mark) \(transaction.price) \(transaction.currency)",
                   role: role)
    }

    static func entitlementRows(_ state: AppState) -> [Row] {
        let balances = state.snapshot.balances.sorted { $0.key < $1.key }.map {
            Row(text: "\($0.key): \($0.value)", role: .price)
        }
        let clock = WallClock(timeZone: state.timeZone)
        let access = state.snapshot.entitlements.map { entitlement -> Row in
            if entitlement.isLifetime { return Row(text: "\(entitlement.id) owned", role: .success) }
            let until = entitlement.expiresAt.map(clock.day) ?? "?"
            return entitlement.isActive
                ? Row(text: "\(entitlement.id) active to \(until)", role: .success)
                : Row(text: "\(entitlement.id) expired \(until)", role: .muted)
        }
        return balances + access
    }

    static func eventRow(_ event: EventRecord, clock: WallClock) -> Row {
        let role: Theme.Role = event.kind.hasSuffix("rejected") || event.kind.hasSuffix("declined")
            || event.kind.hasSuffix("invalid") ? .error : event.kind == "grant" ? .success : .text
        // The transaction is named in the Transactions pane; here the message gets the room.
        return Row(text: "\(clock.time(event.time)) \(event.kind) \(event.message)", role: role)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        DisplayWidth.pad(text, to: width)
    }
}
