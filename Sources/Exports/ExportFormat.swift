/// The pictures an export can write for each combination; the archived cells
/// (`cells/NAME.json`) are written always, whatever is asked for.
public enum ExportFormat: String, Sendable, CaseIterable, Codable {
    case txt, ansi, html, svg, png

    /// What an export writes when `--formats` is not given: text to grep, a picture to look at
    /// and a page to open, none of which needs a program outside storefront.
    public static let defaults: [ExportFormat] = [.txt, .svg, .html]

    /// The file's extension, which is also the format's key in the manifest.
    public var fileExtension: String { rawValue }
}

extension ExportFormat {
    /// `--formats txt,svg`: the formats named, in the order given, or the defaults for none.
    public static func parse(_ text: String?) throws(ExportFailure) -> [ExportFormat] {
        guard let text else { return defaults }
        return try ExportAxisOptions.pick("--formats", text, from: allCases.map(\.rawValue)).compactMap(ExportFormat.init(rawValue:))
    }
}
