/// `?`: every key, in the order of DESIGN.md §6.
public enum HelpOverlay {
    public static let keys: [(String, String)] = [
        ("←→↑↓ / h j k l", "move the selection (or scroll the focused pane)"),
        ("Enter", "buy the selected product; in a pane, open the row in full"),
        ("Esc", "close this help, a menu or a sheet (a sheet cancels)"),
        ("Tab / Shift-Tab", "next / previous pane"),
        ("s / S", "next / previous storefront"),
        ("t", "next theme"),
        ("v", "preview the next paywall variant"),
        ("i", "next integration path"),
        ("e", "offer eligibility: auto / eligible / not eligible"),
        ("r", "restore purchases"),
        ("m", "actions on the selected transaction: approve or decline Ask to Buy, resolve, refund"),
        ("p", "buy a promoted purchase the Xee SDK held"),
        ("] / [", "time faster / slower: paused, real time, Apple's test rates"),
        ("+ / >", "the calendar a day on / on to the next renewal or expiry"),
        ("f / F", "Events pane: lifecycle, client, SDK events, or all / the selected row's kind only"),
        ("?", "this help"),
        ("q / Ctrl-C", "quit"),
        ("Ctrl-Z", "suspend to the shell; fg comes back"),
        ("mouse", "click a product to select, again to buy; click a pane; click Continue, Restore purchases, Terms, Privacy; click the App Store sheet's buttons and a menu's items"),
    ]

    public static let title = "Keys"

    /// The keys as an overlay: each description wraps under itself, and the whole scrolls when
    /// the terminal is shorter than the list.
    public static var overlay: TextOverlay {
        TextOverlay(title: title, entries: keys.map { TextOverlay.Entry($0.0, $0.1) }, footer: "Esc or ? closes")
    }
}
