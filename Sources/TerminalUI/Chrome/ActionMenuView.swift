/// A menu drawn: its box over the screen, the selected item marked, the keys under the items.
public struct ActionMenuView: Widget {
    let menu: ActionMenu
    let theme: Theme
    let boxes: [Rect]

    /// - Parameter boxes: the boxes on the screen beneath, whose borders this one keeps clear of.
    public init(_ menu: ActionMenu, theme: Theme, clearOf boxes: [Rect] = []) {
        self.menu = menu
        self.theme = theme
        self.boxes = boxes
    }

    /// Rendered in the screen's rectangle, in which it finds its box.
    public func render(in area: Rect, on frame: inout Frame) {
        menu.draw(theme: theme, clearOf: boxes, in: area, into: &frame)
    }
}
