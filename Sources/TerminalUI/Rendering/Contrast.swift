import Foundation

/// WCAG 2 contrast: how far apart two colors are in relative luminance, from 1:1 (the same) to
/// 21:1 (black on white). Text needs 4.5:1 (level AA) to be read easily.
public enum Contrast {
    /// What readable text needs against its background.
    public static let text = 4.5

    /// The ratio of `first` to `second`, either way round.
    public static func ratio(_ first: RGB, _ second: RGB) -> Double {
        ratio(luminance: luminance(first), luminance(second))
    }

    /// The ratio of two relative luminances.
    static func ratio(luminance first: Double, _ second: Double) -> Double {
        (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// Relative luminance of an sRGB color, 0 (black) to 1 (white).
    public static func luminance(_ color: RGB) -> Double {
        0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// An sRGB channel as linear light, 0 to 1.
    static func linear(_ channel: UInt8) -> Double {
        let value = Double(channel) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
}
