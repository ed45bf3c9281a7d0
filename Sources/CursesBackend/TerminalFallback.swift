import TerminalUI

/// Which terminal description to draw with. Over ssh `TERM` often names a terminal whose
/// description this machine lacks (xterm-kitty, xterm-ghostty, alacritty); they all speak
/// xterm's language, so the app draws as `xterm-256color`, else `xterm`, and says so, rather
/// than stop with ncurses' "Error opening terminal".
enum TerminalFallback {
    /// The descriptions every xterm-like terminal can be drawn with, best first.
    static let fallbacks = ["xterm-256color", "xterm"]

    /// The direct-color description, for terminals that say `COLORTERM=truecolor`.
    static let directColor = "xterm-direct"

    /// What was asked for and what will be used.
    struct Choice: Equatable {
        var name: String
        var colorCount: Int
        /// The line for the bottom of the screen when `TERM` was not known.
        var notice: String?
    }

    /// The first description that exists, by `colorsOf` (nil: not known here). `TERM` itself
    /// comes first; with `COLORTERM` claiming 24-bit color and `TERM` not direct, the
    /// direct-color description is preferred when the machine has it.
    static func choose(term: String?, colorTerm: String?, colorsOf: (String) -> Int?) -> Choice? {
        let requested = term.flatMap { $0.isEmpty ? nil : $0 }
        var chosen: Choice?
        if let requested, let colors = colorsOf(requested) {
            chosen = Choice(name: requested, colorCount: colors)
        } else {
            for name in fallbacks {
                guard let colors = colorsOf(name) else { continue }
                let why = requested.map { "TERM \($0) is not known here" } ?? "TERM is not set"
                chosen = Choice(name: name, colorCount: colors, notice: "\(why); drawing as \(name).")
                break
            }
        }
        guard var choice = chosen else { return nil }
        if ColorDepth.claimsTrueColor(colorTerm), choice.colorCount < 1 << 24, let colors = colorsOf(directColor),
           colors >= 1 << 24 {
            choice.name = directColor
            choice.colorCount = colors
        }
        return choice
    }
}
