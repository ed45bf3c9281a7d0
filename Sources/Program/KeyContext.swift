/// What has the keys when one is pressed: the part of the screen on top. A binding of the
/// keymap names the contexts it applies in; everywhere else its key means something else, or
/// belongs to the component on top (a sheet, a menu, the prompt), or nothing.
public enum KeyContext: Sendable, Hashable, CaseIterable {
    /// The paywall has the focus, drawn left to right.
    case paywall
    /// The paywall has the focus, drawn right to left: `←` and `→` swap.
    case mirroredPaywall
    /// A live pane (Transactions, Entitlements, Events, Server) has the focus.
    case pane
    /// Text over everything: the keys (`?`), a row in full, an address.
    case overlay
    /// A notification in full (Enter on the Server pane): an overlay whose reader acts on what
    /// it shows, resending it or moving the clock on, and watches the attempt appear in it.
    case notificationDetails
    /// The bottom line's messages (`n`), which `n` closes as well.
    case messages
    /// A purchase sheet (Pay Station, the App Store), which reads its own keys.
    case sheet
    /// A menu (`m`, `p`, `x`), which reads its own keys.
    case menu
    /// The `:` line, which takes every key it can type.
    case prompt

    /// The main screen: the paywall or a pane has the keys, nothing is open over them.
    public static let mainScreen: Set<KeyContext> = [.paywall, .mirroredPaywall, .pane]
    /// Any text overlay.
    public static let overlays: Set<KeyContext> = [.overlay, .notificationDetails, .messages]
    /// Whatever is open.
    public static let everywhere = Set(allCases)

    public var isMainScreen: Bool { Self.mainScreen.contains(self) }
}
