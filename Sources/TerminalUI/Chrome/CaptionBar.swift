/// A demo's caption: what the presenter says about the step on screen, drawn over the top of
/// the frame. The top line is the status bar (storefront, path, clock), which a demo's audience
/// needs least; the bottom line is the app's own message (`Payment succeeded`), which is often
/// what the caption explains, and sheets are centred, so the first rows are the ones a caption
/// hides least. A caption too long for one line wraps at spaces onto the rows below, up to
/// `maximumLines`; what is left after them ends with `…`.
public struct CaptionBar: Widget {
    let text: String?
    let note: String?
    let theme: Theme
    let colorEnabled: Bool

    /// - Parameter note: beside the caption's last row, or on a row of its own (a demo's end).
    public init(_ text: String?, note: String? = nil, theme: Theme, colorEnabled: Bool = true) {
        self.text = text
        self.note = note
        self.theme = theme
        self.colorEnabled = colorEnabled
    }

    /// Past three rows a caption would cover the paywall's heading at 80x24: say less instead.
    public static let maximumLines = 3

    /// The rows the caption takes on a frame `width` wide: one space either side of the text.
    public static func lines(for text: String, width: Int) -> [String] {
        let room = max(1, width - 2)
        let wrapped = TextWrap.lines(text, width: room)
        guard wrapped.count > maximumLines else { return wrapped }
        var kept = Array(wrapped.prefix(maximumLines))
        kept[maximumLines - 1] = DisplayWidth.truncate(kept[maximumLines - 1] + " " + wrapped[maximumLines], to: room)
        return kept
    }

    /// The caption's rows with `note` (a demo's end: what the presenter can do next) at the right
    /// of its last row where both fit, three columns apart; else on a row of its own below, cut
    /// to the width. The caption is never cut for the note: it is what the audience reads.
    public static func lines(for text: String?, note: String, width: Int) -> [String] {
        let room = max(1, width - 2)
        var rows = text.map { lines(for: $0, width: width) } ?? []
        let noteWidth = DisplayWidth.of(note)
        if let last = rows.last, DisplayWidth.of(last) + 3 + noteWidth <= room {
            rows[rows.count - 1] = last + String(repeating: " ", count: room - DisplayWidth.of(last) - noteWidth) + note
        } else {
            rows.append(DisplayWidth.truncate(note, to: room))
        }
        return rows
    }

    /// Draws the caption (and the note beside it, if any) from the area's top row down (the
    /// screen's), its full width, in the theme's selection colors (reverse without color) so it
    /// reads as something laid over the app, not part of it.
    public func render(in area: Rect, on frame: inout Frame) {
        let text = text?.isEmpty == true ? nil : text
        guard text != nil || note != nil, area.width > 2, area.height > 0 else { return }
        var style = theme.selectionStyle
        style.bold = true
        if !colorEnabled { style.reverse = true }
        let rows = note.map { Self.lines(for: text, note: $0, width: area.width) }
            ?? text.map { Self.lines(for: $0, width: area.width) } ?? []
        for (row, line) in rows.prefix(area.height).enumerated() {
            frame.fill(Rect(x: area.x, y: area.y + row, width: area.width, height: 1), style: style)
            frame.write(line, in: Rect(x: area.x + 1, y: area.y + row, width: area.width - 2, height: 1), style: style)
        }
    }
}
