import Foundation
import StoreEngine
import TerminalUI

/// What the panes derive from a snapshot, worked out once per engine report rather than on
/// every keypress and frame: the Entitlements rows and their longest width (which sizes that
/// pane, and so the layout), and the Transactions columns.
struct PaneCache: Sendable {
    let entitlementRows: [ListPane.Row]
    let entitlementsWidth: Int
    let transactionColumns: PaneRows.Columns

    init(_ snapshot: StoreSnapshot, timeZone: TimeZone) {
        entitlementRows = PaneRows.entitlements(snapshot, clock: WallClock(timeZone: timeZone))
        let texts = entitlementRows.isEmpty ? [PaneRows.emptyText(.entitlements)] : entitlementRows.map(\.text)
        entitlementsWidth = texts.map(DisplayWidth.of).max() ?? 0
        transactionColumns = PaneRows.Columns(fitting: snapshot.transactions)
    }
}
