import Catalog
import Foundation
import TerminalUI

/// The one line a reviewer reads for a changed combination: how many cells changed and where,
/// each changed place named by the product whose box or row it is in (`USA-dark-80x24-A-eligible:
/// 14 cells in "Monthly Pass"`), else by the stretch of text around it (`"Unlock the Pass today"`).
public enum ChangeSummary {
    /// At most this many places are quoted; the rest are counted.
    static let placesQuoted = 3
    /// A quoted stretch of text is cut to this many characters.
    static let textQuoted = 40

    /// What a change may be named by (the catalog's product names in every language), made
    /// once for a whole export: longest first, each with the form a right-to-left screen draws
    /// it in (Arabic shaped, an English name's closing `!` on its left), so every changed
    /// combination looks for it both ways without ordering it again.
    public struct Names: Sendable {
        let drawn: [DrawnName]

        public init(_ names: [String]) {
            drawn = Array(Set(names.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }))
                .sorted { ($0.count, $0) > ($1.count, $1) }
                .flatMap { name in
                    let visual = BidiText.visualRightToLeft(name)
                    return [DrawnName(drawn: name, name: name)] + (visual == name ? [] : [DrawnName(drawn: visual, name: name)])
                }
        }
    }

    /// - Parameter names: a name counts where it is drawn in the box of a changed cell.
    public static func line(for name: String, diff: FrameDiff, names: Names) -> String {
        "\(name): " + describe(diff, names: names)
    }

    public static func line(for name: String, diff: FrameDiff, names: [String] = []) -> String {
        line(for: name, diff: diff, names: Names(names))
    }

    public static func describe(_ diff: FrameDiff, names: [String] = []) -> String {
        describe(diff, names: Names(names))
    }

    /// The line without the combination's name.
    public static func describe(_ diff: FrameDiff, names: Names) -> String {
        let count = diff.changed.count
        guard count > 0 else { return "no change" }
        let cells = English.count(count, "cell")
        if diff.before.width != diff.after.width || diff.before.height != diff.after.height {
            return "\(cells): the size changed from \(diff.before.width)x\(diff.before.height) to \(diff.after.width)x\(diff.after.height)"
        }
        let rows = changedRows(diff)
        let styleOnly = diff.changed.allSatisfy { diff.before[$0.x, $0.y].grapheme == diff.after[$0.x, $0.y].grapheme }
        let suffix = styleOnly ? " (colors or attributes only)" : ""
        let candidates = names.drawn
        var places: [String] = []
        for row in rows {
            for place in self.places(on: row, of: diff, names: candidates) where !places.contains(place) {
                places.append(place)
            }
        }
        guard !places.isEmpty else {
            let where_ = rows.count == 1 ? "on row \(rows[0].y + 1)" : "on rows \(rows[0].y + 1)–\(rows[rows.count - 1].y + 1)"
            return "\(cells) \(where_)\(suffix)"
        }
        var quoted = places.prefix(placesQuoted).map { "\"\($0)\"" }.joined(separator: ", ")
        if places.count > placesQuoted { quoted += " and \(places.count - placesQuoted) more" }
        return "\(cells) in \(quoted)\(suffix)"
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

    /// What one changed row is named by: the names in the box the change is drawn in, on its
    /// row (after the change, else before it: a name removed) or above it in the same box (a
    /// card's name over its price); else the stretch of text around the change; else nothing
    /// (a change of blanks).
    static func places(on row: (y: Int, xs: [Int]), of diff: FrameDiff, names: [DrawnName]) -> [String] {
        guard let low = row.xs.min(), let high = row.xs.max() else { return [] }
        for frame in [diff.after, diff.before] {
            let box = RowText(frame, y: row.y).box(around: low...high)
            var y = row.y
            while y >= 0, y > row.y - boxRowsSearched {
                let drawn = RowText(frame, y: y)
                if y < row.y, drawn.crossesBorder(in: box) { break }
                let found = drawn.names(names, within: box)
                if !found.isEmpty { return found }
                y -= 1
            }
        }
        // Around the first change of the row: a row changed across several boxes (a status
        // bar recolored) is quoted by its first field, not by all of them run together.
        for frame in [diff.after, diff.before] {
            var text = RowText(frame, y: row.y).stretch(around: [low])
            // Quoted in the order it is read, not the order its cells run.
            if ReadingOrder.holdsRightToLeft(text) { text = ReadingOrder.logical(fromVisual: text) }
            if !text.isEmpty { return [text.count > textQuoted ? String(text.prefix(textQuoted - 1)) + "…" : text] }
        }
        return []
    }

    /// A name as the frame draws it, and as the summary quotes it.
    struct DrawnName: Sendable {
        var drawn: String
        var name: String
    }

    /// How far up a box a change's name is looked for: a card's rows, not the screen.
    static let boxRowsSearched = 8

    /// One row of a frame as characters, each with the column it is drawn in.
    struct RowText {
        var characters: [Character] = []
        var columns: [Int] = []

        init(_ frame: Frame, y: Int) {
            for x in 0..<frame.width where !frame[x, y].isContinuation {
                for character in frame[x, y].grapheme {
                    characters.append(character)
                    columns.append(x)
                }
            }
        }

        /// The columns each occurrence of `name` is drawn over.
        func columns(of name: String) -> [ClosedRange<Int>] {
            let wanted = Array(name)
            guard !wanted.isEmpty, wanted.count <= characters.count else { return [] }
            var spans: [ClosedRange<Int>] = []
            for start in 0...(characters.count - wanted.count) where characters[start] == wanted[0] {
                if Array(characters[start..<start + wanted.count]) == wanted {
                    spans.append(columns[start]...columns[start + wanted.count - 1])
                }
            }
            return spans
        }

        /// The columns between the borders either side of `changed`: the box (or, with none,
        /// the row) a change is drawn in.
        func box(around changed: ClosedRange<Int>) -> ClosedRange<Int> {
            let left = characters.indices.last { columns[$0] < changed.lowerBound && Self.isBorder(characters[$0]) }
            let right = characters.indices.first { columns[$0] > changed.upperBound && Self.isBorder(characters[$0]) }
            let low = left.map { columns[$0] + 1 } ?? 0
            let high = right.map { columns[$0] - 1 } ?? (columns.last ?? 0)
            return low...max(low, high)
        }

        /// The names drawn wholly inside `box`, longest first, none that is part of another found.
        func names(_ names: [DrawnName], within box: ClosedRange<Int>) -> [String] {
            var found: [String] = []
            for name in names where !found.contains(where: { $0.contains(name.name) }) {
                if columns(of: name.drawn).contains(where: { box.contains($0.lowerBound) && box.contains($0.upperBound) }) {
                    found.append(name.name)
                }
            }
            return found
        }

        /// Whether a horizontal border runs through `box` on this row: the top or bottom of the box.
        func crossesBorder(in box: ClosedRange<Int>) -> Bool {
            characters.indices.contains { box.contains(columns[$0]) && Self.isBorder(characters[$0]) && !Self.isVertical(characters[$0]) }
        }

        /// The text around the changed columns, out to a box's border or a gap of two blanks
        /// on each side: one label, one price, one line of a card.
        func stretch(around xs: [Int]) -> String {
            guard let low = xs.min(), let high = xs.max(),
                  var start = columns.firstIndex(where: { $0 >= low }),
                  var end = columns.lastIndex(where: { $0 <= high }), start <= end
            else { return "" }
            func stops(_ index: Int, _ step: Int) -> Bool {
                let next = index + step
                guard characters.indices.contains(next), !Self.isBorder(characters[next]) else { return true }
                let after = next + step
                return characters[next] == " " && (!characters.indices.contains(after) || characters[after] == " ")
            }
            while !stops(start, -1) { start -= 1 }
            while !stops(end, 1) { end += 1 }
            // A border the change moved is part of the change, not of the text.
            return String(characters[start...end].filter { !Self.isBorder($0) }).trimmingCharacters(in: .whitespaces)
        }

        /// Box drawing and block characters: the frame around text, never part of it.
        static func isBorder(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { (0x2500...0x259F).contains($0.value) }
        }

        static func isVertical(_ character: Character) -> Bool {
            "│┃║╎╏┆┇┊┋".contains(character)
        }
    }
}
