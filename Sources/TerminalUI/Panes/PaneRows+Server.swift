import Foundation
import StoreEngine

extension PaneRows {
    /// A notification's row in the columns `fit` gives it: taken in green, retrying in yellow,
    /// given up in red. What a narrow pane cuts, Enter opens in full.
    /// - Parameter today: when set, times carry their day (`ServerCells`).
    public static func notification(_ notification: OutboxNotification, fit: ServerColumns.Fit, clock: WallClock,
                                    today: Date? = nil) -> ListPane.Row {
        let role: Theme.Role
        switch notification.standing {
        case .delivered: role = .success
        case .retrying: role = .warning
        case .gaveUp: role = .error
        case .due: role = .text
        }
        let cells = ServerCells(notification, clock: clock, today: today)
        let texts = fit.columns.map { column in
            let text = column == .result && fit.shortResult ? cells.shortResult : cells[column]
            // The last column is not padded: nothing comes after it.
            return column == fit.columns.last ? DisplayWidth.truncate(text, to: fit.widths[column] ?? 0)
                : DisplayWidth.pad(text, to: fit.widths[column] ?? 0)
        }
        return ListPane.Row(texts.joined(separator: " "), role)
    }

    /// Whether the Server pane's times carry their day: some listed notification was made, or
    /// is retried, on another day than `today`.
    public static func notificationsSpanDays(_ notifications: [OutboxNotification], clock: WallClock, today: Date) -> Bool {
        // Today's day worked out once, not again for each of thousands of rows in a storm.
        let day = clock.localDay(today)
        return notifications.contains { notification in
            clock.localDay(notification.createdAt) != day || notification.nextAttemptAt.map { clock.localDay($0) != day } ?? false
        }
    }
}
