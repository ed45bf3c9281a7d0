import Catalog

/// Text from outside (a URL pasted into `storefront open-url`) as an event or a notice quotes
/// it: whole when short, else its start and its length, with its controls and hidden
/// characters escaped (`ControlCharacters.escaped`). One hostile input must not fill an event
/// row, the Events pane or a notice with a megabyte, nor hide or reorder what they say: the
/// screen leaves a bidi override out of its cells, so unescaped a URL's `pay\u202Ement` would
/// read `payment` there.
enum QuotedText {
    /// The URL an event keeps: enough to recognise it in a bug report.
    static let urlLimit = 200
    /// A part of a URL (a user id, a reference, a status) inside a reason: the URL is quoted
    /// after the reason anyway.
    static let partLimit = 40

    static func shortened(_ text: String, to limit: Int) -> String {
        ControlCharacters.escaped(cut(text, to: limit))
    }

    private static func cut(_ text: String, to limit: Int) -> String {
        // The UTF-8 length bounds the character count from above: most texts are done here.
        guard text.utf8.count > limit else { return text }
        let count = text.count
        guard count > limit else { return text }
        return "\(text.prefix(limit))… (\(count) characters)"
    }

    static func url(_ text: String) -> String { shortened(text, to: urlLimit) }

    static func part(_ text: String) -> String { shortened(text, to: partLimit) }
}
