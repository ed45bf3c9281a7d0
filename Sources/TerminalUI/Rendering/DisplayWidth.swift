import CText
import Catalog

/// Terminal column widths, measured as the terminal will draw: per code point or per grapheme
/// cluster (`WidthMode`, bound for a whole update and view by `measuring`), never with `count`.
/// Formatted prices carry U+00A0, U+202F and U+200F, names carry wide CJK characters, emoji
/// sequences and Indic conjuncts. The tables are utf8proc's (current Unicode).
public enum DisplayWidth {
    /// The mode every measurement in this task uses; `perCodePoint` unless bound.
    @TaskLocal public static var mode: WidthMode = .perCodePoint

    /// Runs `body` measuring in `mode`: the loop wraps each update and view in it, so what is
    /// clicked is measured as what was drawn.
    public static func measuring<Result>(_ mode: WidthMode, _ body: () throws -> Result) rethrows -> Result {
        try $mode.withValue(mode, operation: body)
    }

    /// The columns `grapheme` takes as `Frame.write` draws it: a control character takes the one
    /// column of what is drawn in its place (`controlReplacement(_:)`).
    public static func of(_ grapheme: Character) -> Int {
        if grapheme.asciiValue != nil || isControl(grapheme) { return 1 }
        return cells(of: Array(grapheme.unicodeScalars)).reduce(0) { $0 + $1.width }
    }

    public static func of(_ text: String) -> Int {
        // Most of what a frame holds is printable ASCII: one column a byte, no Unicode tables.
        if text.utf8.allSatisfy(isPrintableASCII) { return text.utf8.count }
        if let columns = standaloneColumns(of: text) { return columns }
        return clusters(of: text).reduce(0) { total, cluster in total + cells(of: cluster).reduce(0) { $0 + $1.width } }
    }

