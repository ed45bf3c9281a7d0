import TerminalUI

/// The colors a picture uses, each named once as a CSS class (`.c3{fill:#12abef}`), so a row
/// says `class="c3"` instead of repeating the color: an animated recording draws the same
/// few colors thousands of times.
struct SVGPalette {
    private(set) var colors: [RGB] = []
    private var names: [RGB: String] = [:]

    mutating func name(_ color: RGB) -> String {
        if let known = names[color] { return known }
        let name = "c\(colors.count)"
        names[color] = name
        colors.append(color)
        return name
    }

    /// The rules for the `<style>` element.
    var rules: String {
        colors.enumerated().map { ".c\($0.offset){fill:\($0.element.hex)}" }.joined(separator: "\n")
    }
}

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
