/// Where a box over the screen goes (a sheet, a menu, a row in full, the keys): centred at the
/// size it asks for, with at least two columns of the screen showing either side, and its
/// borders clear of the borders of the boxes beneath (`clearOf`, the paywall and the panes).
///
/// A border that ran one cell beside another box's (`││`, `╰╰`) or along it, its corners in the
/// middle of the other's line (`───╰────╯───`), would read as one box merged into the other. So
/// the box moves the fewest rows (or columns) from the centre that keep each of its borders off
/// every parallel border beneath and off the line next to it; a border may lie on another only
/// where it covers that border end to end. Where no place is clear, a box that can scroll gives
/// up rows (`shrinking`); else it takes the screen between the status bar and the bottom line
/// edge to edge, its border covering the borders beneath. Borders that cross are left to cross.
enum SheetBox {
    static func fit(width: Int, height: Int, in screen: Rect, clearOf boxes: [Rect] = [],
                    shrinking: Bool = false) -> Rect {
        let body = Rect(x: screen.x, y: screen.y + 1, width: screen.width, height: max(0, screen.height - 2))
        let boxes = boxes.filter { !$0.isEmpty }
        let shortest = shrinking ? min(height, 3) : height
        var rows = min(height, body.height)
        while rows >= shortest, rows > 0 {
            let centredY = screen.y + (screen.height - rows) / 2
            let ys = nearestFirst(to: centredY, in: body.y...max(body.y, body.maxY - rows))
            // Centred with the screen around it, where a clear place is; else edge to edge.
            if hasItsWidth(width, in: screen) {
                let centredX = screen.x + (screen.width - width) / 2
                let xs = nearestFirst(to: centredX, in: (screen.x + 2)...max(screen.x + 2, screen.maxX - 2 - width))
                for y in ys {
                    for x in xs where isClear(Rect(x: x, y: y, width: width, height: rows), of: boxes, edgeToEdge: false) {
                        return Rect(x: x, y: y, width: width, height: rows)
                    }
                }
            }
            for y in ys where isClear(Rect(x: screen.x, y: y, width: screen.width, height: rows), of: boxes, edgeToEdge: true) {
                return Rect(x: screen.x, y: y, width: screen.width, height: rows)
            }
            rows -= 1
        }
        return body
    }

    /// Whether a sheet asked `width` columns wide has them on this screen.
    static func hasItsWidth(_ width: Int, in screen: Rect) -> Bool { width <= screen.width - 4 }

    /// The values of `range`, the nearest `start` first (the nearer above or left first).
    private static func nearestFirst(to start: Int, in range: ClosedRange<Int>) -> [Int] {
        let start = min(max(start, range.lowerBound), range.upperBound)
        var values = [start]
        for step in 1...max(1, range.upperBound - range.lowerBound) {
            values += [start - step, start + step].filter(range.contains)
        }
        return values
    }

    /// Whether `box`'s borders keep off the borders of `boxes` that they reach: a side not on nor
    /// next to another side within the rows they share (edge to edge, on the screen's outer
    /// borders, it may lie on them: it covers them); a top or bottom not on another top or bottom
    /// within the columns they share (unless it covers that one end to end), nor next to one.
    private static func isClear(_ box: Rect, of boxes: [Rect], edgeToEdge: Bool) -> Bool {
        let (left, right, top, bottom) = (box.x, box.maxX - 1, box.y, box.maxY - 1)
        // A box wholly under this one is hidden by it.
        for other in boxes where !(other.x >= left && other.maxX - 1 <= right && other.y >= top && other.maxY - 1 <= bottom) {
            if other.y <= bottom && other.maxY - 1 >= top {
                for edge in [other.x, other.maxX - 1] {
                    for side in [left, right] {
                        let distance = abs(side - edge)
                        if distance == 1 || (distance == 0 && !edgeToEdge) { return false }
                    }
                }
            }
            if other.x <= right && other.maxX - 1 >= left {
                let covers = left <= other.x && right >= other.maxX - 1
                for edge in [other.y, other.maxY - 1] {
                    for row in [top, bottom] {
                        if row == edge, !covers { return false }
                        if abs(row - edge) == 1 { return false }
                    }
                }
            }
        }
        return true
    }
}

extension Rect {
    /// This rectangle as a mirrored drawing of `area` (`Frame.draw(.rightToLeft, in:)`) puts it.
    public func mirrored(within area: Rect) -> Rect {
        Rect(x: area.x + area.maxX - maxX, y: y, width: width, height: height)
    }
}
