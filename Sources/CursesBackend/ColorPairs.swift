import CCurses
import TerminalUI

/// Turns styles into curses attributes and color pairs, creating pairs on first use. The
/// app's theme is already fitted to the terminal's depth (`Theme.adapted(to:)`), so its colors
/// are palette colors and the nearest index is exact; other colors get the nearest.
struct ColorPairs {
    let enabled: Bool
    let depth: ColorDepth
    let pairLimit: Int
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1

    private struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    init(enabled: Bool, depth: ColorDepth, pairLimit: Int) {
        self.enabled = enabled
        self.depth = depth
        self.pairLimit = min(pairLimit, Int(Int16.max))
    }

    /// The color number curses takes: a palette index, or in direct color `0xRRGGBB`, where
    /// values below 8 name the ANSI colors, so the darkest blues move up to 8 (invisible).
    static func number(of color: RGB?, at depth: ColorDepth) -> Int32 {
        guard let color else { return -1 }
        switch depth {
        case .eight: return Int32(ColorPalette.basic8(color))
        case .indexed256: return Int32(ColorPalette.xterm256(color))
        case .trueColor: return max(8, Int32(color.red) << 16 | Int32(color.green) << 8 | Int32(color.blue))
        }
    }

    mutating func attributes(for style: Style) -> (attr_t, Int16) {
        var attributes = sf_a_normal()
        if style.bold { attributes |= sf_a_bold() }
        if style.underline { attributes |= sf_a_underline() }
        if style.reverse { attributes |= sf_a_reverse() }
        guard enabled else { return (attributes, 0) }
        let key = PairKey(foreground: Self.number(of: style.foreground, at: depth),
                          background: Self.number(of: style.background, at: depth))
        if key.foreground == -1 && key.background == -1 { return (attributes, 0) }
        if let pair = pairs[key] { return (attributes, Int16(pair)) }
        guard Int(nextPair) < pairLimit else { return (attributes, 0) }
        let pair = nextPair
        // A pair that cannot be made (a color past what this ncurses takes) draws in the default colors.
        guard sf_init_pair(pair, key.foreground, key.background) == OK else { return (attributes, 0) }
        pairs[key] = pair
        nextPair += 1
        return (attributes, Int16(pair))
    }
}
