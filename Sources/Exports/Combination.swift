/// One picture an export draws: a value on every axis. Its `name` is the files' name
/// (`USA-dark-120x40-A-eligible`), and its `axes` label it on the contact sheet and the diff page.
public struct Combination: Sendable, Hashable, Codable {
    public var storefront: String
    public var theme: String
    public var width: Int
    public var height: Int
    public var variant: String
    /// `auto`, `eligible` or `not-eligible`.
    public var eligibility: String
    /// A player state's name (`new`, `trial-used`, …), or nil for the ledger's own player.
    public var state: String?
    /// `full`, `phone` or `tablet`.
    public var device: String

    public init(storefront: String, theme: String, width: Int, height: Int, variant: String,
                eligibility: String, state: String? = nil, device: String = "full") {
        self.storefront = storefront
        self.theme = theme
        self.width = width
        self.height = height
        self.variant = variant
        self.eligibility = eligibility
        self.state = state
        self.device = device
    }

    public var size: String { "\(width)x\(height)" }

    /// The axes in the order the name spells them; the player state and a device other than
    /// `full` only when given, so the common names stay short.
    public var axes: [(axis: String, value: String)] {
        var axes: [(String, String)] = [("storefront", storefront), ("theme", theme), ("size", size),
                                         ("variant", variant), ("eligibility", eligibility)]
        if let state { axes.append(("state", state)) }
        if device != "full" { axes.append(("device", device)) }
        return axes
    }

    /// The files' name without extension: the axes' values joined by `-`, each made safe for a
    /// file name (anything but letters, digits, `.` and `_` becomes `_`).
    public var name: String {
        axes.map { Combination.fileSafe($0.value) }.joined(separator: "-")
    }

    static func fileSafe(_ value: String) -> String {
        String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_") ? $0 : "_" })
    }
}
