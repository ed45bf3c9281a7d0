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
        drawEdge(g.topLeft, g.horizontal, g.topRight, x: rect.x, y: rect.y, width: rect.width, style: style)
        drawEdge(g.bottomLeft, g.horizontal, g.bottomRight, x: rect.x, y: rect.maxY - 1, width: rect.width, style: style)
        if direction == .leftToRight, let side = Self.oneColumnCell(g.vertical, style) {
            for y in (rect.y + 1)..<(rect.maxY - 1) {
                set(side, x: rect.x, y: y)
                set(side, x: rect.maxX - 1, y: y)
            }
        } else {
            for y in (rect.y + 1)..<(rect.maxY - 1) {
                write(g.vertical, x: rect.x, y: y, style: style)
                write(g.vertical, x: rect.maxX - 1, y: y, style: style)
            }
        }
        if let title, rect.width > 6 {
            let shown = DisplayWidth.truncate(" \(title) ", to: rect.width - 4)
            write(shown, x: rect.x + 2, y: rect.y, limit: rect.width - 4, style: titleStyle ?? style)
        }
        return rect.inset(by: 1)
    }

    /// A box's top or bottom edge: its corners and the line between them, `width` columns.
    /// Every border glyph is one code point of one column, so, left to right, the edge's cells
    /// are set directly, as `write` would set them, without a string of the edge to cut into
    /// cells again (a frame's boxes were a tenth of its view); so are the sides.
    private mutating func drawEdge(_ left: String, _ line: String, _ right: String, x: Int, y: Int, width: Int,
                                   style: Style) {
        guard direction == .leftToRight, let leftCell = Self.oneColumnCell(left, style),
              let lineCell = Self.oneColumnCell(line, style), let rightCell = Self.oneColumnCell(right, style) else {
            write(left + String(repeating: line, count: width - 2) + right, x: x, y: y, limit: width, style: style)
            return
        }
        for column in x..<x + width {
            let cell = column == x ? leftCell : column == x + width - 1 ? rightCell : lineCell
            set(cell, x: column, y: y)
        }
    }

    /// The cell `write` gives `glyph` when it is one standalone code point of one column.
    private static func oneColumnCell(_ glyph: String, _ style: Style) -> Cell? {
        let scalars = glyph.unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1 else { return nil }
        let oneColumn = scalar.isASCII ? DisplayWidth.isPrintableASCII(UInt8(scalar.value)) : DisplayWidth.standaloneWidth(scalar) == 1
        guard oneColumn else { return nil }
        return Cell(CellGrapheme(scalar), width: 1, style: style)
    }
}
