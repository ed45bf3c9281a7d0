/// Where each part of the screen goes at a given size. Computed, never stored, so a resize
/// re-lays everything.
///
/// From `sideBySideWidth` columns the live panes sit side by side under the paywall, Server a
/// tab beside Events in its box (a fourth column would leave each too little). Narrower, the
/// panes would each get a third of too little (event names cut to seven characters,
/// transactions without their ids), so one pane at a time takes the whole width, with the
/// names of all of them as tabs on its top border: Tab, or a click on a name, shows another.
public struct ScreenLayout: Sendable, Equatable {
    public var statusBar: Rect
    public var paywall: Rect
    public var transactions: Rect
    public var entitlements: Rect
    public var events: Rect
    /// Events' rectangle: the two share a box, one of them drawn.
    public var server: Rect { events }
    public var hintBar: Rect
    /// The panes that share a rectangle, the one drawn (the others hidden) and the tabs on its
    /// top border: every live pane on a narrow screen, Events and Server side by side; nil
    /// without Events.
    public var tabs: Tabs?
    /// The live panes, in order: all four, or without Events and Server in front of an audience
    /// (`--audience` without `--events`), whose rectangle is then empty and never hit.
    public var livePanes: [Pane]

    /// The names of the live panes on the top border of the one drawn, each a click target.
    public struct Tabs: Sendable, Equatable {
        public var shown: Pane
        public var labels: [Label]

        public struct Label: Sendable, Equatable {
            public var pane: Pane
            /// ` Transactions `, as drawn, spaces included.
            public var text: String
            public var rect: Rect
        }
    }

    public static let sideBySideWidth = 120

    /// The fewest columns the panes take beside a device's frame.
    public static let panesBesideWidth = 32

    /// - Parameters:
    ///   - entitlementsWidth: the columns the Entitlements pane's longest row wants; side by
    ///     side it gets them (up to a third of the screen), so "premium active to 2026-02-28"
    ///     is not cut.
    ///   - shownPane: on a narrow screen, the live pane drawn.
    ///   - shownBesideEvents: side by side, the one of Events and Server drawn in their box.
    ///   - eventsFilter: what the Events pane's title says after its name (`lifecycle`).
    ///   - device: `phone` or `tablet` draws the paywall at that device's width, the panes
    ///     beside it when they have `panesBesideWidth` columns there, else under it.
    ///   - showsEvents: false leaves the Events pane out; the other two take its room.
    ///   - paywallRows: the rows the paywall box uses, border included: with the panes under
    ///     it, they take what it leaves over, rather than the paywall holding empty rows.
    public init(width: Int, height: Int, entitlementsWidth: Int = 0, shownPane: Pane = .transactions,
                shownBesideEvents: Pane = .events, eventsFilter: String? = nil, device: Device = .full,
                showsEvents: Bool = true, paywallRows: Int? = nil) {
        let live: [Pane] = showsEvents ? [.transactions, .entitlements, .events, .server] : [.transactions, .entitlements]
        // Side by side, Events and Server as tabs of one box.
        let besideEvents = shownBesideEvents == .server ? Pane.server : .events
        let shared = showsEvents ? [Pane.events, .server] : []
        livePanes = live
        let none = Rect(x: 0, y: 0, width: 0, height: 0)
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        let rows = Layout.split(screen, .vertical, [.length(1), .fill(1), .length(1)])
        statusBar = rows[0]
        hintBar = rows[2]
        let body = rows[1]
        if let frameWidth = device.frameWidth, width - frameWidth - 2 >= Self.panesBesideWidth {
            // The device one column in from the left edge, the panes in the columns beside it:
            // stacked, each a third, when that gives each 6 rows, else one at a time with tabs.
            paywall = Rect(x: body.x + 1, y: body.y, width: frameWidth, height: body.height)
            let side = Rect(x: paywall.maxX + 1, y: body.y, width: body.maxX - paywall.maxX - 1, height: body.height)
            if side.height >= 18 {
                let boxes = live.filter { $0 != .server }
                let panes = Layout.split(side, .vertical, boxes.map { _ in Layout.Constraint.fill(1) })
                transactions = panes[0]
                entitlements = panes[1]
                events = showsEvents ? panes[2] : none
                tabs = showsEvents ? Self.tabs(on: events, shown: besideEvents, panes: shared, eventsFilter: eventsFilter) : nil
            } else {
                let shown = Self.shown(shownPane, among: live)
                (transactions, entitlements, events) = (side, side, showsEvents ? side : none)
                tabs = Self.tabs(on: side, shown: shown, panes: live, eventsFilter: eventsFilter)
            }
            return
        }
        // The panes get two fifths of the body, never fewer than 6 rows (4 of content).
        let paneHeight = max(6, body.height * 2 / 5, body.height - (paywallRows ?? body.height))
        let parts = Layout.split(body, .vertical, [.fill(1), .length(paneHeight)])
        paywall = parts[0]
        if let frameWidth = device.frameWidth, frameWidth < paywall.width {
            // No room beside it: the device centred above the panes.
            paywall = Rect(x: paywall.x + (paywall.width - frameWidth) / 2, y: paywall.y, width: frameWidth,
                           height: paywall.height)
        }
        guard width >= Self.sideBySideWidth else {
            let shown = Self.shown(shownPane, among: live)
            transactions = parts[1]
            entitlements = parts[1]
            events = showsEvents ? parts[1] : none
            tabs = Self.tabs(on: parts[1], shown: shown, panes: live, eventsFilter: eventsFilter)
            return
        }
        // Entitlements needs 18 columns for its title, more when a row is longer (borders and
        // margins take 4), up to three eighths of the screen (45 at 120, enough for
        // `premium active · renews 09:03 · App Store`); Transactions needs 46 for a full row at 120.
        let entitlementsColumns = min(max(18, width / 5, entitlementsWidth + 4), max(18, width * 3 / 8))
        // The Server tab's rows are long (`DID_CHANGE_RENEWAL_STATUS · AUTO_RENEW_DISABLED`, a
        // status, an attempt, a URL): while it is shown, Transactions gives it a quarter of the width.
        let transactionsShare = besideEvents == .server ? 25 : 40
        let panes = Layout.split(parts[1], .horizontal, showsEvents
            ? [.percent(transactionsShare), .length(entitlementsColumns), .fill(1)] : [.fill(1), .length(entitlementsColumns)])
        transactions = panes[0]
        entitlements = panes[1]
        events = showsEvents ? panes[2] : none
        tabs = showsEvents ? Self.tabs(on: events, shown: besideEvents, panes: shared, eventsFilter: eventsFilter) : nil
    }

