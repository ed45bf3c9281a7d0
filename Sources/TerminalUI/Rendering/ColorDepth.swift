/// How many colors the terminal shows, which decides how a theme's 24-bit colors are drawn.
public enum ColorDepth: String, Sendable, CaseIterable {
    /// The 8 ANSI colors (`TERM=xterm`, `screen`).
    case eight = "8"
    /// The xterm 256-color palette (`TERM=xterm-256color`).
    case indexed256 = "256"
    /// Any `#rrggbb`, exactly as the theme writes it.
    case trueColor = "24-bit"

    /// The depth of a terminal whose description reports `colorCount` colors (a direct-color
    /// description reports 2^24).
    public init(colorCount: Int) {
        if colorCount >= 1 << 24 {
            self = .trueColor
        } else if colorCount >= 256 {
            self = .indexed256
        } else {
            self = .eight
        }
    }

    /// Whether `COLORTERM` says the terminal takes 24-bit colors beyond what its description
    /// (`TERM`) claims: the backend then asks for a direct-color description.
    public static func claimsTrueColor(_ colorTerm: String?) -> Bool {
        guard let value = colorTerm?.lowercased() else { return false }
        return value == "truecolor" || value == "24bit"
    }
}
