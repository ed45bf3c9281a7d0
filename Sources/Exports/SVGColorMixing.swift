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
