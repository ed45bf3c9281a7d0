/// The two HTML pages of an export. (Signatures only for now: the contact sheet and the diff
/// page are drawn by their own files.)
public enum ContactSheet {
    /// `DIR/index.html` for what `manifest` lists, self-contained.
    public static func html(for manifest: ExportManifest) -> String {
        "<!doctype html><title>storefront export</title>" + manifest.entries.map { "<p>\($0.combination.name)</p>" }.joined()
    }
}

/// One combination that changed, for the diff page.
public struct ChangedCombination: Sendable {
    public var combination: Combination
    public var diff: FrameDiff
    /// `USA-dark-80x24-A: 14 cells in "Monthly Pass"`.
    public var summary: String

    public init(combination: Combination, diff: FrameDiff, summary: String) {
        self.combination = combination
        self.diff = diff
        self.summary = summary
    }
}

public enum DiffPage {
    /// `DIR/diff.html`: only what changed, before and after side by side.
    public static func html(for changes: [ChangedCombination], title: String) -> String {
        "<!doctype html><title>\(title)</title>" + changes.map { "<p>\($0.summary)</p>" }.joined()
    }
}
