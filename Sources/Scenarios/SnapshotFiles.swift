import Exports
import Foundation
import TerminalUI

/// What `snapshot NAME` keeps in the snapshots directory: the screen's text (`NAME.txt`, for
/// people and for text diffs in review) and its cells (`NAME.cells.json`, a `FrameArchive`, so a
/// change of color or attribute fails too).
struct SnapshotFiles {
    let text: String
    let cells: String

    init(directory: String, name: String) {
        text = (directory as NSString).appendingPathComponent(name + ".txt")
        cells = (directory as NSString).appendingPathComponent(name + ".cells.json")
    }

    /// The frame as text, one row a line, as `NAME.txt` holds it.
    static func text(of frame: Frame) -> String {
        frame.lines.joined(separator: "\n") + "\n"
    }

    /// What a `NAME.txt` recorded without its cells looked like, as a frame: its text, in the
    /// styles `current` has at each cell, so a diff against `current` marks only the text that
    /// changed. The width is `current`'s; the height the file's.
    static func frame(ofText text: String, stylesFrom current: Frame) -> Frame {
        var rows = text.components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        var drawn = Frame(width: current.width, height: rows.count)
        for (y, row) in rows.enumerated() { drawn.write(row, x: 0, y: y, style: .plain) }
        guard drawn.height == current.height else { return drawn }
        let cells = drawn.cells.enumerated().map { index, cell in
            Cell(cell.grapheme, width: cell.width, style: current.cells[index].style)
        }
        return Frame(width: drawn.width, height: drawn.height, cells: cells) ?? drawn
    }

    /// A style as a failure message says it: `#e6e8ef on #12141c, bold`.
    static func describe(_ style: Style) -> String {
        var parts = ["\(style.foreground?.hex ?? "default") on \(style.background?.hex ?? "default")"]
        if style.bold { parts.append("bold") }
        if style.underline { parts.append("underline") }
        if style.reverse { parts.append("reverse") }
        return parts.joined(separator: ", ")
    }
}
