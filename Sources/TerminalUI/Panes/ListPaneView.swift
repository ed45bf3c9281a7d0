/// A live pane drawn: its box and title (or the tabs of a narrow screen), and the rows of a list
/// of `count` that fit from the pane's scroll offset. `row` is asked for those only, so a long
/// history costs what the screen shows. The selected row is highlighted while the pane has the
/// focus.
public struct ListPaneView: Widget {
    let pane: ListPane
    let count: Int
    let emptyText: String
    let focused: Bool
    let theme: Theme
    let subtitle: String?
    let tabs: ScreenLayout.Tabs?
    let row: (Int) -> ListPane.Row

    /// - Parameters:
    ///   - subtitle: after the pane's name in its title (`Events · lifecycle`).
    ///   - tabs: on a narrow screen, every live pane's name on the top border, this one's
    ///     standing out, instead of its title alone.
    public init(_ pane: ListPane, count: Int, emptyText: String, focused: Bool, theme: Theme, subtitle: String? = nil,
                tabs: ScreenLayout.Tabs? = nil, row: @escaping (Int) -> ListPane.Row) {
        self.pane = pane
        self.count = count
        self.emptyText = emptyText
        self.focused = focused
        self.theme = theme
        self.subtitle = subtitle
        self.tabs = tabs
        self.row = row
    }

    public func render(in area: Rect, on frame: inout Frame) {
        pane.draw(count: count, emptyText: emptyText, focused: focused, theme: theme, in: area, subtitle: subtitle,
                  tabs: tabs, into: &frame, row: row)
    }
}
