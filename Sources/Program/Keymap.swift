import TerminalUI

/// Every key the app binds, once: the dispatch (`App+Input.swift`), the help (`?`) and
/// `storefront --help` read it, and Tests/ProgramTests/KeymapTests.swift checks docs/reference.md's
/// table of keys against it. A sheet, a menu and the `:` line read their own keys; only the keys
/// that mean the same over them (Ctrl-C, Ctrl-Z, `>` over a sheet) are here for them.
///
/// The rows are in the help's order; no two bind one key in one context (a test holds it), so
/// their order decides nothing else.
public enum Keymap {
    public static let bindings: [KeyBinding] = [
        KeyBinding(.up, .character("k"), in: [.paywall, .mirroredPaywall], help: select,
                   sends: .command(.moveVertically(by: -1))),
        KeyBinding(.down, .character("j"), in: [.paywall, .mirroredPaywall], help: select,
                   sends: .command(.moveVertically(by: 1))),
        KeyBinding(.up, .character("k"), in: [.pane], help: select, sends: .command(.move(by: -1))),
        KeyBinding(.down, .character("j"), in: [.pane], help: select, sends: .command(.move(by: 1))),
        KeyBinding(.left, .character("h"), in: [.paywall, .pane], help: select, sends: .command(.move(by: -1))),
        KeyBinding(.right, .character("l"), in: [.paywall, .pane], help: select, sends: .command(.move(by: 1))),
        // Right to left, the next plan is the one to the left.
        KeyBinding(.left, .character("h"), in: [.mirroredPaywall], help: select, sends: .command(.move(by: 1))),
        KeyBinding(.right, .character("l"), in: [.mirroredPaywall], help: select, sends: .command(.move(by: -1))),
        KeyBinding(.up, .character("k"), in: KeyContext.overlays, help: nil, sends: .command(.scrollOverlay(by: -1))),
        KeyBinding(.down, .character("j"), in: KeyContext.overlays, help: nil, sends: .command(.scrollOverlay(by: 1))),

        KeyBinding(.enter, in: [.paywall, .mirroredPaywall], help: enter, sends: .command(.buySelected)),
        KeyBinding(.enter, in: [.pane], help: enter, sends: .command(.openRow)),
        KeyBinding(.character("o"), in: [.paywall, .mirroredPaywall], help: enter, sends: .command(.openProduct)),

        KeyBinding(.escape, .enter, .character("?"), in: KeyContext.overlays, help: close, sends: .command(.closeOverlay)),
        KeyBinding(.escape, help: close, sends: .command(.dismissNotice)),

        KeyBinding(.tab, help: panes, sends: .command(.stepPane(by: 1))),
        KeyBinding(.backTab, help: panes, sends: .command(.stepPane(by: -1))),
        KeyBinding(.character("s"), help: storefronts, sends: .command(.stepStorefront(by: 1))),
        KeyBinding(.character("S"), help: storefronts, sends: .command(.stepStorefront(by: -1))),
        KeyBinding(.character("t"), help: themes, sends: .command(.stepTheme(by: 1))),
        KeyBinding(.character("T"), help: themes, sends: .command(.stepTheme(by: -1))),
        KeyBinding(.character("d"), help: KeyHelp("d", "device: full width, phone, tablet"), sends: .command(.nextDevice)),
        KeyBinding(.character("v"), help: variantAndPath, sends: .command(.previewNextVariant)),
        KeyBinding(.character("i"), help: variantAndPath, sends: .command(.nextPath)),
        KeyBinding(.character("e"), help: eligibilityAndPlayer, sends: .command(.cycleEligibility)),
        KeyBinding(.character("P"), help: eligibilityAndPlayer, sends: .command(.previewNextPlayer)),
        KeyBinding(.character(":"), help: KeyHelp(":", "jump by name, Tab completes: :storefront DEU, :player new"),
                   sends: .command(.openPrompt)),
        KeyBinding(.character("r"), help: KeyHelp("r", "restore purchases"), sends: .restore),
        KeyBinding(.character("m"), help: KeyHelp("m", "the selected transaction's actions (refund, renew, etc.)"),
                   sends: .command(.transactionActions)),
        KeyBinding(.character("p"), help: KeyHelp("p", "buy a promoted purchase the Xee SDK held"),
                   sends: .command(.heldPromotions)),
        KeyBinding(.character("x"), help: servers, sends: .command(.xeeSettings)),
        KeyBinding(.character("W"), help: servers, sends: .command(.toggleWebhookMode)),
        KeyBinding(.character("]"), help: rates, sends: .command(.stepTimeRate(by: 1))),
        KeyBinding(.character("["), help: rates, sends: .command(.stepTimeRate(by: -1))),
    ] + (0...9).map { digit in
        KeyBinding(.character(Character(String(digit))), help: calendar, sends: .command(.count(digit: digit)))
    } + [
        KeyBinding(.character("+"), help: calendar, sends: .command(.advanceCalendar)),
        // The clock moves on under a sheet too: a countdown or a payment being processed waits on
        // it, and the page names this key while the clock is paused. Over a notification's
        // details as well: its next attempt appears in them.
        KeyBinding(.character(">"), in: KeyContext.mainScreen.union([.sheet, .notificationDetails]), help: calendar,
                   sends: .command(.advanceToNextDue)),
        KeyBinding(.character("f"), help: events, sends: .command(.filterEventsByCategory)),
        KeyBinding(.character("F"), help: events, sends: .command(.filterEventsByKind)),
        KeyBinding(.character(Character(NoticeLog.key)),
                   help: KeyHelp(NoticeLog.key, "the bottom line's last 50 messages in full, newest first"),
                   sends: .command(.showMessages)),
        KeyBinding(.character(Character(NoticeLog.key)), in: [.messages], help: nil, sends: .command(.closeOverlay)),
        KeyBinding(.character("?"), help: KeyHelp("?", "this help"), sends: .command(.showKeys)),
        KeyBinding(.character("q"), in: KeyContext.mainScreen.union(KeyContext.overlays), help: quit, sends: .quit),
        KeyBinding(.interrupt, in: KeyContext.everywhere, help: quit, sends: .quit),
        KeyBinding(.suspend, in: KeyContext.everywhere, help: KeyHelp("Ctrl-Z", "suspend to the shell; fg comes back"),
                   sends: .command(.suspend)),
        // The Server pane's, after the keys every session needs, which fill the help at 80x24;
        // over a notification's details they act on it, which the details' last line says.
        KeyBinding(.character("R"), in: [.pane, .notificationDetails], help: server, sends: .command(.resendNotification)),
        KeyBinding(.character("N"), in: [.pane, .notificationDetails], help: server,
                   sends: .command(.advanceToNotificationRetry)),
        // Last, after the keys a session needs: at 80x24 it is the help's second line one scroll away.
        KeyBinding(.character("c"), in: KeyContext.mainScreen.union(KeyContext.overlays),
                   help: KeyHelp("c", "save the screen as SVG, PNG and text in captures/"), sends: .command(.captureScreen)),
        // Google Play's country and voided purchases (issue 38), as Play Billing Lab and the Play
        // Console show them; after the keys a session needs, one scroll away at 80x24.
        KeyBinding(.character("g"), help: KeyHelp("g", "Google Play: the account's country, the voided purchases"),
                   sends: .command(.playSettings)),
        // The store's own code sheet (issue 38), the app's call on the path in use.
        KeyBinding(.character("O"), help: KeyHelp("O", "redeem an offer or promo code on the store's own sheet"),
                   sends: .command(.offerCodeSheet)),
    ]

