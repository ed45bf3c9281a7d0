import CCurses
import TerminalUI

/// How a cell of the frame reaches ncurses when the terminal draws grapheme clusters (mode
/// 2027): ncurses counts columns per code point, so a cluster it would count differently from
/// the terminal (a thumb with a skin tone: 4 to ncurses, 2 on screen) cannot go as text, or
/// every cell after it on the row would be off. Per code point nothing differs: the frame
/// counted as ncurses does.
enum GraphemeCell: Equatable {
    /// In a run of text, as ncurses counts it.
    case text
    /// One ncurses cell holding the whole cluster: ncurses counts its first code point, which
    /// is as wide as the terminal draws the cluster.
    case cluster([wchar_t])
    /// The cluster cannot be one ncurses cell (too many code points, or a first code point of
    /// another width): its first code point, padded to the cell's width, so the row keeps its
    /// columns though the glyph loses its modifiers.
    case base(String)

    init(_ cell: Cell, mode: WidthMode) {
        // Per code point, every cell is text: no array of its scalars for each cell of a frame.
        guard mode == .graphemes, !cell.isContinuation else {
            self = .text
            return
        }
        let scalars = Array(cell.grapheme.unicodeScalars)
        guard scalars.count > 1,
              Self.columns(scalars) != cell.width, let first = scalars.first else {
            self = .text
            return
        }
        let firstWidth = Int(max(0, wcwidth(wchar_t(first.value))))
        if scalars.count <= Int(sf_cluster_limit()), firstWidth == cell.width {
            self = .cluster(scalars.map { wchar_t($0.value) } + [0])
        } else {
            self = .base(String(first) + String(repeating: " ", count: max(0, cell.width - firstWidth)))
        }
    }

    /// The columns ncurses gives these code points: wcwidth of each, summed.
    static func columns(_ scalars: [Unicode.Scalar]) -> Int {
        scalars.reduce(0) { $0 + Int(max(0, wcwidth(wchar_t($1.value)))) }
    }
}
