import TerminalUI

/// One row of cells as SVG: its backgrounds merged per run of one color, its box and block
/// characters as shapes, underlines as rectangles on the grid, and its text as `<text>` runs
/// with an x for each character, so the grid holds whatever font the viewer has and the text
/// can be selected and copied. Colors and weights are attributes, not classes: a row of an
/// animation is drawn through `<use>`, where the file's class rules do not reach.
struct SVGRow {
    let cells: ArraySlice<Cell>
    /// Where the row's top is, in the picture's units.
    let top: Double
    let colors: SVGColors
    /// The color already behind the whole grid: runs of it are not drawn again. Nil draws
    /// every run, as the animation does, so a row covers the one it replaces.
    let canvas: RGB?

    typealias Box = SVGBoxDrawing.Box

    /// A cell's colors and attributes once defaults and reverse are applied.
    struct Look: Equatable {
        var foreground: RGB
        var background: RGB
        var bold: Bool
        var underline: Bool
    }

    func draw(into svg: inout String) {
        let width = FrameSVG.cellWidth, height = FrameSVG.cellHeight
        let looks = cells.map { colors.look(of: $0.style) }
        var backgrounds = ColorRuns(), shapes = ColorRuns()
        var extras = ""

        var column = 0
        while column < looks.count {
            let color = looks[column].background
            var end = column + 1
            while end < looks.count, looks[end].background == color { end += 1 }
            if color != canvas {
                backgrounds.add(Box(x: Double(column) * width, y: top, width: Double(end - column) * width, height: height), color)
            }
            column = end
        }

        for (offset, cell) in cells.enumerated() {
            let look = looks[offset]
            let left = Double(offset) * width
            if look.underline {
                shapes.add(Box(x: left, y: top + height - 3, width: width, height: FrameSVG.lightLine), look.foreground)
            }
            guard !cell.isContinuation,
                  let drawn = SVGBoxDrawing.shapes(of: cell.grapheme, x: left, y: top, width: width, height: height,
                                                   light: FrameSVG.lightLine) else { continue }
            for box in drawn.boxes { shapes.add(box, look.foreground) }
            if let shade = drawn.shade {
                extras += "<path fill=\"\(look.foreground.hex)\" fill-opacity=\"\(SVGNumber.format(shade.opacity))\" d=\"\(ColorRuns.path([shade.box]))\"/>"
            }
            for stroke in drawn.strokes {
                // A curve is smoothed, unlike the crisp rectangles around it.
                extras += "<path d=\"\(stroke)\" fill=\"none\" stroke=\"\(look.foreground.hex)\" stroke-width=\"\(SVGNumber.format(FrameSVG.lightLine))\" shape-rendering=\"geometricPrecision\"/>"
            }
        }

        backgrounds.write(into: &svg)
        shapes.write(into: &svg)
        svg += extras
        writeText(looks, into: &svg)
    }

