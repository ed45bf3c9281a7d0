/// `?`: every key, one line each (the README's keys table says each in full).
public enum HelpOverlay {
    public static let keys: [(String, String)] = [
        ("←→↑↓ / h j k l", "select: ←→ cards, ↓ to the shop, ↑ back (or scroll a pane)"),
        ("Enter", "buy the selected product; in a pane, open the row in full"),
        ("Esc", "close this help, a menu or a sheet (a sheet cancels)"),
        ("Tab / Shift-Tab", "next / previous pane"),
        ("s / S", "next / previous storefront"),
        ("t / T", "next / previous theme"),
        ("v / i", "preview the next paywall variant / next integration path"),
        ("e / P", "preview offer eligibility / the next player state"),
        (":", "jump by name, Tab completes: :storefront DEU, :player new"),
        ("r", "restore purchases"),
        ("m", "the selected transaction's actions (refund, renew, etc.)"),
        ("p", "buy a promoted purchase the Xee SDK held"),
        ("x", "the Xee server's key, Apple's answer, promoted purchases"),
        ("] / [", "time faster / slower (paused, real, Apple's test rates)"),
        ("+ / >", "calendar a day on (7+: a week) / to the next thing due"),
        ("f / F", "Events by category / only the selected row's kind"),
        ("n", "the bottom line's last 50 messages in full, newest first"),
        ("?", "this help"),
        ("q / Ctrl-C", "quit"),
        ("Ctrl-Z", "suspend to the shell; fg comes back"),
        ("mouse", "click to select, again to buy or open; buttons, menus"),
    ]

    public static let title = "Keys"

    /// The keys as an overlay: each description wraps under itself, and the whole scrolls when
    /// the terminal is shorter than the list.
    public static var overlay: TextOverlay {
        TextOverlay(title: title, entries: keys.map { TextOverlay.Entry($0.0, $0.1) }, footer: "Esc or ? closes")
    }
}
