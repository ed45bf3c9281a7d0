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
}

/// Maps 24-bit colors to the xterm 256-color palette, or to the 8 basic colors.
public enum ColorPalette {
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

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

    /// One of the 8 ANSI colors (0 black … 7 white): each channel on when it is bright enough.
    public static func basic8(_ color: RGB) -> Int {
        let threshold: UInt8 = 100
        return (color.red > threshold ? 1 : 0) | (color.green > threshold ? 2 : 0) | (color.blue > threshold ? 4 : 0)
    }
}
