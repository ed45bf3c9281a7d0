/// Where each part of the screen goes at a given size. Computed, never stored, so a resize
/// re-lays everything.
public struct ScreenLayout: Sendable, Equatable {
    public var statusBar: Rect
    public var paywall: Rect
    public var transactions: Rect
    public var entitlements: Rect
    public var events: Rect
    public var hintBar: Rect

    /// - Parameter entitlementsWidth: the columns the Entitlements pane's longest row wants; it
    ///   gets them (up to a third of the screen), so "premium active to 2026-02-28" is not cut.
    public init(width: Int, height: Int, entitlementsWidth: Int = 0) {
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        let rows = Layout.split(screen, .vertical, [.length(1), .fill(1), .length(1)])
        statusBar = rows[0]
        hintBar = rows[2]
        let body = rows[1]
        // The panes get two fifths of the body, never fewer than 6 rows (4 of content).
        let paneHeight = max(6, body.height * 2 / 5)
        let parts = Layout.split(body, .vertical, [.fill(1), .length(paneHeight)])
        paywall = parts[0]
        // Entitlements needs 18 columns for its title, more when a row is longer (borders and
        // margins take 4); Transactions needs 46 for a full row at 120.
        let entitlementsColumns = min(max(18, width / 5, entitlementsWidth + 4), max(18, width / 3))
        let panes = Layout.split(parts[1], .horizontal, [.percent(40), .length(entitlementsColumns), .fill(1)])
        transactions = panes[0]
        entitlements = panes[1]
        events = panes[2]
    }

    public func rect(of pane: Pane) -> Rect {
        switch pane {
        case .paywall: return paywall
        case .transactions: return transactions
        case .entitlements: return entitlements
        case .events: return events
        }
    }

    public func pane(at x: Int, _ y: Int) -> Pane? {
        Pane.allCases.first { rect(of: $0).contains(x: x, y: y) }
    }
}
