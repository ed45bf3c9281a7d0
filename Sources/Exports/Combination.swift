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
    /// file name (anything but letters, digits, `.` and `_` becomes `_`) and at most
    /// `longestValue` characters, so every name fits a file system's 255 bytes whatever the
    /// catalog calls its variants and themes.
    public var name: String {
        axes.map { Combination.fileSafe($0.value) }.joined(separator: "-")
    }

    /// The longest an axis value is in a name. Three values this long (a storefront, a theme, a
    /// variant), the longest size, eligibility, state and device, the dashes between, and what
    /// the writers add (`.html`, a temporary file's `.tmp.XXXXXX`, the PNG's hidden SVG
    /// `.NAME.1a2b3c4d.svg`) stay well under 255 bytes.
    static let longestValue = 48

    static func fileSafe(_ value: String) -> String {
        let safe = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_") ? $0 : "_" })
        guard safe.utf8.count > longestValue else { return safe }
        // Its start, to be recognised, and a hash of the whole value, to stay apart from every
        // other long value with the same start; the same value always gets the same name.
        let hash = StableHash.hex(of: value)
        return safe.prefix(longestValue - hash.count - 1) + "_" + hash
    }
}

/// FNV-1a over the UTF-8 bytes, 64 bits as 16 hex digits: the same on every run and platform,
/// as Swift's own `Hasher`, seeded per process, is not.
enum StableHash {
    static func hex(of text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
