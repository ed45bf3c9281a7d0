import Foundation

/// Reading a captured screen the way a user looks at it: by text, by row, by titled box.
/// Prices carry U+00A0 and U+202F (`1,09 €`); every comparison here treats them as spaces.
extension Array where Element == String {
    /// Whether any row shows `text`.
    func shows(_ text: String) -> Bool {
        let wanted = text.withPlainSpaces
        return contains { $0.withPlainSpaces.contains(wanted) }
    }

    /// Row 1: app, storefront, integration path, theme, variant, SANDBOX.
    var statusBar: String { first?.withPlainSpaces ?? "" }

    /// The last row: the latest notice or the key hints, without the leading blank.
    var bottomLine: String { (last ?? "").withPlainSpaces.trimmingCharacters(in: .whitespaces) }

    /// The rows inside the box titled `title` (`╭─ Events ───╮`, `┌─ Keys ─┐`; on a narrow screen
    /// the pane drawn is the bracketed tab, `╭─ Transactions ─[Events]─╮`), each trimmed, or nil
    /// when no such box is on screen. Columns are display columns: CJK counts as 2.
    func pane(_ title: String) -> [String]? {
        guard let box = box(titled: title) else { return nil }
        let grid = map(\.displayCells)
        return (box.top + 1..<box.bottom).map { row in
            let cells = grid[row]
            guard cells.count > box.left + 1 else { return "" }
            return cells[(box.left + 1)..<Swift.min(box.right, cells.count)].joined()
                .withPlainSpaces.trimmingCharacters(in: .whitespaces)
        }
    }

    /// Where the box titled `title` is: its top and bottom rows and left and right display columns.
    func box(titled title: String) -> (top: Int, bottom: Int, left: Int, right: Int)? {
        let grid = map(\.displayCells)
        for (row, cells) in grid.enumerated() {
            for column in cells.indices where ["╭", "┌", "+"].contains(cells[column]) {
                guard let right = cells[(column + 1)...].firstIndex(where: { ["╮", "┐", "+"].contains($0) }) else { continue }
                let top = cells[(column + 1)..<right].joined()
                // A border of tabs names the pane drawn in brackets; the others are only tabs.
                let titled = top.contains("─[") ? top.contains("[\(title)]") : top.hasPrefix("─ " + title) || top.hasPrefix("- " + title)
                guard titled else { continue }
                let bottom = (row + 1..<grid.count).first { below in
                    grid[below].count > column && ["╰", "└", "+"].contains(grid[below][column])
                } ?? grid.count
                return (row, bottom, column, right)
            }
        }
        return nil
    }

    /// Where `text` first shows in reading order (row, then display column), if it does.
    func position(of text: String) -> ScreenPosition? {
        let wanted = text.withPlainSpaces
        for (row, line) in enumerated() {
            let plain = line.withPlainSpaces
            guard let range = plain.range(of: wanted) else { continue }
            return ScreenPosition(row: row, column: String(plain[..<range.lowerBound]).displayWidth)
        }
        return nil
    }

    /// The row of the open Pay Station sheet that starts with `prefix`, if any.
    func sheetLine(startingWith prefix: String) -> String? {
        pane("Pay Station")?.first { $0.hasPrefix(prefix) }
    }
}

/// A cell of a captured screen, ordered as a reader reads: by row, then by column.
struct ScreenPosition: Comparable {
    var row: Int
    var column: Int

    static func < (left: ScreenPosition, right: ScreenPosition) -> Bool {
        (left.row, left.column) < (right.row, right.column)
    }
}

extension String {
    /// U+00A0 and U+202F as plain spaces.
    var withPlainSpaces: String {
        replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }

    /// The row in ASCII, column for column: boxes as `+-|`, a wide character as `??`, `▸` as `>`.
    var asciiSketch: String {
        let known: [Character: String] = ["▸": ">", "✓": "v", "✗": "x", "…": "~", "·": ".", "€": "E", "¥": "Y",
                                          "★": "*", "•": "*", "▏": "_", "←": "<", "→": ">", "↑": "^", "↓": "v"]
        return String(flatMap { character -> String in
            if character.isASCII { return String(character) }
            if let plain = known[character] { return plain }
            if let scalar = character.unicodeScalars.first, (0x2500...0x257F).contains(scalar.value) {
                if "─━═╌┄".contains(character) { return "-" }
                if "│┃║╎┆".contains(character) { return "|" }
                return "+"
            }
            return String(repeating: "?", count: Swift.max(1, character.displayWidth))
        })
    }

    /// How many terminal columns the text takes.
    var displayWidth: Int { reduce(0) { $0 + $1.displayWidth } }

    /// One entry per terminal column: a wide character's second column is "".
    var displayCells: [String] {
        var cells: [String] = []
        for character in self {
            switch character.displayWidth {
            case 0 where !cells.isEmpty: cells[cells.count - 1] += String(character)
            case 2: cells += [String(character), ""]
            default: cells.append(String(character))
            }
        }
        return cells
    }
}

extension Character {
    /// East Asian Wide and Fullwidth characters and emoji take two columns; marks take none.
    var displayWidth: Int {
        guard let scalar = unicodeScalars.first else { return 0 }
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }
}