    /// One code point on its own: 0 (combining marks, format characters, controls), 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x80 { return isPrintableASCII(UInt8(value)) ? 1 : 0 }
        if value < 0xA0 { return 0 }  // C1 controls
        if isInvisible(scalar) { return 0 }
        // A spacing mark (Devanagari's ि, ी) advances the cursor as wcwidth says: utf8proc's 0
        // is what a grapheme-drawing terminal gives it inside its cluster.
        if scalar.properties.generalCategory == .spacingMark { return 1 }
        return Int(max(0, utf8proc_charwidth(Int32(bitPattern: value))))
    }

    /// The columns of a code point that is always a cluster of its own and takes at least one
    /// column (most of a price, a border, a name, CJK included), or nil when the cluster rules
    /// decide. Such a code point's cell is the same in both width modes: it is what
    /// `cells(of:)` gives for it alone, without building clusters.
    static func standaloneWidth(_ scalar: Unicode.Scalar) -> Int? {
        let width = Int(sf_standalone_width(Int32(bitPattern: scalar.value)))
        return width > 0 ? width : nil
    }

    /// The columns of `text` when every code point in it is standalone (`standaloneWidth`), else nil.
    static func standaloneColumns(of text: String) -> Int? {
        var columns = 0
        for scalar in text.unicodeScalars {
            guard let width = standaloneWidth(scalar) else { return nil }
            columns += width
        }
        return columns
    }

    static func isPrintableASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }

    /// The grapheme clusters of `text` by utf8proc's rules (extended grapheme clusters of the
    /// Unicode version its tables carry, Indic conjuncts included), as code points.
    public static func clusters(of text: String) -> [[Unicode.Scalar]] {
        var clusters: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var state: Int32 = 0
        for scalar in text.unicodeScalars {
            if let previous = current.last,
               utf8proc_grapheme_break_stateful(Int32(bitPattern: previous.value), Int32(bitPattern: scalar.value), &state) {
                clusters.append(current)
                current = []
            }
            current.append(scalar)
        }
        if !current.isEmpty { clusters.append(current) }
        return clusters
    }

    /// What a terminal cell holds: the code points sent for it and the columns it takes (1 or 2;
    /// the second column of a wide one is the frame's continuation cell).
    public struct DrawnCell: Equatable, Sendable {
        public var grapheme: String
        public var width: Int

        public init(grapheme: String, width: Int) {
            self.grapheme = grapheme
            self.width = width
        }
    }

    /// The cells one grapheme cluster takes in the current mode, in order. Per code point, a
    /// family of four is four cells of 2; per grapheme, one cell of 2. A control draws as one
    /// cell (`controlReplacement(_:)`); format characters (bidi marks) are not drawn.
    public static func cells(of cluster: [Unicode.Scalar]) -> [DrawnCell] {
        guard !cluster.isEmpty else { return [] }
        if let replacement = controlReplacement(cluster) { return [DrawnCell(grapheme: replacement, width: 1)] }
        switch mode {
        case .perCodePoint: return cellsPerCodePoint(cluster)
        case .graphemes: return [cellForCluster(cluster)]
        }
    }

    private static func cellsPerCodePoint(_ cluster: [Unicode.Scalar]) -> [DrawnCell] {
        var cells: [DrawnCell] = []
        for scalar in cluster where !isLeftOut(scalar, mode: .perCodePoint) {
            let width = of(scalar)
            if width > 0 || cells.isEmpty {
                // A lone combining mark is shown on a space, so the column count stays right.
                cells.append(width > 0 ? DrawnCell(grapheme: String(scalar), width: width)
                                       : DrawnCell(grapheme: " " + String(scalar), width: 1))
            } else {
                cells[cells.count - 1].grapheme.unicodeScalars.append(scalar)
            }
        }
        return cells
    }

    private static func cellForCluster(_ cluster: [Unicode.Scalar]) -> DrawnCell {
        let kept = cluster.filter { !isLeftOut($0, mode: .graphemes) }
        // Inside a cluster a spacing mark adds nothing: the cluster is one glyph.
        var width = kept.filter { $0.properties.generalCategory != .spacingMark }.map(of).max() ?? 0
        // An emoji variation selector turns a text symbol into a two-column emoji; a pair of
        // regional indicators is one flag.
        if kept.contains(where: { $0.value == 0xFE0F }) || (kept.count > 1 && (0x1F1E6...0x1F1FF).contains(kept[0].value)) {
            width = 2
        }
        let text = String(String.UnicodeScalarView(kept))
        if text.isEmpty { return DrawnCell(grapheme: "", width: 0) }
        return width == 0 ? DrawnCell(grapheme: " " + text, width: 1) : DrawnCell(grapheme: text, width: min(2, width))
    }

    /// Code points never sent to the terminal: format characters (bidi marks, which a cell
    /// cannot hold on its own) and, per code point, the joiners some terminals act on (ZWJ,
    /// the emoji variation selectors), so what the terminal draws is what was counted.
    static func isLeftOut(_ scalar: Unicode.Scalar, mode: WidthMode) -> Bool {
        let value = scalar.value
        if value == 0x200D || value == 0xFE0F || value == 0xFE0E { return mode == .perCodePoint }
        if value == 0x200C { return false }  // ZWNJ shapes Persian text; it never joins a glyph
        return scalar.properties.generalCategory == .format
    }

    /// C0 controls, DEL and C1 controls: a terminal acts on them (a carriage return moves the
    /// cursor, ESC starts a sequence, NUL ends a C string) instead of showing them. A control is
    /// always a grapheme of its own, but for CR LF.
    public static func isControl(_ grapheme: Character) -> Bool {
        grapheme.unicodeScalars.first.map(isControl) ?? false
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacters.isControl(scalar)
    }

    /// What `Frame.write` draws in place of a control cluster, in one column: a space for the
    /// whitespace ones (tab, newline, CR LF), else U+FFFD, visibly not what the text meant.
    /// Nil when the cluster is not a control.
    static func controlReplacement(_ cluster: [Unicode.Scalar]) -> String? {
        guard let first = cluster.first, isControl(first) else { return nil }
        return cluster == ["\t"] || cluster == ["\n"] || cluster == ["\r", "\n"] ? " " : "\u{FFFD}"
    }

    /// Combining marks, format characters (bidi marks, zero-width joiners) and similar take no column.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: break
        }
        let value = scalar.value
        // Hangul medial vowels and final consonants join the syllable before (utf8proc says 1).
        return (0x1160...0x11FF).contains(value) || (0xFE00...0xFE0F).contains(value)
    }

    /// The longest prefix of `text` that fits in `width` columns, with `…` when cut; never cuts
    /// inside a grapheme cluster.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        return prefix(of: text, fitting: width - 1) + "…"
    }

    /// The longest prefix of `text`, whole clusters, that fits in `width` columns (no `…`).
    public static func prefix(of text: String, fitting width: Int) -> String {
        guard width > 0 else { return "" }
        // A pane cuts every row it lists, and an event's or a notification's row is long: text
        // of one cell a code point is cut at a code point, without building its clusters.
        if text.utf8.allSatisfy(isPrintableASCII) { return String(decoding: text.utf8.prefix(width), as: UTF8.self) }
        if standaloneColumns(of: text) != nil {
            let scalars = text.unicodeScalars
            var end = scalars.startIndex
            var used = 0
            while end < scalars.endIndex, let cellWidth = standaloneWidth(scalars[end]), used + cellWidth <= width {
                used += cellWidth
                end = scalars.index(after: end)
            }
            return String(scalars[..<end])
        }
        var result = String.UnicodeScalarView()
        var used = 0
        for cluster in clusters(of: text) {
            let clusterWidth = cells(of: cluster).reduce(0) { $0 + $1.width }
            if used + clusterWidth > width { break }
            result.append(contentsOf: cluster)
            used += clusterWidth
        }
        return String(result)
    }

    /// `text` padded with spaces (or cut) to exactly `width` columns.
    public static func pad(_ text: String, to width: Int, alignment: Alignment = .leading) -> String {
        let cut = truncate(text, to: width)
        let gap = max(0, width - of(cut))
        switch alignment {
        case .leading: return cut + String(repeating: " ", count: gap)
        case .trailing: return String(repeating: " ", count: gap) + cut
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + cut + String(repeating: " ", count: gap - left)
        }
    }

    public enum Alignment: Sendable {
        case leading, trailing, center
    }
}
