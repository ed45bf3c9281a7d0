import TerminalUI

/// A Frame as the bytes a terminal draws it from: the whole frame (a `.ansi` export), or only
/// what changed since the frame before (each event of a recording). Colors are 24-bit
/// (`38;2;r;g;b`), the theme's own, not a palette's nearest: a recording plays in terminals
/// this one never saw.
public enum ANSIText {
    static let escape = "\u{1B}["
    /// Reset, cursor home, erase the screen. The reset comes first: a terminal that erases in
    /// the current background (most do) would otherwise paint the screen in the last color.
    static let clearScreen = escape + "0m" + escape + "H" + escape + "2J"

    /// The whole frame from the top left: the screen cleared, then row after row (CR LF between
    /// them, so `cat` and `less -R` show it too), each up to its last cell that is not a plain
    /// blank, with one SGR where the style changes, and a reset at the end.
    public static func document(_ frame: Frame) -> String {
        var out = ANSIWriter()
        out.clearScreen()
        for y in 0..<frame.height {
            if y > 0 { out.text += "\r\n" }
            let end = (0..<frame.width).last { !frame[$0, y].isPlainBlank }.map { $0 + 1 } ?? 0
            out.write(frame, row: y, from: 0, to: end, positioned: false)
        }
        out.reset(always: true)
        return out.text
    }

    /// What turns a screen showing `previous` into one showing `frame`: only the cells that
    /// changed, the cursor moved only where a run of them starts, the style set once per run of
    /// equal style, and a reset at the end (empty when nothing changed). With no previous frame,
    /// or one of another size, the screen is cleared first and only what differs from a blank
    /// screen is drawn.
    public static func changes(from previous: Frame?, to frame: Frame) -> String {
        var out = ANSIWriter()
        let before: Frame
        if let previous, previous.width == frame.width, previous.height == frame.height {
            before = previous
        } else {
            out.clearScreen()
            before = Frame(width: frame.width, height: frame.height)
        }
        for y in 0..<frame.height {
            for run in ChangedRuns.of(before, frame, row: y) {
                out.write(frame, row: y, from: run.lowerBound, to: run.upperBound, positioned: true)
            }
        }
        if !out.text.isEmpty { out.reset() }
        return out.text
    }
}

extension Cell {
    /// A space in no style: what an erased screen already shows.
    var isPlainBlank: Bool { grapheme == " " && width == 1 && style == .plain }
}