    /// Text runs: cells of one foreground and weight, joined across at most four spaces so a
    /// copied line reads as it did; a cluster of several code points (an emoji with a joiner,
    /// a letter with its accent) gets a `<text>` of its own, since an x per character would
    /// pull its parts apart.
    private func writeText(_ looks: [Look], into svg: inout String) {
        let baseline = top + FrameSVG.baseline
        var run = TextRun()
        func flush() {
            guard !run.glyphs.isEmpty else { return }
            let weight = run.bold ? " font-weight=\"bold\"" : ""
            let text = run.glyphs.map(\.text).joined()
            let head = "<text fill=\"\(run.foreground.hex)\"\(weight)\(Self.layoutAttributes(of: text))"
            let words = Self.words(of: run.glyphs)
            if words.count == 1, words[0].count == run.glyphs.count {
                svg += "\(head) x=\"\(Self.positions(words[0]))\" y=\"\(SVGNumber.format(baseline))\">\(MarkupEscaping.escaped(text))</text>"
            } else {
                svg += "\(head) y=\"\(SVGNumber.format(baseline))\">"
                var index = 0
                for word in words {
                    while run.glyphs[index].text == " " {
                        svg += " "
                        index += 1
                    }
                    svg += "<tspan x=\"\(Self.positions(word))\">\(MarkupEscaping.escaped(word.map(\.text).joined()))</tspan>"
                    index += word.count
                }
                svg += "</text>"
            }
            run = TextRun()
        }
        var gap: [Int] = []
        for (offset, cell) in cells.enumerated() {
            if cell.isContinuation { continue }
            if cell.grapheme == " " || cell.grapheme.isEmpty || SVGBoxDrawing.draws(cell.grapheme) {
                if !run.glyphs.isEmpty, cell.grapheme == " " { gap.append(offset) }
                if gap.count > 4 || cell.grapheme != " " { flush(); gap = [] }
                continue
            }
            let look = looks[offset]
            // A wide character sits in the middle of its two columns, where a terminal puts it.
            let x = Double(offset) * FrameSVG.cellWidth + (cell.width == 2 ? FrameSVG.wideInset : 0)
            let simple = Self.isSimple(cell.grapheme)
            if !run.glyphs.isEmpty, run.foreground != look.foreground || run.bold != look.bold || !simple || !run.simple {
                flush()
                gap = []
            }
            for space in gap {
                run.glyphs.append(Glyph(text: " ", x: Double(space) * FrameSVG.cellWidth))
            }
            gap = []
            if run.glyphs.isEmpty {
                run.foreground = look.foreground
                run.bold = look.bold
                run.simple = simple
            }
            run.glyphs.append(Glyph(text: cell.grapheme, x: x))
        }
        flush()
    }

    /// The run's glyphs placed in groups, spaces left out: each word of ASCII characters
    /// together, any other character alone. rsvg-convert takes only the first x of a list,
    /// setting the rest at the font's own advance: about a cell for ASCII in a monospace font,
    /// but not for a CJK character, an Arabic form or a symbol from a fallback font, which
    /// therefore start a group of their own.
    static func words(of glyphs: [Glyph]) -> [[Glyph]] {
        var words: [[Glyph]] = []
        var word: [Glyph] = []
        for glyph in glyphs {
            let ascii = glyph.text.unicodeScalars.allSatisfy(\.isASCII)
            if glyph.text == " " || !ascii {
                if !word.isEmpty { words.append(word) }
                word = []
                if glyph.text != " " { words.append([glyph]) }
            } else {
                word.append(glyph)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    private static func positions(_ glyphs: [Glyph]) -> String {
        glyphs.map { SVGNumber.format($0.x) }.joined(separator: " ")
    }

    /// What keeps a renderer from moving the run's characters off their cells. Chromium
    /// collapses repeated spaces in SVG text unless the `<text>` itself says `xml:space`
    /// (the root's attribute and `white-space:pre` do not reach it), which shifts every x after
    /// them; and a renderer runs its own bidirectional algorithm on text that is already in the
    /// terminal's visual order, so Arabic would read backwards, unless the run is stated
    /// left to right, overriding (rsvg-convert and Chromium both obey). ASCII alone never
    /// reorders in a left-to-right picture, so most runs carry neither.
    static func layoutAttributes(of text: String) -> String {
        var attributes = ""
        if text.contains(" ") { attributes += " xml:space=\"preserve\"" }
        if text.unicodeScalars.contains(where: { !$0.isASCII }) {
            attributes += " direction=\"ltr\" unicode-bidi=\"bidi-override\""
        }
        return attributes
    }

    /// One code point in the Basic Multilingual Plane: one x in the list stands for it in
    /// every renderer, whether it counts characters as code points or as UTF-16 units.
    private static func isSimple(_ grapheme: String) -> Bool {
        let scalars = grapheme.unicodeScalars
        return scalars.count == 1 && scalars.first!.value <= 0xFFFF
    }

    struct Glyph {
        var text: String
        var x: Double
    }

    private struct TextRun {
        var glyphs: [Glyph] = []
        var foreground = RGB(0, 0, 0)
        var bold = false
        var simple = true
    }
}
