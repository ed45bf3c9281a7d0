/// A box over the screen that shows text in full, wrapped to fit and scrolled when it is
/// taller than the screen: every field of a transaction or an event, the terms and privacy
/// addresses, the keys. Each entry is a label (a field's name, a key) and its text; the text
/// wraps under itself.
public struct TextOverlay: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var label: String
        public var text: String

        public init(_ label: String, _ text: String) {
            self.label = label
            self.text = text
        }
    }

    public let title: String
    public private(set) var entries: [Entry]
    /// The line closing it, at the bottom ("Esc closes"), with the keys that work over it.
    public private(set) var footer: String
    /// The paywall's own words (a product in full, the terms) read as the storefront reads:
    /// mirrored in an Arabic one, like the paywall beneath. QA's overlays read left to right.
    public let direction: WritingDirection
    /// Lines scrolled past.
    public private(set) var scroll = 0

    public init(title: String, entries: [Entry], footer: String = "Esc closes", direction: WritingDirection = .leftToRight) {
        self.title = title
        self.entries = entries
        self.footer = footer
        self.direction = direction
    }

    /// The same box with `entries` and `footer` instead, scrolled where the reader was: details
    /// made again when what they show changed under them, and with it which keys do something.
    public mutating func replaceEntries(with entries: [Entry], footer: String) {
        self.entries = entries
        self.footer = footer
    }

    /// Scrolls by `step` lines, no further than the last screenful on a screen of `screen`
    /// (with the boxes `clearOf` beneath, as `TextOverlayView` places it).
    public mutating func scroll(by step: Int, on screen: Rect, clearOf boxes: [Rect] = []) {
        let (_, lines, visible) = layout(in: screen, clearOf: boxes)
        scroll = min(max(0, scroll + step), max(0, lines.count - visible))
    }

    /// The box for a screen, and its lines at that width: placed by `SheetBox`, clear of the
    /// borders of `boxes` beneath, fewer rows (and a scroll) where that is what keeps it clear.
    func layout(in screen: Rect, clearOf boxes: [Rect] = []) -> (box: Rect, lines: [(label: String, text: String)], visible: Int) {
        let labelWidth = min(20, entries.map { DisplayWidth.of($0.label) }.max() ?? 0)
        func lines(at width: Int) -> [(label: String, text: String)] {
            let textWidth = max(1, width - 4 - (labelWidth > 0 ? labelWidth + 1 : 0))
            var lines: [(label: String, text: String)] = []
            for entry in entries {
                for (index, line) in TextWrap.linesKeepingIndents(entry.text, width: textWidth).enumerated() {
                    lines.append((index == 0 ? entry.label : "", line))
                }
            }
            return lines
        }
        // Taller than the screen between the status bar and the bottom line: the whole screen,
        // edge to edge, its border over every border beneath, and what is left one scroll away.
        var width = min(screen.width - 2, 96)
        var wrapped = lines(at: width)
        if wrapped.count + 3 > screen.height - 2 {
            wrapped = lines(at: screen.width)
            return (screen, wrapped, max(0, screen.height - 3))
        }
        // A box that must go edge to edge is wider than asked: its text is wrapped again to fill it.
        var box = SheetBox.fit(width: width, height: wrapped.count + 3, in: screen, clearOf: boxes, shrinking: true)
        if box.width != width {
            width = box.width
            wrapped = lines(at: width)
            box = SheetBox.fit(width: width, height: wrapped.count + 3, in: screen, clearOf: boxes, shrinking: true)
            if box.width != width { wrapped = lines(at: box.width) }
        }
        return (box, wrapped, max(0, box.height - 3))
    }

    /// Draws the box over `screen` (`TextOverlayView`).
    func draw(theme: Theme, clearOf boxes: [Rect], in screen: Rect, into frame: inout Frame) {
        let (box, lines, visible) = layout(in: screen, clearOf: boxes)
        frame.draw(direction, in: box) { box, frame in
            renderBox(box, lines: lines, visible: visible, theme: theme, into: &frame)
        }
    }

    private func renderBox(_ box: Rect, lines: [(label: String, text: String)], visible: Int, theme: Theme,
                           into frame: inout Frame) {
        frame.fill(box, style: theme.surfaceStyle(.text))
        let inner = frame.drawBox(box, title: title, border: theme.border, style: theme.surfaceStyle(.accent),
                                  titleStyle: theme.surfaceStyle(.accent, bold: true))
        guard !inner.isEmpty else { return }
        let labelWidth = min(20, entries.map { DisplayWidth.of($0.label) }.max() ?? 0)
        let offset = min(scroll, max(0, lines.count - visible))
        for (row, line) in lines.dropFirst(offset).prefix(visible).enumerated() {
            let y = inner.y + row
            var x = inner.x + 1
            if labelWidth > 0 {
                frame.write(DisplayWidth.pad(line.label, to: labelWidth), x: x, y: y, limit: labelWidth,
                            style: theme.surfaceStyle(.accent, bold: true))
                x += labelWidth + 1
            }
            frame.write(line.text, x: x, y: y, limit: inner.maxX - 1 - x, style: theme.surfaceStyle(.text))
        }
        var bottom = footer
        if offset > 0 { bottom += "  ▲ \(offset)" }
        let below = lines.count - offset - visible
        if below > 0 { bottom += "  ▼ \(below) · ↑↓ scroll" }
        frame.write(bottom, in: Rect(x: inner.x + 1, y: inner.maxY - 1, width: inner.width - 2, height: 1),
                    style: theme.surfaceStyle(.muted))
    }
}
