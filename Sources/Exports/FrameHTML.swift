import TerminalUI

/// A Frame as a self-contained HTML page: one `<pre>` with a span per run of one style, the
/// exact 24-bit colors, bold, underline and reverse, and each wide character held to two
/// columns so the grid stays a grid whatever the font's own widths. No script, no link out.
public enum FrameHTML {
    /// What a cell without a color of its own is drawn in: the terminal's default, which a
    /// page has to name.
    public static let defaultForeground = PictureColors.foreground
    public static let defaultBackground = PictureColors.background
    /// Fonts with box drawing and block characters the width of a cell, one with the CJK
    /// characters, then any monospace.
    public static let fontStack = "ui-monospace, \"DejaVu Sans Mono\", \"Noto Sans Mono\", \"Liberation Mono\", Menlo, Consolas, "
        + "\"Noto Sans Mono CJK JP\", monospace"

    /// A whole page with the frame in it, titled `title` (the combination's name).
    public static func document(_ frame: Frame, title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(PageHTML.escaped(title))</title>
        <style>
        body { margin: 0; padding: 16px; background: \(defaultBackground.hex); }
        \(stylesheet)
        </style>
        </head>
        <body>
        \(pre(frame))
        </body>
        </html>

        """
    }

    /// The rules `pre(_:)` needs, for a page that embeds frames of its own. The font's own line
    /// height (`normal`), not a multiple of the size: box drawing characters are drawn to fill
    /// it, so a box's sides join from row to row.
    public static let stylesheet = """
        pre.frame { font-family: \(fontStack); font-size: 14px; line-height: normal; margin: 0; \
        display: inline-block; color: \(defaultForeground.hex); background: \(defaultBackground.hex); }
        pre.frame .w { display: inline-block; width: 2ch; }
        """

    /// The frame as one `<pre class="frame">`: rows as lines, each run of cells in one style as a span.
    public static func pre(_ frame: Frame) -> String {
        var html = "<pre class=\"frame\">"
        for y in 0..<frame.height {
            if y > 0 { html += "\n" }
            var runStyle: Style?
            var run = ""
            func endRun() {
                if let style = runStyle, !run.isEmpty {
                    let css = declarations(style)
                    html += css.isEmpty ? run : "<span style=\"\(css)\">\(run)</span>"
                }
                run = ""
            }
            for x in 0..<frame.width {
                let cell = frame[x, y]
                if cell.isContinuation { continue }
                if cell.style != runStyle {
                    endRun()
                    runStyle = cell.style
                }
                let text = PageHTML.escaped(cell.grapheme.isEmpty ? " " : cell.grapheme)
                run += cell.width == 2 ? "<span class=\"w\">\(text)</span>" : text
            }
            endRun()
        }
        return html + "</pre>"
    }

    /// A style as CSS: reverse swaps the colors (the defaults standing in for none), as a terminal does.
    static func declarations(_ style: Style) -> String {
        var foreground = style.foreground
        var background = style.background
        if style.reverse {
            (foreground, background) = (background ?? defaultBackground, foreground ?? defaultForeground)
        }
        var css: [String] = []
        if let foreground { css.append("color:\(foreground.hex)") }
        if let background { css.append("background:\(background.hex)") }
        if style.bold { css.append("font-weight:bold") }
        if style.underline { css.append("text-decoration:underline") }
        return css.joined(separator: ";")
    }
}
