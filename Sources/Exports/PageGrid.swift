import TerminalUI

/// A Frame as an HTML grid of cells for the diff page: runs of one style as spans a fixed
/// number of columns wide (so a wide character or a font's odd glyph never shifts what follows),
/// in the terminal's visual order (overriding the browser's own bidirectional algorithm, which
/// would read Arabic backwards under the outlines), exact colors and attributes, and an outline around each run of cells in `marked` on a row,
/// laid over the grid.
enum PageGrid {
    /// What a cell without a color shows: the pictures' one default pair.
    static let defaultForeground = PictureColors.foreground.hex
    static let defaultBackground = PictureColors.background.hex

    static func html(_ frame: Frame, marked: [FrameDiff.Position], label: String) -> String {
        var html = "<div class=\"grid\" role=\"img\" aria-label=\"\(PageHTML.escaped(label))\" "
            + "data-width=\"\(frame.width)\" data-height=\"\(frame.height)\" "
            + "style=\"width:\(frame.width)ch;height:calc(\(frame.height) * var(--row))\">"
        for y in 0..<frame.height {
            html += "<div class=\"r\">"
            var x = 0
            while x < frame.width {
                let cell = frame[x, y]
                if cell.isContinuation {
                    // The second half of a wide character whose first half was cut away.
                    html += span(" ", columns: 1, style: cell.style)
                    x += 1
                    continue
                }
                if cell.width == 2 {
                    html += span(cell.grapheme, columns: 2, style: cell.style)
                    x += 2
                    continue
                }
                var text = cell.grapheme
                var end = x + 1
                // ASCII runs together; any other character is held to its own column, since a
                // fallback font's glyphs are not a cell wide.
                while end < frame.width, Self.isASCII(cell.grapheme), Self.isASCII(frame[end, y].grapheme),
                      frame[end, y].width == 1, frame[end, y].style == cell.style {
                    text += frame[end, y].grapheme
                    end += 1
                }
                html += span(text, columns: end - x, style: cell.style)
                x = end
            }
            html += "</div>"
        }
        for run in runs(of: marked) {
            html += "<i class=\"mark\" data-x=\"\(run.x)\" data-y=\"\(run.y)\" data-cells=\"\(run.cells)\" "
                + "style=\"left:\(run.x)ch;top:calc(\(run.y) * var(--row));width:\(run.cells)ch\"></i>"
        }
        return html + "</div>"
    }

    /// Changed cells side by side on a row, as one outline each: a changed word is one box, and a
    /// screen changed everywhere is a box a row rather than thousands of cells' worth of markup.
    static func runs(of positions: [FrameDiff.Position]) -> [(x: Int, y: Int, cells: Int)] {
        var runs: [(x: Int, y: Int, cells: Int)] = []
        for position in positions.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
            if let last = runs.last, last.y == position.y, last.x + last.cells == position.x {
                runs[runs.count - 1].cells += 1
            } else {
                runs.append((position.x, position.y, 1))
            }
        }
        return runs
    }

    private static func isASCII(_ grapheme: String) -> Bool {
        grapheme.unicodeScalars.allSatisfy(\.isASCII)
    }

    /// A run's look as the HTML export writes it (a color left out is the grid's default).
    private static func span(_ text: String, columns: Int, style: Style) -> String {
        "<span style=\"width:\(columns)ch;\(FrameHTML.declarations(style))\">\(PageHTML.escaped(text))</span>"
    }

    /// The grid's own CSS, for the page that holds grids.
    static let stylesheet = """
        .grid { --row: 1.25em; position: relative; font-family: "DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace;
                font-size: 13px; line-height: var(--row); color: \(defaultForeground); background: \(defaultBackground);
                white-space: pre; direction: ltr; unicode-bidi: bidi-override; }
        .grid .r { height: var(--row); overflow: hidden; }
        .grid span { display: inline-block; height: var(--row); overflow: hidden; vertical-align: top;
                     direction: ltr; unicode-bidi: bidi-override; }
        .grid .mark { position: absolute; height: var(--row); box-sizing: border-box;
                      outline: 2px solid #ff2d95; outline-offset: -1px; pointer-events: none; }
        """
}
