import TerminalUI

/// What a cell without a color of its own is drawn in, in every picture the exports make (SVG,
/// the HTML page, the diff page's grids): a terminal's usual light gray on near-black, one pair,
/// so the same frame looks the same in each format.
public enum PictureColors {
    public static let foreground = RGB(0xd4, 0xd4, 0xd4)
    public static let background = RGB(0x1e, 0x1e, 0x1e)
}
