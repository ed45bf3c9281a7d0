import CCurses
import TerminalUI

/// Turns styles into curses attributes and color pairs, creating pairs on first use and
/// mapping 24-bit theme colors to 256 or 8 colors, whichever the terminal has.
struct ColorPairs {
    let enabled: Bool
    let colorCount: Int
    let pairLimit: Int
    private var pairs: [Int: Int16] = [:]
    private var nextPair: Int16 = 1

    init(enabled: Bool, colorCount: Int, pairLimit: Int) {
        self.enabled = enabled
        self.colorCount = colorCount
        self.pairLimit = min(pairLimit, Int(Int16.max))
    }

    private func index(of color: RGB?) -> Int {
        guard let color else { return -1 }
        return colorCount >= 256 ? ColorPalette.xterm256(color) : ColorPalette.basic8(color)
    }

    mutating func attributes(for style: Style) -> (attr_t, Int16) {
        var attributes = sf_a_normal()
        if style.bold { attributes |= sf_a_bold() }
        if style.underline { attributes |= sf_a_underline() }
        if style.reverse { attributes |= sf_a_reverse() }
        guard enabled else { return (attributes, 0) }
        let foreground = index(of: style.foreground), background = index(of: style.background)
        if foreground == -1 && background == -1 { return (attributes, 0) }
        let key = (foreground + 1) * 1000 + (background + 1)
        if let pair = pairs[key] { return (attributes, pair) }
        guard Int(nextPair) < pairLimit else { return (attributes, 0) }
        let pair = nextPair
        init_pair(pair, Int16(foreground), Int16(background))
        pairs[key] = pair
        nextPair += 1
        return (attributes, pair)
    }
}
