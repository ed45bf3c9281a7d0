import TerminalUI

/// A Frame as a self-contained HTML page: one `<pre>` with a span per run of one style, the
/// exact 24-bit colors, bold, underline and reverse, and each cell held to its column so the
/// grid stays a grid whatever the font's own widths. No script, no link out.
public enum FrameHTML {
    /// What a cell without a color of its own is drawn in: the terminal's default, which a
    /// page has to name.
    public static let defaultForeground = PictureColors.foreground
    public static let defaultBackground = PictureColors.background
    /// The SVG pictures' fonts, so the page and the pictures draw the same glyphs.
    public static let fontStack = SVGDocument.fontStack

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

    /// The rules `pre(_:)` needs, for a page that embeds frames of its own. Every cell is a box
    /// of the SVG picture's size (12 by 24 pixels at a 20 px font), so the page and the SVG and
    /// PNG pictures put each glyph on the same pixels, whatever widths the fonts give it; a
    /// run of one style is a box too, so its background fills the row's full height. The text
    /// is in the terminal's visual order already: a left-to-right override keeps the browser's
    /// own bidirectional algorithm from reordering it (Arabic backwards, boxes out of order).
    public static let stylesheet = """
        pre.frame { font-family: \(fontStack); font-size: \(px(FrameSVG.fontSize)); line-height: \(px(FrameSVG.cellHeight)); \
        margin: 0; display: inline-block; color: \(defaultForeground.hex); background: \(defaultBackground.hex); \
        direction: ltr; unicode-bidi: bidi-override; }
        pre.frame span, pre.frame i { display: inline-block; height: \(px(FrameSVG.cellHeight)); vertical-align: top; \
        direction: ltr; unicode-bidi: bidi-override; text-decoration: inherit; }
        pre.frame i { font-style: normal; width: \(px(FrameSVG.cellWidth)); }
        pre.frame i.w { width: \(px(2 * FrameSVG.cellWidth)); text-align: center; }
        """

    private static func px(_ value: Double) -> String { "\(SVGNumber.format(value))px" }

    /// The frame as one `<pre class="frame">`: rows as lines, each run of cells in one style a
    /// span, each cell an `<i>` one cell wide (`class="w"`: two), a run of blanks one `<i>` as
    /// wide as the blanks.
    public static func pre(_ frame: Frame) -> String {
        var html = "<pre class=\"frame\">"
        for y in 0..<frame.height {
            if y > 0 { html += "\n" }
            var runStyle: Style?
            var run = ""
            var blanks = 0
            func endBlanks() {
                guard blanks > 0 else { return }
                let width = blanks == 1 ? "" : " style=\"width:\(px(Double(blanks) * FrameSVG.cellWidth))\""
                run += "<i\(width)>\(String(repeating: " ", count: blanks))</i>"
                blanks = 0
            }
            func endRun() {
                endBlanks()
                if let style = runStyle, !run.isEmpty {
                    let css = declarations(style)
                    html += css.isEmpty ? "<span>\(run)</span>" : "<span style=\"\(css)\">\(run)</span>"
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
                if cell.grapheme.isEmpty || cell.grapheme == " " {
                    blanks += 1
                    continue
                }
                endBlanks()
                let text = PageHTML.escaped(cell.grapheme)
                run += cell.width == 2 ? "<i class=\"w\">\(text)</i>" : "<i>\(text)</i>"
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
