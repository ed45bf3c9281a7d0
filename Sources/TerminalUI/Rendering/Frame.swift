/// What one screen shows, as a value: views draw into it, the backend copies it to the
/// terminal, tests compare its text with golden files, exports turn it into text or ANSI.
public struct Frame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public internal(set) var cells: [Cell]
    /// `.rightToLeft` while a mirrored rectangle is drawn into it (`draw(_:in:_:)`): each text
    /// run is put in visual order and stored reversed, so the flip that follows reads it right.
    public internal(set) var direction = WritingDirection.leftToRight

    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell.blank(style), count: self.width * self.height)
    }

    /// A frame from its cells, row by row (a saved export read back to compare with a new one);
    /// nil when the count is not `width` × `height`.
    public init?(width: Int, height: Int, cells: [Cell]) {
        guard width >= 0, height >= 0, cells.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.cells = cells
    }

    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Whether row `y` holds the same cells here as in `other`, a frame of the same width (a
    /// backend skips a row it copied last time). Compared in this module, where comparing two
    /// cells is a few instructions rather than a call each.
    public func hasSameRow(_ y: Int, as other: Frame) -> Bool {
        guard other.width == width, y >= 0, y < height, y < other.height else { return false }
        let start = y * width
        return cells.withUnsafeBufferPointer { mine in
            other.cells.withUnsafeBufferPointer { theirs in
                for x in start..<start + width where mine[x] != theirs[x] { return false }
                return true
            }
        }
    }

    mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let index = y * width + x
        // Never leave half of a wide character behind.
        if cells[index].isContinuation, x > 0 {
            cells[index - 1] = Cell.blank(cells[index - 1].style)
        }
        if cells[index].width == 2, x + 1 < width {
            cells[index + 1] = Cell.blank(cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// Paints `rect` with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        for y in max(0, rect.y)..<min(height, rect.maxY) {
            for x in max(0, rect.x)..<min(width, rect.maxX) {
                set(Cell.blank(style), x: x, y: y)
            }
        }
    }

    /// Writes `text` from (x, y), no further than `limit` columns (to the right edge by
    /// default); returns the columns used. Each grapheme cluster takes the cells the terminal
    /// will give it (`DisplayWidth.cells(of:)`, in the bound `WidthMode`): format characters
    /// (bidi marks) are dropped, since a terminal cell cannot hold them on their own, and
    /// control characters never reach a cell: each draws as one column.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, limit: Int? = nil, style: Style) -> Int {
        guard y >= 0, y < height else { return 0 }
        let end = min(width, x + (limit ?? width))
        if direction == .rightToLeft { return writeMirrored(text, x: x, y: y, end: end, style: style) }
        var column = x
        // Printable ASCII needs no Unicode tables: one cell a byte.
        if text.utf8.allSatisfy(DisplayWidth.isPrintableASCII) {
            for byte in text.utf8 {
                guard column < end else { break }
                if column >= 0 { set(Cell(CellGrapheme(ascii: byte), width: 1, style: style), x: column, y: y) }
                column += 1
            }
            return column - x
        }
        // Text whose every code point is a cluster of its own (prices, borders, most names):
        // one cell a code point, as the cluster rules below would give, without building them.
        if DisplayWidth.standaloneColumns(of: text) != nil {
            for scalar in text.unicodeScalars {
                let width = DisplayWidth.standaloneWidth(scalar) ?? 1
                guard column + width <= end else {
                    if column < end, width == 2 { set(Cell.blank(style), x: column, y: y); column += 1 }
                    break
                }
                if column >= 0 {
                    set(Cell(CellGrapheme(scalar), width: width, style: style), x: column, y: y)
                    if width == 2 { set(.continuation(style), x: column + 1, y: y) }
                }
                column += width
            }
            return column - x
        }
        clusters: for cluster in DisplayWidth.clusters(of: text) {
            for drawn in DisplayWidth.cells(of: cluster) where drawn.width > 0 {
                guard column + drawn.width <= end else {
                    if column < end, drawn.width == 2 { set(Cell.blank(style), x: column, y: y); column += 1 }
                    break clusters
                }
                if column >= 0 {
                    set(Cell(drawn.grapheme, width: drawn.width, style: style), x: column, y: y)
                    if drawn.width == 2 { set(.continuation(style), x: column + 1, y: y) }
                }
                column += drawn.width
            }
        }
        return column - x
    }

    /// A right-to-left run: cut in logical order to what fits (so the end of the text is what
    /// goes), put in visual order, and stored cell by cell from its right end, so the flip of
    /// the rectangle shows it as fribidi ordered it. It takes the columns its shaped form draws
    /// (a lam-alef ligature is one), which `write(_:in:alignment:style:)` aligns by.
    private mutating func writeMirrored(_ text: String, x: Int, y: Int, end: Int, style: Style) -> Int {
        // Shaped once; a ligature counts two columns in logical order that it draws in one, so
        // the text fits when its shaped form does, and only a text too wide is cut and shaped again.
        let visual = BidiText.visualRightToLeft(text)
        let shaped = DisplayWidth.of(visual)
        let visualFitted: String
        if shaped <= end - x {
            visualFitted = visual
        } else {
            let room = end - x + max(0, DisplayWidth.of(text) - shaped)
            visualFitted = BidiText.visualRightToLeft(DisplayWidth.prefix(of: text, fitting: max(0, room)))
        }
        let drawn = DisplayWidth.clusters(of: visualFitted).flatMap(DisplayWidth.cells(of:)).filter { $0.width > 0 }
        var column = x
        for cell in drawn.reversed() {
            guard column + cell.width <= end else { break }
            if column >= 0 {
                set(Cell(cell.grapheme, width: cell.width, style: style), x: column, y: y)
                if cell.width == 2 { set(.continuation(style), x: column + 1, y: y) }
            }
            column += cell.width
        }
        return column - x
    }

    /// Writes text cut with `…` to fit `rect`'s width on one line, aligned within it.
    public mutating func write(_ text: String, in rect: Rect, alignment: DisplayWidth.Alignment = .leading, style: Style) {
        guard !rect.isEmpty else { return }
        // Left to right, text whose code points are each a cluster of its own is written as
        // it fits and the rest of the line blanked, the cells the padded text would give,
        // without building the padded string first.
        if direction == .leftToRight,
           text.utf8.allSatisfy(DisplayWidth.isPrintableASCII) || DisplayWidth.standaloneColumns(of: text) != nil {
            let cut = DisplayWidth.truncate(text, to: rect.width)
            let gap = max(0, rect.width - DisplayWidth.of(cut))
            let before = switch alignment {
            case .leading: 0
            case .trailing: gap
            case .center: gap / 2
            }
            let y = rect.y
            for x in rect.x..<rect.x + before { set(.blank(style), x: x, y: y) }
            let used = write(cut, x: rect.x + before, y: y, limit: rect.width - before, style: style)
            for x in rect.x + before + used..<rect.maxX { set(.blank(style), x: x, y: y) }
            return
        }
        // Right to left, Arabic shaping joins lam and alef into one column: pad by the columns
        // the shaped text draws, so right-aligned (leading) Arabic ends on the edge.
        let lost = direction == .rightToLeft ? BidiText.columnsLostToLigatures(in: text) : 0
        write(DisplayWidth.pad(text, to: rect.width + lost, alignment: alignment), x: rect.x, y: rect.y,
              limit: rect.width + lost, style: style)
    }

    /// The frame as plain text, one string per row, trailing spaces trimmed: golden files and
    /// the text export use this.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width {
                let cell = cells[y * width + x]
                if !cell.isContinuation { line += cell.grapheme }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    public var text: String { lines.joined(separator: "\n") }
}
