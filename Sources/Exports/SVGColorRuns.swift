import TerminalUI

/// Rectangles gathered by color, in the order the colors first appear, and written as one
/// `<path>` of rectangles per color: fewer elements. The grid draws them with crisp edges
/// (`SVGDocument`), so neighbouring rectangles meet on a pixel boundary with no seam of the
/// color beneath.
struct ColorRuns {
    private var order: [RGB] = []
    private var boxes: [RGB: [SVGBoxDrawing.Box]] = [:]

    mutating func add(_ box: SVGBoxDrawing.Box, _ color: RGB) {
        if boxes[color] == nil { order.append(color) }
        boxes[color, default: []].append(box)
    }

    func write(into svg: inout String) {
        for color in order {
            svg += "<path fill=\"\(color.hex)\" d=\"\(Self.path(Self.merged(boxes[color] ?? [])))\"/>"
        }
    }

    /// Rectangles that continue one another (a border's arms along a row, a line's two halves
    /// in a cell) as one: a line across the screen is one rectangle, with no joint to show.
    static func merged(_ boxes: [SVGBoxDrawing.Box]) -> [SVGBoxDrawing.Box] {
        func join(_ boxes: [SVGBoxDrawing.Box], horizontally: Bool) -> [SVGBoxDrawing.Box] {
            let sorted = boxes.sorted { a, b in
                horizontally ? (a.y, a.height, a.x) < (b.y, b.height, b.x) : (a.x, a.width, a.y) < (b.x, b.width, b.y)
            }
            var result: [SVGBoxDrawing.Box] = []
            for box in sorted {
                if var last = result.last {
                    if horizontally, last.y == box.y, last.height == box.height, box.x <= last.x + last.width {
                        last.width = max(last.width, box.x + box.width - last.x)
                        result[result.count - 1] = last
                        continue
                    }
                    if !horizontally, last.x == box.x, last.width == box.width, box.y <= last.y + last.height {
                        last.height = max(last.height, box.y + box.height - last.y)
                        result[result.count - 1] = last
                        continue
                    }
                }
                result.append(box)
            }
            return result
        }
        guard boxes.count > 1 else { return boxes }
        return join(join(boxes, horizontally: true), horizontally: false)
    }

    static func path(_ boxes: [SVGBoxDrawing.Box]) -> String {
        var d = ""
        for box in boxes {
            d += "M\(SVGNumber.format(box.x)) \(SVGNumber.format(box.y))h\(SVGNumber.format(box.width))v\(SVGNumber.format(box.height))h\(SVGNumber.format(-box.width))z"
        }
        return d
    }
}
