import Foundation

/// What an export wrote, as `DIR/manifest.json`: every combination with its files by format.
/// The contact sheet lists it, and `--compare` with an earlier export directory reads it back.
public struct ExportManifest: Sendable, Codable, Equatable {
    public static let fileName = "manifest.json"
    /// Bumped when the layout changes, so an old directory is refused with a clear line.
    public static let currentVersion = 1

    public struct Entry: Sendable, Codable, Equatable {
        public var combination: Combination
        /// Paths relative to the export directory, by format (`svg`: `USA-dark-….svg`); `cells`
        /// is the archived frame (`FrameArchive`) that a later `--compare` reads.
        public var files: [String: String]

        public init(combination: Combination, files: [String: String]) {
            self.combination = combination
            self.files = files
        }
    }

    public var version: Int
    /// The catalog the export drew, as given on the command line.
    public var catalog: String
    public var entries: [Entry]

    public init(catalog: String, entries: [Entry], version: Int = ExportManifest.currentVersion) {
        self.version = version
        self.catalog = catalog
        self.entries = entries
    }
}
