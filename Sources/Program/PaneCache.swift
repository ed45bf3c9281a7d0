import Foundation
import StoreEngine
import TerminalUI

/// What the panes derive from a snapshot, worked out once per engine report rather than on
/// every keypress and frame: the Entitlements rows and their longest width (which sizes that
/// pane, and so the layout), the Transactions columns and the Server pane's.
struct PaneCache: Sendable {
    let entitlementRows: [ListPane.Row]
    let entitlementsWidth: Int
    let transactionColumns: TransactionColumns
    let serverColumns: ServerColumns
    /// The Server rows' widths as measured, for the next report's columns (`Panes.handOverServerMeasures`).
    var serverMeasures: ServerRowMeasures
    /// Whether the Server pane's times carry their day (`PaneRows.notificationsSpanDays`).
    let serverTimesDated: Bool
    /// The simulated time the rows were made at.
    let today: Date?

    /// - Parameter toTheMinute: expiries as `01-08 09:05` rather than `2026-01-08`: periods of
    ///   minutes (a fast renewal rate) all end on the same day.
    /// - Parameter toTheSecond: to the second (`01-08 09:05:20`) when periods last seconds.
    /// - Parameter today: the simulated time the rows are made at: an expiry on its day shows its
    ///   time alone. The app makes the rows again when the simulated day changes.
    /// - Parameter transactionColumns: the columns already fitted to these very transactions.
    /// - Parameter serverMeasures: the Server rows as the last rows measured them.
    init(_ snapshot: StoreSnapshot, timeZone: TimeZone, toTheMinute: Bool = false,
         toTheSecond: Bool = false, today: Date? = nil, transactionColumns fitted: TransactionColumns? = nil,
         serverMeasures kept: consuming ServerRowMeasures = ServerRowMeasures()) {
        entitlementRows = PaneRows.entitlements(snapshot, clock: WallClock(timeZone: timeZone), toTheMinute: toTheMinute,
                                                toTheSecond: toTheSecond, today: today)
        self.today = today
        let texts = entitlementRows.isEmpty ? [PaneRows.emptyText(.entitlements)] : entitlementRows.map(\.text)
        entitlementsWidth = texts.map(DisplayWidth.of).max() ?? 0
        transactionColumns = fitted ?? TransactionColumns(fitting: snapshot.transactions)
        let clock = WallClock(timeZone: timeZone)
        serverTimesDated = today.map { PaneRows.notificationsSpanDays(snapshot.notifications, clock: clock, today: $0) } ?? false
        // Consumed, not copied: changed in place, one row's change costs that row.
        serverColumns = ServerColumns(fitting: snapshot.notifications, clock: clock, today: serverTimesDated ? today : nil,
                                      measured: &kept)
        serverMeasures = kept
    }
}
