import TerminalUI

/// Escape sequences as they are written, remembering the style the terminal holds so that a
/// style is sent only where it changes.
struct ANSIWriter {
    var text = ""
    /// The style the terminal draws in now; nil while unknown (before the first SGR).
    private var pen: Style?

    /// After `clearScreen` the terminal draws in its own style: nothing to send for plain cells.
    mutating func clearScreen() {
        text += ANSIText.clearScreen
        pen = .plain
    }

    /// Cells `start..<end` of `row`, moving the cursor to `start` first when `positioned`.
    /// A wide character is written once and takes its continuation cell with it. After a
    /// cluster of several code points (a ZWJ family, a flag) the cursor is put back where the
    /// frame says it is: terminals disagree on those widths, and the next cell must not move.
    mutating func write(_ frame: Frame, row y: Int, from start: Int, to end: Int, positioned: Bool) {
        guard start < end else { return }
        if positioned { moveCursor(x: start, y: y) }
        var x = start
        while x < end {
            let cell = frame[x, y]
            if cell.isContinuation {
                x += 1
                continue
            }
            setStyle(cell.style)
            text += cell.grapheme
            x += max(1, cell.width)
            if cell.grapheme.unicodeScalars.count > 1, x < end { moveCursor(x: x, y: y) }
        }
    }

    /// `CSI row;column H`, 1-based; the shortest form for the first column.
    mutating func moveCursor(x: Int, y: Int) {
        text += ANSIText.escape + (x == 0 ? "\(y + 1)H" : "\(y + 1);\(x + 1)H")
    }

    mutating func setStyle(_ style: Style) {
        guard pen != style else { return }
        pen = style
        text += Self.sgr(style)
    }

    /// Back to the terminal's own style, if anything may have been drawn in another; `always`
    /// for a document, which ends on a reset whatever it drew.
    mutating func reset(always: Bool = false) {
        guard always || (pen != nil && pen != .plain) else { return }
        text += ANSIText.escape + "0m"
        pen = .plain
    }

    /// One SGR for the whole style: a reset, then what the style has. Starting from a reset
    /// means no attribute is left on from the run before, whatever the terminal held.
    static func sgr(_ style: Style) -> String {
        var parts = ["0"]
        if style.bold { parts.append("1") }
        if style.underline { parts.append("4") }
        if style.reverse { parts.append("7") }
        if let color = style.foreground { parts.append("38;2;\(color.red);\(color.green);\(color.blue)") }
        if let color = style.background { parts.append("48;2;\(color.red);\(color.green);\(color.blue)") }
        return ANSIText.escape + parts.joined(separator: ";") + "m"
    }
}

/// Where a row changed between two frames of one size, as runs of columns to write again.
enum ChangedRuns {
    /// Unchanged gaps this short are written over rather than jumped: a cursor move costs
    /// more bytes than a few cells.
    static let longestGapWrittenOver = 4

    static func of(_ before: Frame, _ after: Frame, row y: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var x = 0
        while x < after.width {
            guard before[x, y] != after[x, y] else {
                x += 1
                continue
            }
            // A change in a wide character's right half is a change of the character.
            var start = x
            if after[x, y].isContinuation, x > 0 { start = x - 1 }
            var end = x + 1
            // A wide character on either side takes its right half with it.
            if after[x, y].width == 2 { end = min(after.width, x + 2) }
            if let last = runs.last, start - last.upperBound <= longestGapWrittenOver {
                runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, end)
            } else {
                runs.append(start..<end)
            }
            x = end
        }
        return runs
    }
}
