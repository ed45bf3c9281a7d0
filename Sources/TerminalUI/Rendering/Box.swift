/// Border characters for the four styles themes may choose.
public enum BorderStyle: String, Sendable, CaseIterable {
    case rounded, single, double, ascii

    var glyphs: (topLeft: String, topRight: String, bottomLeft: String, bottomRight: String, horizontal: String, vertical: String) {
        switch self {
        case .rounded: return ("╭", "╮", "╰", "╯", "─", "│")
        case .single: return ("┌", "┐", "└", "┘", "─", "│")
        case .double: return ("╔", "╗", "╚", "╝", "═", "║")
        case .ascii: return ("+", "+", "+", "+", "-", "|")
        }
    }
}

extension Frame {
    /// Draws a border around `rect` with an optional title in the top edge; returns the inside.
    @discardableResult
    public mutating func drawBox(_ rect: Rect, title: String? = nil, border: BorderStyle, style: Style,
                                 titleStyle: Style? = nil) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let g = border.glyphs
        let horizontal = String(repeating: g.horizontal, count: rect.width - 2)
        write(g.topLeft + horizontal + g.topRight, x: rect.x, y: rect.y, limit: rect.width, style: style)
        write(g.bottomLeft + horizontal + g.bottomRight, x: rect.x, y: rect.maxY - 1, limit: rect.width, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            write(g.vertical, x: rect.x, y: y, style: style)
            write(g.vertical, x: rect.maxX - 1, y: y, style: style)
        }
        if let title, rect.width > 6 {
            let shown = DisplayWidth.truncate(" \(title) ", to: rect.width - 4)
            write(shown, x: rect.x + 2, y: rect.y, limit: rect.width - 4, style: titleStyle ?? style)
        }
        return rect.inset(by: 1)
    }
}
