/// One live pane (Transactions, Entitlements, Events, Server) as a widget with its own state, after
/// ratatui's `List` and `ListState`: the rows come from the caller at draw time, only the rows
/// that fit are asked for, and the selected row and scroll offset are kept here.
public struct ListPane: Sendable, Equatable {
    public let pane: Pane
    /// The row Enter opens in full.
    public private(set) var selection = 0
    /// Rows scrolled past.
    public private(set) var scroll = 0

    public init(_ pane: Pane) {
        self.pane = pane
    }

    /// Moves the selection by `step` rows and scrolls just enough to keep it among the
    /// `visibleRows` on screen.
    public mutating func move(by step: Int, rowCount: Int, visibleRows: Int) {
        guard rowCount > 0 else {
            selection = 0
            scroll = 0
            return
        }
        selection = min(max(0, selection + step), rowCount - 1)
        let visible = max(1, visibleRows)
        if selection < scroll { scroll = selection }
        if selection >= scroll + visible { scroll = selection - visible + 1 }
        scroll = min(scroll, max(0, rowCount - visible))
    }

    public struct Row: Sendable, Equatable {
        public var text: String
        public var role: Theme.Role

        public init(_ text: String, _ role: Theme.Role) {
            self.text = text
            self.role = role
        }
    }

    /// The columns a row has in a pane of `area`: inside the box and its one-column margins.
    public static func rowWidth(in area: Rect) -> Int {
        max(0, area.width - 4)
    }

    /// The rows a pane of `area` shows.
    public static func visibleRows(in area: Rect) -> Int {
        max(0, area.height - 2)
    }

    /// Draws the box and the rows that fit from the scroll offset (`ListPaneView`).
    func draw(count: Int, emptyText: String, focused: Bool, theme: Theme, in area: Rect, subtitle: String?,
              tabs: ScreenLayout.Tabs?, into frame: inout Frame, row: (Int) -> Row) {
        let titleStyle = theme.style(focused ? .accent : .text, bold: true)
        let inner = frame.drawBox(area, title: tabs == nil ? ScreenLayout.title(of: pane, eventsFilter: subtitle) : nil,
                                  border: theme.border, style: theme.style(focused ? .accent : .border), titleStyle: titleStyle)
        guard !inner.isEmpty else { return }
        // The one drawn in brackets, so it shows without colour too: `─[Transactions]─ Events ─`.
        for label in tabs?.labels ?? [] where label.rect.maxX <= area.maxX - 2 {
            let shown = label.pane == pane
            frame.write(shown ? "[\(label.text.dropFirst().dropLast())]" : label.text, x: label.rect.x, y: label.rect.y,
                        style: shown ? titleStyle : theme.style(.muted))
        }
        let content = inner.inset(horizontal: 1, vertical: 0)
        if count == 0 {
            frame.write(emptyText, in: Rect(x: content.x, y: content.y, width: content.width, height: 1),
                        style: theme.style(.muted))
            return
        }
        let offset = min(scroll, max(0, count - content.height))
        for line in 0..<min(content.height, count - offset) {
            let index = offset + line
            let shown = row(index)
            let rect = Rect(x: content.x, y: content.y + line, width: content.width, height: 1)
            if focused, index == selection {
                frame.fill(rect, style: theme.selectionStyle)
                frame.write(shown.text, in: rect, style: theme.selectionStyle)
            } else {
                frame.write(shown.text, in: rect, style: theme.style(shown.role))
            }
        }
    }
}
