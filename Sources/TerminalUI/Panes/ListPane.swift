/// One live pane (Transactions, Entitlements, Events) as a widget with its own state, after
/// ratatui's `List` and `ListState`: the rows come from the caller at draw time, only the rows
/// that fit are asked for, and the scroll offset is kept here.
public struct ListPane: Sendable, Equatable {
    public let pane: Pane
    /// Rows scrolled past.
    public private(set) var scroll = 0

    public init(_ pane: Pane) {
        self.pane = pane
    }

    /// Scrolls by `step` rows, keeping at least the last row in reach.
    public mutating func scroll(by step: Int, rowCount: Int) {
        scroll = min(max(0, scroll + step), max(0, rowCount - 1))
    }

    public struct Row: Sendable, Equatable {
        public var text: String
        public var role: Theme.Role

        public init(_ text: String, _ role: Theme.Role) {
            self.text = text
            self.role = role
        }
    }

    /// Draws the box and the rows of a list of `count` that fit from the scroll offset; `row`
    /// is asked for those only, so a long history costs what the screen shows.
    public func render(count: Int, emptyText: String, focused: Bool, theme: Theme, in area: Rect,
                       into frame: inout Frame, row: (Int) -> Row) {
        let inner = frame.drawBox(area, title: pane.rawValue, border: theme.border,
                                  style: theme.style(focused ? .accent : .border),
                                  titleStyle: theme.style(focused ? .accent : .text, bold: true))
        guard !inner.isEmpty else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        if count == 0 {
            frame.write(emptyText, in: Rect(x: content.x, y: content.y, width: content.width, height: 1),
                        style: theme.style(.muted))
            return
        }
        let offset = min(scroll, max(0, count - content.height))
        for line in 0..<min(content.height, count - offset) {
            let shown = row(offset + line)
            frame.write(shown.text, in: Rect(x: content.x, y: content.y + line, width: content.width, height: 1),
                        style: theme.style(shown.role))
        }
    }
}
