import TerminalUI

extension RGB {
    /// This color `fraction` of the way to `other`: the chrome's bar and title are the
    /// picture's own colors mixed, so they suit any theme.
    func mixed(with other: RGB, _ fraction: Double) -> RGB {
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(a) + (Double(b) - Double(a)) * fraction).rounded())))
        }
        return RGB(channel(red, other.red), channel(green, other.green), channel(blue, other.blue))
    }
}

/// The colors a cell without its own gets, and reverse applied.
struct SVGColors {
    let foreground: RGB
    let background: RGB

    func look(of style: Style) -> SVGRow.Look {
        let fg = style.foreground ?? foreground, bg = style.background ?? background
        return SVGRow.Look(foreground: style.reverse ? bg : fg, background: style.reverse ? fg : bg,
                           bold: style.bold, underline: style.underline)
    }
}
