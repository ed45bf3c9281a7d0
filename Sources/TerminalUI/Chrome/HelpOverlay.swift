/// `?`: every key, in the order of DESIGN.md §6.
public enum HelpOverlay {
    public static let keys: [(String, String)] = [
        ("←→↑↓ / h j k l", "move the selection (or scroll the focused pane)"),
        ("Enter", "buy the selected product / confirm"),
        ("Esc", "close a sheet or this help; cancels Pay Station"),
        ("Tab / Shift-Tab", "next / previous pane"),
        ("s / S", "next / previous storefront"),
        ("t", "next theme"),
        ("v", "preview the next paywall variant"),
        ("i", "next integration path"),
        ("e", "offer eligibility: auto / eligible / not eligible"),
        ("r", "restore purchases"),
        ("?", "this help"),
        ("q / Ctrl-C", "quit"),
        ("Ctrl-Z", "suspend to the shell; fg comes back"),
        ("mouse", "click a product to select, again to buy; click a pane"),
    ]

    public static func render(theme: Theme, into frame: inout Frame) {
        let area = frame.area.centered(width: 70, height: keys.count + 4)
        frame.fill(area, style: theme.surfaceStyle(.text))
        let inner = frame.drawBox(area, title: "Keys", border: theme.border, style: theme.surfaceStyle(.accent),
                                  titleStyle: theme.surfaceStyle(.accent, bold: true))
        for (index, entry) in keys.enumerated() where index < inner.height - 1 {
            let row = Rect(x: inner.x + 1, y: inner.y + index, width: inner.width - 2, height: 1)
            frame.write(DisplayWidth.pad(entry.0, to: 17), x: row.x, y: row.y, limit: 17,
                        style: theme.surfaceStyle(.accent, bold: true))
            frame.write(entry.1, in: Rect(x: row.x + 18, y: row.y, width: row.width - 18, height: 1),
                        style: theme.surfaceStyle(.text))
        }
        frame.write("Esc or ? closes", in: Rect(x: inner.x + 1, y: inner.maxY - 1, width: inner.width - 2, height: 1),
                    style: theme.surfaceStyle(.muted))
    }
}
