/// `?`: every key, one line each, as the keymap lists them (docs/reference.md says each in full).
public enum HelpOverlay {
    public static let title = "Keys"

    /// The keys as an overlay: each description wraps under itself, and the whole scrolls when
    /// the terminal is shorter than the list.
    public static func overlay(listing lines: [KeyHelp]) -> TextOverlay {
        TextOverlay(title: title, entries: lines.map { TextOverlay.Entry($0.keys, $0.text) }, footer: "Esc or ? closes")
    }
}
