import Foundation
import TerminalUI

/// The one line a reviewer reads for a changed combination: how many cells changed and where,
/// by the product names on the changed rows (`USA-dark-80x24-A-eligible: 14 cells in
/// "Monthly Pass"`), else by the text that changed.
public enum ChangeSummary {
    /// At most this many names are quoted; the rest are counted.
    static let namesQuoted = 3
    /// A quoted stretch of changed text is cut to this many characters.
    static let textQuoted = 40

    /// - Parameter names: what to look for on the changed rows, most telling first (the
    ///   catalog's product names in every language).
    public static func line(for name: String, diff: FrameDiff, names: [String] = []) -> String {
        "\(name): " + describe(diff, names: names)
    }

    /// The line without the combination's name.
    public static func describe(_ diff: FrameDiff, names: [String] = []) -> String {
        let count = diff.changed.count
        let cells = count == 1 ? "1 cell" : "\(count) cells"
        guard count > 0 else { return "no change" }
        if diff.before.width != diff.after.width || diff.before.height != diff.after.height {
            return "\(cells): the size changed from \(diff.before.width)x\(diff.before.height) to \(diff.after.width)x\(diff.after.height)"
        }
        let rows = changedRows(diff)
        let styleOnly = diff.changed.allSatisfy { diff.before[$0.x, $0.y].grapheme == diff.after[$0.x, $0.y].grapheme }
        let suffix = styleOnly ? " (colors or attributes only)" : ""
        let found = namesOnRows(rows, of: diff, names: names)
        if !found.isEmpty {
            var quoted = found.prefix(namesQuoted).map { "\"\($0)\"" }.joined(separator: ", ")
            if found.count > namesQuoted { quoted += " and \(found.count - namesQuoted) more" }
            return "\(cells) in \(quoted)\(suffix)"
        }
        let first = rows[0]
        let text = changedText(on: first.y, from: first.xs, of: diff)
        let place = rows.count == 1 ? "on row \(first.y + 1)" : "on rows \(first.y + 1)–\(rows[rows.count - 1].y + 1)"
        return text.isEmpty ? "\(cells) \(place)\(suffix)" : "\(cells) \(place), \"\(text)\"\(suffix)"
    }

    /// The rows with a change, top down, each with its changed columns.
    static func changedRows(_ diff: FrameDiff) -> [(y: Int, xs: [Int])] {
        var rows: [(y: Int, xs: [Int])] = []
        for position in diff.changed {
            if rows.last?.y == position.y {
                rows[rows.count - 1].xs.append(position.x)
            } else {
                rows.append((position.y, [position.x]))
            }
        }
        return rows
    }

    /// The names written on the changed rows, after the change or else before it, in the order
    /// the rows come; a name found inside a longer one found too is left out.
    static func namesOnRows(_ rows: [(y: Int, xs: [Int])], of diff: FrameDiff, names: [String]) -> [String] {
        let candidates = Array(Set(names.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }))
            .sorted { ($0.count, $0) > ($1.count, $1) }
        var found: [String] = []
        for frame in [diff.after, diff.before] {
            for row in rows {
                let text = rowText(row.y, of: frame)
                for name in candidates where text.contains(name) && !found.contains(where: { $0.contains(name) }) {
                    found.append(name)
                }
            }
            if !found.isEmpty { break }
        }
        return found
    }

    /// The words around the changed columns of one row: after the change, or before it when
    /// the change blanked them.
    static func changedText(on y: Int, from xs: [Int], of diff: FrameDiff) -> String {
        guard let low = xs.min(), let high = xs.max() else { return "" }
        for frame in [diff.after, diff.before] {
            var start = low, end = high
            while start > 0, !frame[start - 1, y].grapheme.allSatisfy(\.isWhitespace) { start -= 1 }
            while end < frame.width - 1, !frame[end + 1, y].grapheme.allSatisfy(\.isWhitespace) { end += 1 }
            var text = ""
            for x in start...end where !frame[x, y].isContinuation { text += frame[x, y].grapheme }
            text = text.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { return text.count > textQuoted ? String(text.prefix(textQuoted - 1)) + "…" : text }
        }
        return ""
    }

    static func rowText(_ y: Int, of frame: Frame) -> String {
        guard y < frame.height else { return "" }
        var text = ""
        for x in 0..<frame.width where !frame[x, y].isContinuation { text += frame[x, y].grapheme }
        return text
    }
}
