import Foundation
import TerminalUI

/// A Frame as JSON, every cell's text, width, colors and attributes: what an export keeps
/// beside its pictures so a later `--compare` can diff against it cell by cell.
public enum FrameArchive {
    struct Archived: Codable {
        var width: Int
        var height: Int
        /// Each distinct style once; cells name theirs by index, so a frame of 4,800 cells in a
        /// dozen styles stays small.
        var styles: [ArchivedStyle]
        /// Per cell: grapheme, width, style index.
        var cells: [ArchivedCell]
    }

    struct ArchivedStyle: Codable, Hashable {
        var fg: String?
        var bg: String?
        var bold: Bool?
        var underline: Bool?
        var reverse: Bool?
    }

    struct ArchivedCell: Codable {
        var g: String
        var w: Int
        var s: Int
    }

    public static func encode(_ frame: Frame) throws -> Data {
        var styles: [ArchivedStyle] = []
        var index: [Style: Int] = [:]
        var cells: [ArchivedCell] = []
        cells.reserveCapacity(frame.cells.count)
        for cell in frame.cells {
            let number: Int
            if let known = index[cell.style] {
                number = known
            } else {
                number = styles.count
                index[cell.style] = number
                styles.append(ArchivedStyle(cell.style))
            }
            cells.append(ArchivedCell(g: cell.grapheme, w: cell.width, s: number))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(Archived(width: frame.width, height: frame.height, styles: styles, cells: cells))
    }

    public struct DecodingProblem: Error, CustomStringConvertible {
        public var description: String
    }

    public static func decode(_ data: Data) throws -> Frame {
        let archived = try JSONDecoder().decode(Archived.self, from: data)
        var cells: [Cell] = []
        cells.reserveCapacity(archived.cells.count)
        for (position, cell) in archived.cells.enumerated() {
            guard archived.styles.indices.contains(cell.s) else {
                throw DecodingProblem(description: "cell \(position) names style \(cell.s); the archive has \(archived.styles.count)")
            }
            cells.append(Cell(cell.g, width: cell.w, style: try archived.styles[cell.s].style()))
        }
        guard let frame = Frame(width: archived.width, height: archived.height, cells: cells) else {
            throw DecodingProblem(description: "\(archived.cells.count) cells for a \(archived.width)x\(archived.height) frame")
        }
        return frame
    }
}

extension FrameArchive.ArchivedStyle {
    init(_ style: Style) {
        fg = style.foreground.map(\.hex)
        bg = style.background.map(\.hex)
        bold = style.bold ? true : nil
        underline = style.underline ? true : nil
        reverse = style.reverse ? true : nil
    }

    func style() throws -> Style {
        func color(_ text: String?) throws -> RGB? {
            guard let text else { return nil }
            guard let color = RGB(hex: text) else {
                throw FrameArchive.DecodingProblem(description: "\(text) is not a #rrggbb color")
            }
            return color
        }
        return Style(foreground: try color(fg), background: try color(bg), bold: bold ?? false,
                     underline: underline ?? false, reverse: reverse ?? false)
    }
}
