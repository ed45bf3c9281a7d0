/// A text overlay drawn: its box over the screen, wrapped and scrolled.
public struct TextOverlayView: Widget {
    let overlay: TextOverlay
    let theme: Theme
    let boxes: [Rect]

    /// - Parameter boxes: the boxes on the screen beneath, whose borders this one keeps clear of.
    public init(_ overlay: TextOverlay, theme: Theme, clearOf boxes: [Rect] = []) {
        self.overlay = overlay
        self.theme = theme
        self.boxes = boxes
    }

    /// Rendered in the screen's rectangle, in which it finds its box.
    public func render(in area: Rect, on frame: inout Frame) {
        overlay.draw(theme: theme, clearOf: boxes, in: area, into: &frame)
    }
}
