import Foundation

/// A color theme: colors by role and a border style, read from `Themes/<name>.json`.
public struct Theme: Sendable, Equatable {
    public enum Appearance: String, Sendable, Codable {
        case light, dark
    }

    public enum Role: String, Sendable, CaseIterable, Codable {
        case background, surface, text, muted, accent, price, badge, border, selection, success, warning, error
    }

    public var name: String
    public var appearance: Appearance
    public var colors: [Role: RGB]
    public var border: BorderStyle
    /// The colors the terminal shows; `adapted(to:)` has already fitted `colors` to them.
    public var depth: ColorDepth = .trueColor

    public init(name: String, appearance: Appearance, colors: [Role: RGB], border: BorderStyle) {
        self.name = name
        self.appearance = appearance
        self.colors = colors
        self.border = border
    }

    public func color(_ role: Role) -> RGB? { colors[role] }

    /// Text of `role` on the theme's background.
    public func style(_ role: Role, bold: Bool = false) -> Style {
        Style(foreground: colors[role], background: colors[.background], bold: bold)
    }

    /// Text of `role` on the surface color (cards, panes, sheets).
    public func surfaceStyle(_ role: Role, bold: Bool = false) -> Style {
        Style(foreground: colors[role], background: colors[.surface] ?? colors[.background], bold: bold)
    }

    /// The highlighted row or card; reverse video when there is no color to show it with.
    public var selectionStyle: Style {
        Style(foreground: colors[.background], background: colors[.selection], bold: true, reverse: colors.isEmpty)
    }

    /// False for `NO_COLOR` and monochrome terminals.
    public var hasColor: Bool { !colors.isEmpty }

    /// The same theme with every color removed, for `NO_COLOR` and monochrome terminals;
    /// selection falls back to reverse video.
    public var monochrome: Theme {
        var theme = Theme(name: name, appearance: appearance, colors: [:], border: border)
        theme.depth = depth
        return theme
    }

    /// Built-in themes, used when `Themes/` holds none, so the app always has both appearances.
    public static let dark = Theme(name: "dark", appearance: .dark, colors: [
        .background: RGB(0x12, 0x14, 0x1C), .surface: RGB(0x1C, 0x20, 0x2B), .text: RGB(0xE6, 0xE8, 0xEF),
        .muted: RGB(0x8A, 0x90, 0xA2), .accent: RGB(0x7C, 0xC4, 0xFF), .price: RGB(0xFF, 0xD1, 0x66),
        .badge: RGB(0xFF, 0x7A, 0xB6), .border: RGB(0x3A, 0x40, 0x52), .selection: RGB(0x7C, 0xC4, 0xFF),
        .success: RGB(0x6B, 0xD9, 0x8A), .warning: RGB(0xFF, 0xB8, 0x4D), .error: RGB(0xFF, 0x6B, 0x6B),
    ], border: .rounded)

    public static let light = Theme(name: "light", appearance: .light, colors: [
        .background: RGB(0xFA, 0xFA, 0xF7), .surface: RGB(0xEE, 0xEF, 0xEA), .text: RGB(0x1F, 0x23, 0x2B),
        .muted: RGB(0x5C, 0x61, 0x6C), .accent: RGB(0x1A, 0x63, 0xBF), .price: RGB(0x8A, 0x52, 0x00),
        .badge: RGB(0xB8, 0x15, 0x5A), .border: RGB(0xC4, 0xC7, 0xCF), .selection: RGB(0x1A, 0x63, 0xBF),
        .success: RGB(0x17, 0x7A, 0x36), .warning: RGB(0x93, 0x57, 0x00), .error: RGB(0xC0, 0x26, 0x26),
    ], border: .single)
}
