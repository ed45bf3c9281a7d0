/// Something drawn into a rectangle of a frame, after ratatui's `Widget`: a small value that
/// holds what it shows (a model, the theme, its options), so a view composes widgets by placing
/// each in its rectangle instead of passing every widget's own list of arguments.
///
/// What goes over the whole screen (a sheet, a menu, a text overlay, the caption) is rendered
/// in the screen's rectangle and finds its own box in it.
public protocol Widget {
    func render(in area: Rect, on frame: inout Frame)
}

extension Frame {
    /// Draws `widget` into `area` of this frame.
    public mutating func render(_ widget: some Widget, in area: Rect) {
        widget.render(in: area, on: &self)
    }
}
