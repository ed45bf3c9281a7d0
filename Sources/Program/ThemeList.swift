import TerminalUI

/// Every theme `t` steps through and the one on screen, each fitted to this terminal's colors
/// (or without color) when first shown, then kept rather than fitted at every frame. Only the
/// shown one is fitted at launch: fitting a theme to 256 colors searches the palette for each of
/// its colors, and the five shipped themes took a third of `App.init` in a profile of the launch.
public struct ThemeList: Sendable {
    /// The themes as loaded; saved theme files replace them (`App+Reload.swift`).
    public private(set) var all: [Theme]
    public private(set) var index: Int
    private let colorEnabled: Bool
    private let colorDepth: ColorDepth
    private var fitted: [Theme?]

    /// - Parameter name: the theme shown first; the first one when none is of that name.
    init(_ themes: [Theme], showing name: String?, colorEnabled: Bool, colorDepth: ColorDepth) {
        let available = themes.isEmpty ? [Theme.dark] : themes
        all = available
        index = name.flatMap { name in available.firstIndex { $0.name == name } } ?? 0
        self.colorEnabled = colorEnabled
        self.colorDepth = colorDepth
        fitted = []
        replace(with: all, showing: index)
    }

    /// The theme on screen, fitted to this terminal.
    public var shown: Theme { fitted[index] ?? fit(all[index]) }

    /// Shows the theme at `index`, fitted now if it never was.
    mutating func show(_ index: Int) {
        self.index = index
        guard fitted.indices.contains(index), fitted[index] == nil else { return }
        fitted[index] = fit(all[index])
    }

    /// `t` (`step` 1) or `T` (-1): the next or previous theme, round.
    mutating func step(by step: Int) {
        show((index + all.count + step) % all.count)
    }

    /// Saved theme files loaded: every fitted one is dropped, as any may have changed.
    mutating func replace(with themes: [Theme], showing index: Int) {
        all = themes
        fitted = Array(repeating: nil, count: themes.count)
        show(index)
    }

    private func fit(_ theme: Theme) -> Theme {
        colorEnabled ? theme.adapted(to: colorDepth) : theme.monochrome
    }
}