    /// The binding `key` has where `context` has the keys; nil when it has none there.
    public static func binding(for key: Key, in context: KeyContext) -> KeyBinding? {
        bindings.first { $0.matches(key, in: context) }
    }

    /// The help's lines: each line of the bindings once, in their order, then the mouse's.
    public static let help: [KeyHelp] = bindings.reduce(into: [KeyHelp]()) { lines, binding in
        if let line = binding.help, !lines.contains(line) { lines.append(line) }
    } + [KeyHelp("mouse", "click to select, again to buy or open; buttons, menus")]

    // Lines that more than one binding shares.
    private static let select = KeyHelp("←→↑↓ / h j k l", "select: ←→ cards, ↓ to the shop, ↑ back (or scroll a pane)")
    private static let enter = KeyHelp("Enter / o", "buy / read in full the selection; in a pane, open the row")
    private static let close = KeyHelp("Esc", "close this help, a menu or a sheet (a sheet cancels)")
    private static let panes = KeyHelp("Tab / Shift-Tab", "next / previous pane")
    private static let storefronts = KeyHelp("s / S", "next / previous storefront")
    private static let themes = KeyHelp("t / T", "next / previous theme")
    private static let variantAndPath = KeyHelp("v / i", "preview the next paywall variant / next integration path")
    private static let eligibilityAndPlayer = KeyHelp("e / P", "preview offer eligibility / the next player state")
    private static let servers = KeyHelp("x / W", "the Xee server's settings / Xsolla's webhook mode on, off")
    private static let rates = KeyHelp("] / [", "time faster / slower (paused, real, Apple's test rates)")
    private static let calendar = KeyHelp("+ / >", "calendar a day on (7+: a week) / to the next thing due")
    private static let events = KeyHelp("f / F", "Events by category / only the selected row's kind")
    private static let quit = KeyHelp("q / Ctrl-C", "quit")
    private static let server = KeyHelp("R / N", "Server pane: resend the row now / clock to its next retry")

    /// The bottom line while the Server pane has the keys: its own keys, which the help lists too.
    static let serverHint = "↑↓ select · Enter open · R resend now · N clock to next retry · ? help"
}
