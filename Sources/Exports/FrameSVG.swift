import TerminalUI

/// How an SVG picture is drawn.
public struct SVGOptions: Sendable, Equatable {
    /// A window's title bar around the grid, with `title` in it.
    public var chrome: Bool
    /// The picture's accessible title, and the title bar's text with `chrome`.
    public var title: String?
    /// What a cell without colors of its own is drawn in (a theme without colors leaves them to
    /// the terminal): a dark terminal's gray on near-black.
    public var foreground: RGB
    public var background: RGB

    public static let defaultForeground = PictureColors.foreground
    public static let defaultBackground = PictureColors.background

    public init(chrome: Bool = false, title: String? = nil, foreground: RGB = SVGOptions.defaultForeground,
                background: RGB = SVGOptions.defaultBackground) {
        self.chrome = chrome
        self.title = title
        self.foreground = foreground
        self.background = background
    }
}

/// A Frame as a self-contained SVG document: the cell grid at fixed steps, each cell's exact
/// 24-bit colors, bold, underline and reverse, wide characters across two columns, box and
/// block characters drawn as shapes, selectable text, and optionally a window around it.
public enum FrameSVG {
    /// A cell, in the picture's units (CSS pixels at 100 %): 0.6 em of a 20 px font wide, as
    /// monospace fonts are, and 1.2 em high. Whole numbers keep the file's coordinates short.
    public static let cellWidth = 12.0
    public static let cellHeight = 24.0
    static let fontSize = 20.0
    /// The text's baseline below a row's top: a font's ascent within the row's 1.2 em.
    static let baseline = 18.0
    /// A wide character's glyph (about 1 em) centred in its two columns.
    static let wideInset = 2.0
    /// A light box-drawing line; heavy is twice this.
    static let lightLine = 2.0

    public static func document(_ frame: Frame, options: SVGOptions = SVGOptions()) -> String {
        let colors = SVGColors(foreground: options.foreground, background: options.background)
        let canvas = mostCommonBackground(of: frame, colors)
        var body = ""
        body.reserveCapacity(frame.width * frame.height * 12)
        for y in 0..<frame.height {
            let row = frame.cells[(y * frame.width)..<((y + 1) * frame.width)]
            SVGRow(cells: row, top: Double(y) * cellHeight, colors: colors, canvas: canvas).draw(into: &body)
        }
        let layout = SVGLayout(columns: frame.width, rows: frame.height, chrome: options.chrome)
        return SVGDocument(layout: layout, options: options, canvas: canvas, foreground: colors.foreground)
            .text(body: body)
    }

    /// The background most cells have: the grid is filled with it once, and only the runs of
    /// other colors are drawn over it.
    static func mostCommonBackground(of frame: Frame, _ colors: SVGColors) -> RGB {
        var counts: [RGB: Int] = [:]
        for cell in frame.cells { counts[colors.look(of: cell.style).background, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key.hex > $1.key.hex) }?.key ?? colors.background
    }
}
