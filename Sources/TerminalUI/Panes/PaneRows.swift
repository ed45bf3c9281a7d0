import Foundation
import StoreEngine

/// The rows of the live panes, from the summaries the engine hands up.
public enum PaneRows {
    public static func emptyText(_ pane: Pane) -> String {
        switch pane {
        case .transactions: return "No transactions yet."
        case .entitlements: return "Nothing owned yet."
        case .events: return "No events yet."
        case .server: return "No notifications posted yet."
        case .paywall: return ""
        }
    }

    /// A transaction's row, in the columns `fit` gives it. The amount is what was charged, in
    /// the storefront's format, and always whole: nothing reads as charged that was not, and
    /// nothing paid reads as free. What a narrow pane cuts, Enter opens in full.
    public static func transaction(_ transaction: TransactionSummary,
                                   fit: TransactionColumns.Fit = .wide) -> ListPane.Row {
        let mark = transaction.isFinished ? "✓" : "…"
        let role: Theme.Role
        switch transaction.state {
        case .purchased, .restored: role = transaction.revokedAt == nil ? .success : .muted
        case .failed: role = transaction.failure?.isError == false ? .muted : .error
        case .purchasing, .deferred: role = .warning
        }
        let state = fit.shortStates ? TransactionColumns.shortState(of: transaction) : transaction.displayState
        // Each column padded, or cut with `…`, to its width; the charge last and whole.
        let columns = [TransactionColumns.id(of: transaction, in: fit),
                       fit.product > 0 ? DisplayWidth.pad(TransactionColumns.productName(of: transaction), to: fit.product) : nil,
                       fit.state > 0 ? DisplayWidth.pad(state, to: fit.state) : nil, mark, transaction.chargeText]
        return ListPane.Row(columns.compactMap { $0 }.joined(separator: " "), role)
    }

    /// Balances first, then access levels and non-consumables.
    /// - Parameter toTheSecond: expiries to the second, when periods are shorter than a minute.
    /// - Parameter today: the simulated day now; an expiry to the minute or second on it shows
    ///   its time alone (`renews 09:03`), which leaves the row room for its store.
    public static func entitlements(_ snapshot: StoreSnapshot, clock: WallClock, toTheMinute: Bool = false,
                                    toTheSecond: Bool = false, today: Date? = nil) -> [ListPane.Row] {
        func when(_ date: Date) -> String {
            guard toTheMinute || toTheSecond else { return clock.day(date) }
            let full = toTheSecond ? clock.second(date) : clock.minute(date)
            guard let today, clock.isSameDay(date, today) else { return full }
            return String(full.dropFirst(6))  // `01-08 ` goes
        }
        let balances = snapshot.balances.sorted { $0.key < $1.key }.map {
            ListPane.Row("\($0.key): \($0.value)", .price)
        }
        let access = snapshot.entitlements.map { entitlement -> ListPane.Row in
            let state = entitlement.state(writingDates: when)
            return ListPane.Row("\(entitlement.id) \(state.words)", role(of: state.tone))
        }
        return balances + access
    }

    private static func role(of tone: EntitlementState.Tone) -> Theme.Role {
        switch tone {
        case .active: return .success
        case .attention: return .warning
        case .failing: return .error
        case .ended: return .muted
        }
    }

    /// An event's row: when, the kind in its short form (Enter shows the full name), what it says.
    /// - Parameter today: when set, the time carries its day (`11-17 09:00:00`, `today 09:00:00`):
    ///   the calendar has moved on from some listed event's day.
    public static func event(_ event: EventSummary, clock: WallClock, today: Date? = nil) -> ListPane.Row {
        let role: Theme.Role
        switch event.kind.tone {
        case .failure: role = .error
        case .success: role = .success
        case .neutral: role = .text
        }
        // The transaction is named in the Transactions pane; here the message gets the room.
        let time = today.map { clock.dayAndTime(event.time, today: $0) } ?? clock.time(event.time)
        return ListPane.Row("\(time) \(event.kind.shortName) \(event.message)", role)
    }
}
