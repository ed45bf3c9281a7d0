/// A short list of actions in a box over the screen (the transaction's actions, `m`): the
/// arrows move, Enter or a click chooses, Esc closes. It holds captions only; what an item
/// does is the caller's.
public struct ActionMenu: Sendable, Equatable {
    public let title: String
    public let items: [String]
    public private(set) var selection = 0
    /// The keys, under the items.
    public let footer: String

    public init(title: String, items: [String], selection: Int = 0, footer: String = ActionMenu.footer) {
        self.title = title
        self.items = items
        self.footer = footer
        self.selection = items.indices.contains(selection) ? selection : 0
    }

    public mutating func move(by step: Int) {
        guard !items.isEmpty else { return }
        selection = (selection + step + items.count) % items.count
    }

    public static let footer = "↑↓ choose · Enter do it · Esc close"

    /// The box on a screen of `screen`: wide enough for the title, the items and the footer,
    /// placed by `SheetBox` clear of the borders of `boxes` beneath.
    func box(in screen: Rect, clearOf boxes: [Rect] = []) -> Rect {
        // The title sits in the top border between `╭─ ` and ` ─╮`: two columns more than a line inside.
        let widest = max(([footer] + items.map { "▸ " + $0 }).map(DisplayWidth.of).max() ?? 0, DisplayWidth.of(title) + 2)
        return SheetBox.fit(width: min(screen.width - 2, widest + 4), height: items.count + 4, in: screen, clearOf: boxes)
    }

    /// The item drawn at (x, y) on a screen of `screen`, if any.
    public func item(atX x: Int, y: Int, on screen: Rect, clearOf boxes: [Rect] = []) -> Int? {
        let inner = box(in: screen, clearOf: boxes).inset(by: 1)
        let index = y - inner.y
        guard inner.contains(x: x, y: y), items.indices.contains(index) else { return nil }
        return index
    }

    /// Draws the box over `screen` (`ActionMenuView`).
    func draw(theme: Theme, clearOf boxes: [Rect], in screen: Rect, into frame: inout Frame) {
        let area = box(in: screen, clearOf: boxes)
        frame.fill(area, style: theme.surfaceStyle(.text))
        let inner = frame.drawBox(area, title: title, border: theme.border, style: theme.surfaceStyle(.accent),
                                  titleStyle: theme.surfaceStyle(.accent, bold: true))
        guard !inner.isEmpty else { return }
        for (index, item) in items.enumerated() where index < inner.height - 1 {
            let selected = index == selection
            frame.write(DisplayWidth.pad((selected ? "▸ " : "  ") + item, to: inner.width - 2), x: inner.x + 1,
                        y: inner.y + index, limit: inner.width - 2,
                        style: selected ? theme.selectionStyle : theme.surfaceStyle(.text))
        }
        frame.write(footer, in: Rect(x: inner.x + 1, y: inner.maxY - 1, width: inner.width - 2, height: 1),
                    style: theme.surfaceStyle(.muted))
    }
}
