/// Right-to-left drawing: a view draws into a scratch frame as it always does, with each text
/// run stored mirrored (`Frame.write` in a `.rightToLeft` frame), and the scratch frame is then
/// flipped into the rectangle. So a view needs no right-to-left code of its own: what it puts
/// on the leading side ends on the right, its columns come in mirrored order, and text reads
/// in the visual order fribidi gives it.
extension Frame {
    /// Runs `draw` on `rect` as it is (left to right), or mirrored (right to left).
    public mutating func draw(_ direction: WritingDirection, in rect: Rect, _ draw: (Rect, inout Frame) -> Void) {
        guard direction == .rightToLeft, !rect.isEmpty else {
            draw(rect, &self)
            return
        }
        // What is under the rectangle stays under it, mirrored twice.
        guard var scratch = Frame(width: rect.width, height: rect.height,
                                  cells: mirroredRows(of: region(rect), width: rect.width)) else { return }
        scratch.direction = .rightToLeft
        draw(scratch.area, &scratch)
        let flipped = mirroredRows(of: scratch.cells, width: rect.width)
        for y in 0..<rect.height where rect.y + y >= 0 && rect.y + y < height {
            for x in 0..<rect.width where rect.x + x >= 0 && rect.x + x < width {
                cells[(rect.y + y) * width + rect.x + x] = flipped[y * rect.width + x]
            }
        }
    }

    /// The cells of `rect` (clipped to the frame; blank outside it), row by row.
    private func region(_ rect: Rect) -> [Cell] {
        var region: [Cell] = []
        region.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                region.append(x >= 0 && x < width && y >= 0 && y < height ? cells[y * width + x] : Cell())
            }
        }
        return region
    }

    /// Each row reversed; a wide character keeps its continuation cell to its right, and the
    /// glyphs that point or open one way (box corners and tees, arrows, triangles) turn round.
    private func mirroredRows(of region: [Cell], width rowWidth: Int) -> [Cell] {
        guard rowWidth > 0 else { return region }
        var mirrored = region
        for rowStart in stride(from: 0, to: region.count, by: rowWidth) {
            var x = 0
            while x < rowWidth {
                var cell = region[rowStart + x]
                if cell.isContinuation {  // an orphan: its wide character was cut off
                    mirrored[rowStart + rowWidth - 1 - x] = Cell(style: cell.style)
                    x += 1
                    continue
                }
                cell.grapheme = Self.mirroredGlyphs[cell.grapheme] ?? cell.grapheme
                if cell.width == 2, x + 1 < rowWidth {
                    mirrored[rowStart + rowWidth - 2 - x] = cell
                    mirrored[rowStart + rowWidth - 1 - x] = region[rowStart + x + 1]
                    x += 2
                } else {
                    mirrored[rowStart + rowWidth - 1 - x] = cell
                    x += 1
                }
            }
        }
        return mirrored
    }

    /// Glyphs with a direction that the Bidirectional Algorithm leaves alone (brackets it
    /// mirrors itself): the mirror of each.
    static let mirroredGlyphs: [String: String] = {
        let pairs = [("╭", "╮"), ("╰", "╯"), ("┌", "┐"), ("└", "┘"), ("├", "┤"), ("╔", "╗"), ("╚", "╝"),
                     ("╠", "╣"), ("┏", "┓"), ("┗", "┛"), ("←", "→"), ("▸", "◂"), ("▶", "◀"), ("►", "◄"),
                     ("❯", "❮"), ("⟩", "⟨")]
        var glyphs: [String: String] = [:]
        for (one, other) in pairs {
            glyphs[one] = other
            glyphs[other] = one
        }
        return glyphs
    }()
}
