/// One terminal cell: a grapheme cluster, the columns it takes, and its style. The second
/// column of a wide character is an explicit continuation cell of width 0.
///
/// A cell is plain data (its cluster is `CellGrapheme`'s bytes, not a `String`): a frame of
/// 4,800 cells is built, copied and compared as memory, with no reference counted per cell.
public struct Cell: Sendable, Hashable {
    var text: CellGrapheme
    private var columns: Int8
    public var style: Style

    public init(_ grapheme: String = " ", width: Int = 1, style: Style = .plain) {
        self.init(CellGrapheme(grapheme), width: width, style: style)
    }

    init(_ text: CellGrapheme, width: Int, style: Style) {
        self.text = text
        columns = Int8(clamping: width)
        self.style = style
    }

    public var grapheme: String {
        get { text.string }
        set { text = CellGrapheme(newValue) }
    }

    public var width: Int {
        get { Int(columns) }
        set { columns = Int8(clamping: newValue) }
    }

    public var isContinuation: Bool { columns == 0 }

    /// A single space: what a blank shows (only its background, unless underlined or reversed).
    public var isSpace: Bool { text == .space }

    /// Appends the cluster's UTF-8 to `bytes`: how a backend sends a run of cells without a
    /// `String` for each.
    public func appendUTF8(to bytes: inout [UInt8]) {
        text.appendUTF8(to: &bytes)
    }

    /// A space in `style`.
    static func blank(_ style: Style) -> Cell {
        Cell(.space, width: 1, style: style)
    }

    static func continuation(_ style: Style) -> Cell {
        Cell(.empty, width: 0, style: style)
    }
}