    /// The pane a narrow screen draws: the one asked for when it is live, else Transactions.
    private static func shown(_ pane: Pane, among live: [Pane]) -> Pane {
        live.contains(pane) ? pane : .transactions
    }

    /// A live pane's title: its name, and what filters it.
    public static func title(of pane: Pane, eventsFilter: String?) -> String {
        pane == .events ? pane.rawValue + (eventsFilter.map { " · \($0)" } ?? "") : pane.rawValue
    }

    /// The names in a row after the box's corner, as a title is drawn, one `─` apart.
    private static func tabs(on area: Rect, shown: Pane, panes: [Pane], eventsFilter: String?) -> Tabs {
        var x = area.x + 2
        let labels = panes.map { pane -> Tabs.Label in
            let text = " \(title(of: pane, eventsFilter: eventsFilter)) "
            let width = DisplayWidth.of(text)
            defer { x += width + 1 }
            return Tabs.Label(pane: pane, text: text, rect: Rect(x: x, y: area.y, width: width, height: 1))
        }
        return Tabs(shown: shown, labels: labels)
    }

    /// The boxes drawn on the screen: the paywall (or the device's frame) and each live pane
    /// drawn. A box over them (a sheet, a menu, a row in full) keeps its borders clear of theirs.
    public var boxes: [Rect] {
        ([paywall] + drawnPanes.map(rect(of:))).filter { !$0.isEmpty }
    }

    /// The live panes drawn: not those hidden behind another's tab.
    public var drawnPanes: [Pane] {
        livePanes.filter { pane in tabs(of: pane).map { $0.shown == pane } ?? true }
    }

    /// The tabs `pane` is one of; nil for a pane with a box of its own.
    public func tabs(of pane: Pane) -> Tabs? {
        guard let tabs, tabs.labels.contains(where: { $0.pane == pane }) else { return nil }
        return tabs
    }

    public func rect(of pane: Pane) -> Rect {
        switch pane {
        case .paywall: return paywall
        case .transactions: return transactions
        case .entitlements: return entitlements
        case .events: return events
        case .server: return server
        }
    }

    /// The part of the screen at a cell: a tab names its pane; a hidden pane is never hit.
    public func pane(at x: Int, _ y: Int) -> Pane? {
        if paywall.contains(x: x, y: y) { return .paywall }
        if let label = tabs?.labels.first(where: { $0.rect.contains(x: x, y: y) }) { return label.pane }
        return drawnPanes.first { rect(of: $0).contains(x: x, y: y) }
    }
}
