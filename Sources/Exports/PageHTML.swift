import Foundation

/// What the export's HTML pages share: text made safe for HTML, and a file's path made safe for
/// an `src`. Every string a page shows comes from a catalog or a file name, which can hold anything.
enum PageHTML {
    /// `text` as HTML text or a quoted attribute's value: the same escaping as the SVG pictures
    /// (HTML reads XML's five entities), control characters shown as U+FFFD.
    static func escaped(_ text: String) -> String { MarkupEscaping.escaped(text) }

    /// A path relative to the page as an `href` or `src`: each component percent-encoded (so `#`,
    /// `?`, `%` and spaces stay part of the name), then escaped for the attribute.
    static func link(_ path: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false).map { component in
            String(component).addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        }.joined(separator: "/")
        return escaped(encoded)
    }

    /// The start every page shares: UTF-8, a viewport, the title, the page's own CSS inline.
    static func head(title: String, css: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escaped(title))</title>
        <style>
        \(css)
        </style>
        </head>

        """
    }
}
