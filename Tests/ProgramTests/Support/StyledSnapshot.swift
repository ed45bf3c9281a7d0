import Foundation
import TerminalUI
import TestFixtures
import Testing

/// A golden that records how a screen looks, not only what it says: for each size the frame's
/// text, then for each color depth a legend of the styles used (a letter each, in order of first
/// use) and one line per row of runs, `a3 b10 a67` (3 cells of a, 10 of b …). A lost highlight,
/// a color that vanishes into its ground or a bold that goes changes a golden.
enum StyledSnapshot {
    struct Screen {
        var size: String
        var text: [String]
        /// (depth, frame) for each depth drawn.
        var frames: [(ColorDepth, Frame)]
    }

    static func document(title: String, screens: [Screen]) -> String {
        var out = ["# \(title)", "# style-aware snapshot; SNAPSHOT_RECORD=1 rewrites it"]
        for screen in screens {
            out.append("== \(screen.size) text ==")
            out.append(contentsOf: screen.text)
            for (depth, frame) in screen.frames {
                out.append("== \(screen.size) styles, \(depth.rawValue) colors ==")
                out.append(contentsOf: styleLines(frame, depth: depth))
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private static let symbols = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// The legend, then a line of runs per row.
    static func styleLines(_ frame: Frame, depth: ColorDepth) -> [String] {
        var order: [Style] = []
        var letters: [Style: Character] = [:]
        var rows: [String] = []
        for y in 0..<frame.height {
            var runs: [String] = []
            var current: Character?
            var count = 0
            for x in 0..<frame.width {
                let style = frame[x, y].style
                let letter: Character
                if let known = letters[style] {
                    letter = known
                } else {
                    letter = order.count < symbols.count ? symbols[order.count] : "?"
                    letters[style] = letter
                    order.append(style)
                }
                if letter == current {
                    count += 1
                } else {
                    if let current { runs.append("\(current)\(count)") }
                    current = letter
                    count = 1
                }
            }
            if let current { runs.append("\(current)\(count)") }
            rows.append(runs.joined(separator: " "))
        }
        let legend = order.map { "\(letters[$0] ?? "?") = \(describe($0, depth: depth))" }
        return legend + ["--"] + rows
    }

    private static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// `white on black bold`, `254 on 233`: the colors as the terminal is sent them.
    static func describe(_ style: Style, depth: ColorDepth) -> String {
        func name(_ color: RGB?) -> String {
            guard let color else { return "default" }
            switch depth {
            case .eight: return ansiNames[ColorPalette.basic8(color)]
            case .indexed256: return String(ColorPalette.xterm256(color))
            case .trueColor:
                return "#" + [color.red, color.green, color.blue].map { String(format: "%02x", $0) }.joined()
            }
        }
        var words = ["\(name(style.foreground)) on \(name(style.background))"]
        if style.bold { words.append("bold") }
        if style.underline { words.append("underline") }
        if style.reverse { words.append("reverse") }
        return words.joined(separator: " ")
    }
}

/// Compares `document` with the golden `__Snapshots__/<name>.txt` as `assertSnapshot` does
/// frames: a missing golden is written and fails; `SNAPSHOT_RECORD=1` rewrites and fails.
func assertGolden(_ document: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = packageRoot.appendingPathComponent("Tests/ProgramTests/__Snapshots__/\(name).txt")
    let record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
    guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? document.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("Recorded snapshot \(name).txt; look at it, then run the tests again.", sourceLocation: sourceLocation)
        return
    }
    guard expected != document else { return }
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = document.split(separator: "\n", omittingEmptySubsequences: false)
    var diff: [String] = []
    var section = ""
    for index in 0..<max(old.count, new.count) {
        let before = index < old.count ? String(old[index]) : "(none)"
        let after = index < new.count ? String(new[index]) : "(none)"
        if after.hasPrefix("== ") { section = after }
        if before != after { diff.append("line \(index + 1) (\(section)):\n  expected: \(before)\n  actual:   \(after)") }
    }
    Issue.record("""
        Snapshot \(name).txt differs (SNAPSHOT_RECORD=1 rewrites it if the change is intended).
        \(diff.prefix(40).joined(separator: "\n"))\(diff.count > 40 ? "\n… \(diff.count - 40) more lines differ" : "")
        """, sourceLocation: sourceLocation)
}
