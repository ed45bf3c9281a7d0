import TerminalUI

/// A recording as one animated SVG that plays in any browser with no player: each frame
/// draws only the rows that changed since the frame before, as `<use>`s of rows kept once in
/// `<defs>` (a selection moving up and down draws the same few rows again and again), and
/// CSS keyframes over the whole recording show each group of rows from the frame that drew
/// it until a later frame replaces them, then start over.
///
/// A renderer without CSS animations (rsvg-convert, a mail client) shows every group at once
/// in document order; since each row covers the full width with its own background, what is
/// seen then is the last frame.
public enum AnimatedSVG {
    /// How long the last frame stays before the recording starts over, in seconds.
    public static let finalHold = 2.0

    public static func document(_ recording: Recording, options: SVGOptions = SVGOptions()) -> String {
        let (timeline, colors, document) = drawing(recording, options: options)
        var defs = "", body = "", style = SVGTimeline.sharedRule(duration: timeline.duration)
        // A row drawn before is used again: its cells are the key.
        var rowIDs: [[Cell]: Int] = [:]
        var keyframes: [SVGTimeline.Interval: Int] = [:]

        for group in timeline.groups {
            var uses = ""
            for row in group.rows {
                let key = row.cells
                let id: Int
                if let known = rowIDs[key] {
                    id = known
                } else {
                    id = rowIDs.count
                    rowIDs[key] = id
                    defs += "<g id=\"\(SVGDocument.scope)r\(id)\">"
                    SVGRow(cells: row.cells[...], top: 0, colors: colors, canvas: nil).draw(into: &defs)
                    defs += "</g>\n"
                }
                uses += "<use href=\"#\(SVGDocument.scope)r\(id)\" y=\"\(SVGNumber.format(Double(row.y) * FrameSVG.cellHeight))\"/>"
            }
            if let interval = timeline.interval(of: group) {
                let number: Int
                if let known = keyframes[interval] {
                    number = known
                } else {
                    number = keyframes.count
                    keyframes[interval] = number
                    let name = "\(SVGDocument.scope)k\(number)"
                    style += interval.keyframes(name: name) + "#\(SVGDocument.scope) .a\(number){animation-name:\(name)}\n"
                }
                body += "<g class=\"f a\(number)\">\(uses)</g>\n"
            } else {
                body += "<g>\(uses)</g>\n"
            }
        }

        return document.text(body: body, extraStyle: style, defs: defs,
                  rootAttributes: " data-frame-times=\"\(timeline.times.map(SVGNumber.format).joined(separator: " "))\" data-duration=\"\(SVGNumber.format(timeline.duration))\"")
    }

    /// What the animation and its stills share, so a GIF's pictures and the SVG agree: the
    /// timeline, the colors, and the document around the rows (the canvas is the first
    /// frame's commonest background; the title is the recording's unless one is given).
    static func drawing(_ recording: Recording, options: SVGOptions) -> (SVGTimeline, SVGColors, SVGDocument) {
        let timeline = SVGTimeline(recording, hold: finalHold)
        let colors = SVGColors(foreground: options.foreground, background: options.background)
        let canvas = FrameSVG.mostCommonBackground(of: timeline.firstFrame, colors)
        let layout = SVGLayout(columns: timeline.columns, rows: timeline.rows, chrome: options.chrome)
        var titled = options
        if titled.title == nil { titled.title = recording.title }
        return (timeline, colors, SVGDocument(layout: layout, options: titled, canvas: canvas, foreground: colors.foreground))
    }
}
