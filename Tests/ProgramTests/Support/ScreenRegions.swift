import Program
import TerminalUI
import TestFixtures

// Reading one part of a frame back as text, cell by cell (a wide character counts once), so a
// test looks at the paywall box or an overlay rather than at the whole screen, where the same
// word may appear in a pane or the hint bar.
extension Frame {
    /// Each row of `rect` as text, trailing spaces trimmed.
    func rows(in rect: Rect) -> [String] {
        (rect.y..<min(rect.maxY, height)).map { y in
            var line = ""
            for x in max(0, rect.x)..<min(rect.maxX, width) where !self[x, y].isContinuation {
                line += self[x, y].grapheme
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// Where `text` first starts, in cells, searching row by row from the top.
    func position(of text: String) -> (x: Int, y: Int)? {
        for y in 0..<height {
            var characters: [Character] = []
            var columns: [Int] = []
            for x in 0..<width where !self[x, y].isContinuation {
                for character in self[x, y].grapheme {
                    characters.append(character)
                    columns.append(x)
                }
            }
            let row = String(characters)
            if let range = row.range(of: text) {
                return (columns[row.distance(from: row.startIndex, to: range.lowerBound)], y)
            }
        }
        return nil
    }

    /// The box whose top border carries `title` (`╭─ Keys ──╮`), border included.
    func box(titled title: String) -> Rect? {
        guard let start = position(of: "╭─ " + title) else { return nil }
        return box(corner: start)
    }

    /// The box whose top-left corner `╭` is at `corner`, border included.
    func box(corner: (x: Int, y: Int)) -> Rect? {
        guard corner.x >= 0, corner.y >= 0, self[corner.x, corner.y].grapheme == "╭",
              let right = (corner.x + 1..<width).first(where: { self[$0, corner.y].grapheme == "╮" }),
              let bottom = (corner.y + 1..<height).first(where: { self[corner.x, $0].grapheme == "╰" })
        else { return nil }
        return Rect(x: corner.x, y: corner.y, width: right - corner.x + 1, height: bottom - corner.y + 1)
    }

    /// The inside of a box's rows, without its side borders.
    func inside(_ box: Rect) -> [String] {
        rows(in: Rect(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2))
    }
}

extension App {
    /// The paywall box as text, border included.
    var paywallRows: [String] { view().rows(in: layout.paywall) }

    /// The counts on the paywall's bottom border: items scrolled past above and still below.
    var scrollCounts: (above: Int, below: Int) {
        let border = paywallRows.last ?? ""
        func count(after mark: String) -> Int {
            guard let range = border.range(of: mark) else { return 0 }
            if let after = Int(border[range.upperBound...].dropFirst().prefix { $0.isNumber }) { return after }
            // Right to left the count reads before its mark: `4 ▼`.
            return Int(String(border[..<range.lowerBound].dropLast().reversed().prefix { $0.isNumber }.reversed())) ?? -1
        }
        return (count(after: "▲"), count(after: "▼"))
    }
}
