import TerminalUI

/// How an SVG picture is drawn.
public struct SVGOptions: Sendable, Equatable {
    /// A window's title bar around the grid, with `title` in it.
    public var chrome: Bool
    public var title: String?

    public init(chrome: Bool = false, title: String? = nil) {
        self.chrome = chrome
        self.title = title
    }
}

/// A Frame as a self-contained SVG document. (A first cut: one `<text>` per row; the faithful
/// drawing replaces it.)
public enum FrameSVG {
    public static let cellWidth = 8.4
    public static let cellHeight = 17.0

    public static func document(_ frame: Frame, options: SVGOptions = SVGOptions()) -> String {
        let width = Double(frame.width) * cellWidth, height = Double(frame.height) * cellHeight
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\">\n"
        for (row, line) in frame.lines.enumerated() {
            svg += "<text x=\"0\" y=\"\(Double(row + 1) * cellHeight - 4)\" font-family=\"monospace\" xml:space=\"preserve\">\(escaped(line))</text>\n"
        }
        return svg + "</svg>\n"
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// A recording as one animated SVG. (Signature only for now: drawn by its own file.)
public enum AnimatedSVG {
    public static func document(_ recording: Recording, options: SVGOptions = SVGOptions()) -> String {
        FrameSVG.document(recording.frames.last?.frame ?? Frame(width: recording.width, height: recording.height), options: options)
    }
}
