/// How a cell looks: colors already resolved from the theme, and attributes.
public struct Style: Sendable, Equatable, Hashable {
    public var foreground: RGB?
    public var background: RGB?
    public var bold: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false, underline: Bool = false,
                reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
    }

    public static let plain = Style()
}
