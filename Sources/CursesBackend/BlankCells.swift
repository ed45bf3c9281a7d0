import TerminalUI

/// Blanks drawn in the style of the cell before them, where that looks the same. A blank shows
/// only its background, so its foreground and weight are free; left as the frame has them, the
/// space between a border and a bold title, or the padding after a price in another colour,
/// makes ncurses end one attribute run and start another (a reset and both colours again,
/// about 30 bytes) around every gap. In the style before it, the gap joins that run, and
/// attributes change where the text's do: the first frame at 120x40 goes from 10.4 KB to
/// 6.9 KB (measured by `Bench/pty-bench.py`; a move's bytes change by a few either way).
enum BlankCells {
    /// A space neither underlined nor reversed: only its background is seen.
    static func showsOnlyBackground(_ cell: Cell) -> Bool {
        cell.isSpace && !cell.style.underline && !cell.style.reverse
    }

    /// The style each cell of a row is drawn in: its own, but for a blank after a cell of the
    /// same background that is neither underlined nor reversed (so the blank still shows only
    /// its background): it takes the style that cell is drawn in.
    static func drawnStyles<Row: RandomAccessCollection<Cell>>(ofRow cells: Row) -> [Style] {
        var styles = cells.map(\.style)
        for (x, cell) in cells.dropFirst().enumerated() {
            let before = styles[x]
            if showsOnlyBackground(cell), before.background == cell.style.background, !before.underline, !before.reverse {
                styles[x + 1] = before
            }
        }
        return styles
    }
}
