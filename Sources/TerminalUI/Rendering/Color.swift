import Foundation

/// A 24-bit color as themes write it (`#rrggbb`); the backend maps it onto what the terminal has.
public struct RGB: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#rrggbb`; nil for anything else.
    public init?(hex text: String) {
        guard text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16) else { return nil }
        self.init(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// `#rrggbb`, as themes write it and HTML and SVG read it.
    public var hex: String {
        let digits: [Character] = Array("0123456789abcdef")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xF)])
        }
        return text
    }
}

/// The colors a terminal can show, as 24-bit colors, and the nearest of them to a theme's.
public enum ColorPalette {
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The 8 ANSI colors (0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white)
    /// as xterm draws them by default. Terminals may change them; contrast is judged on these.
    public static let basic: [RGB] = [
        RGB(0x00, 0x00, 0x00), RGB(0xCD, 0x00, 0x00), RGB(0x00, 0xCD, 0x00), RGB(0xCD, 0xCD, 0x00),
        RGB(0x00, 0x00, 0xEE), RGB(0xCD, 0x00, 0xCD), RGB(0x00, 0xCD, 0xCD), RGB(0xE5, 0xE5, 0xE5),
    ]

    /// The indexes of the 256-color palette whose colors every xterm-like terminal agrees on:
    /// the 6x6x6 cube and the gray ramp. 0–15 are the terminal's own and are left alone.
    public static let fixed256 = 16...255

    /// The color of palette index `index` (16–255); the ANSI colors below 16 as `basic`.
    public static func color(ofXterm256 index: Int) -> RGB {
        switch index {
        case 232...255:
            let level = UInt8(8 + (index - 232) * 10)
            return RGB(level, level, level)
        case 16...231:
            let cube = index - 16
            return RGB(UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6]))
        default:
            return basic[index & 7]
        }
    }

    /// The nearest of the 240 cube and gray colors (16–255), by squared distance.
    public static func xterm256(_ color: RGB) -> Int {
        func nearestLevel(_ value: UInt8) -> Int {
            var best = 0
            for (index, level) in cubeLevels.enumerated() where abs(level - Int(value)) < abs(cubeLevels[best] - Int(value)) {
                best = index
            }
            return best
        }
        let r = nearestLevel(color.red), g = nearestLevel(color.green), b = nearestLevel(color.blue)
        let cubeIndex = 16 + 36 * r + 6 * g + b
        let cubeColor = (cubeLevels[r], cubeLevels[g], cubeLevels[b])
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let grayStep = max(0, min(23, (average - 8 + 5) / 10))
        let grayLevel = 8 + grayStep * 10
        func distance(_ other: (Int, Int, Int)) -> Int {
            let dr = Int(color.red) - other.0, dg = Int(color.green) - other.1, db = Int(color.blue) - other.2
            return dr * dr + dg * dg + db * db
        }
        return distance((grayLevel, grayLevel, grayLevel)) < distance(cubeColor) ? 232 + grayStep : cubeIndex
    }

    /// The nearest of the 8 ANSI colors (0 black … 7 white) as `basic` has them.
    public static func basic8(_ color: RGB) -> Int {
        basic.indices.min { distance(color, basic[$0]) < distance(color, basic[$1]) } ?? 0
    }

    /// How different two colors look: the squared distance in Oklab, a space made so that
    /// equal distances look equally different (a gray is far from a teal of the same lightness).
    public static func distance(_ first: RGB, _ second: RGB) -> Double {
        let a = oklab(first), b = oklab(second)
        let dl = a.lightness - b.lightness, da = a.greenRed - b.greenRed, db = a.blueYellow - b.blueYellow
        return dl * dl + da * da + db * db
    }

    /// Björn Ottosson's Oklab coordinates of an sRGB color.
    static func oklab(_ color: RGB) -> (lightness: Double, greenRed: Double, blueYellow: Double) {
        let r = Contrast.linear(color.red), g = Contrast.linear(color.green), b = Contrast.linear(color.blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }
}
