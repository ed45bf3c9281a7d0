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

    /// The themes the program carries wherever it runs: each `Themes/*.json` of the repository,
    /// copied byte for byte into `BuiltInThemeFiles.swift` by `make themes` (a test fails while a
    /// file and its copy differ); dark and light first, then the others by file name. A
    /// `Themes/` folder beside the catalog replaces them by name and adds its own.
    public static let builtIn: [Theme] = {
        let first = ["dark.json", "light.json"]
        func rank(_ name: String) -> (Int, String) { (first.firstIndex(of: name) ?? first.count, name) }
        return BuiltInThemeFiles.files.sorted { rank($0.name) < rank($1.name) }
            .compactMap { try? ThemeDecoder.decode($0.text, file: "Themes/" + $0.name) }
    }()

    /// The built-in themes with `folder`'s (a `Themes/` folder's, in its order) in place of those
    /// of the same name, and the folder's others after them.
    public static func builtIn(overriddenBy folder: [Theme]) -> [Theme] {
        var themes = builtIn
        for theme in folder {
            if let index = themes.firstIndex(where: { $0.name == theme.name }) {
                themes[index] = theme
            } else {
                themes.append(theme)
            }
        }
        return themes
    }

    /// The built-in dark and light themes, which the app always has (and Pay Station's page
    /// looks like, whatever the app's theme). Themes/dark.json and Themes/light.json decode (a
    /// test holds it); should one not, the theme keeps its name and draws without color.
    public static let dark = builtIn.first { $0.name == "dark" }
        ?? Theme(name: "dark", appearance: .dark, colors: [:], border: .rounded)

    public static let light = builtIn.first { $0.name == "light" }
        ?? Theme(name: "light", appearance: .light, colors: [:], border: .single)
}
