import Foundation
import TerminalUI

/// A writing system a picture may need a font for, and the Debian package with one.
public struct Script: Hashable, Sendable {
    public let name: String
    public let package: String
    let ranges: [ClosedRange<UInt32>]

    /// The scripts a machine with only the basic fonts (DejaVu) draws as boxes, each with the
    /// package of Noto fonts that covers it.
    static let needingFonts: [Script] = [
        Script(name: "Japanese and Chinese", package: "fonts-noto-cjk",
               ranges: [0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF66...0xFF9F]),
        Script(name: "Korean", package: "fonts-noto-cjk", ranges: [0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF]),
        Script(name: "Arabic", package: "fonts-noto-core", ranges: [0x0600...0x06FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF]),
        Script(name: "Hebrew", package: "fonts-noto-core", ranges: [0x0590...0x05FF]),
        Script(name: "Thai", package: "fonts-noto-core", ranges: [0x0E00...0x0E7F]),
        Script(name: "Devanagari", package: "fonts-noto-core", ranges: [0x0900...0x097F]),
    ]

    /// Each script `frame` draws, with the first of its characters found there.
    static func drawn(in frame: Frame) -> [Script: Unicode.Scalar] {
        var found: [Script: Unicode.Scalar] = [:]
        for cell in frame.cells where !cell.isContinuation {
            for scalar in cell.grapheme.unicodeScalars where !scalar.isASCII {
                if let script = needingFonts.first(where: { $0.ranges.contains { $0.contains(scalar.value) } }),
                   found[script] == nil {
                    found[script] = scalar
                }
            }
        }
        return found
    }
}

/// Whether this machine has a font for each script a picture drew, asked of fontconfig
/// (`fc-list`, which rsvg-convert and Chromium find their fonts through): without one, the
/// PNG shows a box for every character, which is worth a warning before anyone trusts it.
public enum FontCoverage {
    public struct Gap: Sendable, Equatable {
        public let script: String
        public let package: String
        public let example: String

        /// `no font on this machine draws Korean (한): …`.
        public var warning: String {
            "no font on this machine draws \(script) (\(example)), so pictures drawn here show boxes for it; "
                + "install one with `apt-get install \(package)`."
        }
    }

    /// The scripts in `drawn` that no installed font covers; none when fontconfig is not there
    /// to ask (then rsvg-convert is not either).
    public static func gaps(in drawn: [Script: Unicode.Scalar]) -> [Gap] {
        guard let fontList = ExportProcess.find("fc-list") else { return [] }
        return drawn.sorted { $0.key.name < $1.key.name }.compactMap { script, scalar in
            let hex = String(scalar.value, radix: 16)
            guard let outcome = try? fontList.run([":charset=\(hex)", "family"]), outcome.status == 0,
                  outcome.output.isEmpty else { return nil }
            return Gap(script: script.name, package: script.package, example: String(Character(scalar)))
        }
    }
}
