/// One terminal cell: a grapheme cluster, the columns it takes, and its style. The second
/// column of a wide character is an explicit continuation cell of width 0.
public struct Cell: Sendable, Equatable {
    public var grapheme: String
    public var width: Int
    public var style: Style

    public init(_ grapheme: String = " ", width: Int = 1, style: Style = .plain) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    public var isContinuation: Bool { width == 0 }

    static func continuation(_ style: Style) -> Cell {
        Cell("", width: 0, style: style)
    }
}

/// What one screen shows, as a value: views draw into it, the backend copies it to the
/// terminal, tests compare its text with golden files, exports turn it into text or ANSI.
public struct Frame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(style: style), count: self.width * self.height)
    }

    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let index = y * width + x
        // Never leave half of a wide character behind.
        if cells[index].isContinuation, x > 0 {
            cells[index - 1] = Cell(style: cells[index - 1].style)
        }
        if cells[index].width == 2, x + 1 < width {
            cells[index + 1] = Cell(style: cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// Paints `rect` with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        for y in max(0, rect.y)..<min(height, rect.maxY) {
            for x in max(0, rect.x)..<min(width, rect.maxX) {
                set(Cell(style: style), x: x, y: y)
            }
        }
    }

    /// Writes `text` from (x, y), no further than `limit` columns (to the right edge by
    /// default); returns the columns used. Invisible format characters (bidi marks) are
    /// dropped, since a terminal cell cannot hold them on their own. Control characters never
    /// reach a cell: each draws as one column (`DisplayWidth.drawn(forControl:)`).
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, limit: Int? = nil, style: Style) -> Int {
        guard y >= 0, y < height else { return 0 }
        let end = min(width, x + (limit ?? width))
        var column = x
        for character in text {
            // Printable ASCII needs no Unicode tables; everything else drops format characters.
            let grapheme = character.asciiValue.map { DisplayWidth.isPrintableASCII($0) } == true ? String(character)
                : DisplayWidth.drawn(forControl: character)
                ?? String(String.UnicodeScalarView(character.unicodeScalars.filter { $0.properties.generalCategory != .format }))
            if grapheme.isEmpty { continue }
            var characterWidth = DisplayWidth.of(Character(grapheme))
            var shown = grapheme
            if characterWidth == 0 {
                // A lone combining mark: show it on a space so the column count stays right.
                shown = " " + grapheme
                characterWidth = 1
            }
            guard column + characterWidth <= end else {
                if column < end, characterWidth == 2 { set(Cell(style: style), x: column, y: y); column += 1 }
                break
            }
            if column >= 0 {
                set(Cell(shown, width: characterWidth, style: style), x: column, y: y)
                if characterWidth == 2 { set(.continuation(style), x: column + 1, y: y) }
            }
            column += characterWidth
        }
        return column - x
    }

    /// Writes text cut with `…` to fit `rect`'s width on one line, aligned within it.
    public mutating func write(_ text: String, in rect: Rect, alignment: DisplayWidth.Alignment = .leading, style: Style) {
        guard !rect.isEmpty else { return }
        write(DisplayWidth.pad(text, to: rect.width, alignment: alignment), x: rect.x, y: rect.y, limit: rect.width,
              style: style)
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
