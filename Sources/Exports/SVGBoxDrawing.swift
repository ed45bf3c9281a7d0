/// The box-drawing (U+2500–257F) and block (U+2580–259F) characters as shapes on the cell grid
/// instead of font glyphs: a font's glyphs rarely fill the cell exactly, so borders drawn with
/// them show seams between cells and between rows; shapes that end on the cell's edges join
/// the neighbour's at any zoom.
enum SVGBoxDrawing {
    /// An axis-aligned rectangle in the picture's units.
    struct Box: Equatable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    /// What one character draws: filled rectangles (lines and blocks), a shade (a block at an
    /// opacity), and stroked curves (the rounded corners and the diagonals, in SVG path syntax).
    struct Shapes {
        var boxes: [Box] = []
        var shade: (box: Box, opacity: Double)?
        var strokes: [String] = []
    }

    enum Weight: Int {
        case none = 0, light, heavy, double
    }

    /// The arms of each box-drawing character, up, right, down, left, one digit each (0 none,
    /// 1 light, 2 heavy, 3 double), from U+2500 on, as the Unicode names spell them.
    private static let arms: [String] = [
        "0101", "0202", "1010", "2020", "0101", "0202", "1010", "2020", // ─ ━ │ ┃ ┄ ┅ ┆ ┇
        "0101", "0202", "1010", "2020", "0110", "0210", "0120", "0220", // ┈ ┉ ┊ ┋ ┌ ┍ ┎ ┏
        "0011", "0012", "0021", "0022", "1100", "1200", "2100", "2200", // ┐ ┑ ┒ ┓ └ ┕ ┖ ┗
        "1001", "1002", "2001", "2002", "1110", "1210", "2110", "1120", // ┘ ┙ ┚ ┛ ├ ┝ ┞ ┟
        "2120", "2210", "1220", "2220", "1011", "1012", "2011", "1021", // ┠ ┡ ┢ ┣ ┤ ┥ ┦ ┧
        "2021", "2012", "1022", "2022", "0111", "0112", "0211", "0212", // ┨ ┩ ┪ ┫ ┬ ┭ ┮ ┯
        "0121", "0122", "0221", "0222", "1101", "1102", "1201", "1202", // ┰ ┱ ┲ ┳ ┴ ┵ ┶ ┷
        "2101", "2102", "2201", "2202", "1111", "1112", "1211", "1212", // ┸ ┹ ┺ ┻ ┼ ┽ ┾ ┿
        "2111", "1121", "2121", "2112", "2211", "1122", "1221", "2212", // ╀ ╁ ╂ ╃ ╄ ╅ ╆ ╇
        "1222", "2122", "2221", "2222", "0101", "0202", "1010", "2020", // ╈ ╉ ╊ ╋ ╌ ╍ ╎ ╏
        "0303", "3030", "0310", "0130", "0330", "0013", "0031", "0033", // ═ ║ ╒ ╓ ╔ ╕ ╖ ╗
        "1300", "3100", "3300", "1003", "3001", "3003", "1310", "3130", // ╘ ╙ ╚ ╛ ╜ ╝ ╞ ╟
        "3330", "1013", "3031", "3033", "0313", "0131", "0333", "1303", // ╠ ╡ ╢ ╣ ╤ ╥ ╦ ╧
        "3101", "3303", "1313", "3131", "3333", "0110", "0011", "1001", // ╨ ╩ ╪ ╫ ╬ ╭ ╮ ╯
        "1100", "0000", "0000", "0000", "0001", "1000", "0100", "0010", // ╰ ╱ ╲ ╳ ╴ ╵ ╶ ╷
        "0002", "2000", "0200", "0020", "0201", "1020", "0102", "2010", // ╸ ╹ ╺ ╻ ╼ ╽ ╾ ╿
    ]

    /// Dashed lines: how many dashes a cell holds.
    private static let dashes: [UInt32: Int] = [
        0x2504: 3, 0x2505: 3, 0x2506: 3, 0x2507: 3, 0x2508: 4, 0x2509: 4, 0x250A: 4, 0x250B: 4,
        0x254C: 2, 0x254D: 2, 0x254E: 2, 0x254F: 2,
    ]

    /// True for the characters drawn as shapes.
    static func draws(_ grapheme: String) -> Bool {
        guard let scalar = single(grapheme) else { return false }
        return (0x2500...0x259F).contains(scalar)
    }

    private static func single(_ grapheme: String) -> UInt32? {
        let scalars = grapheme.unicodeScalars
        guard let first = scalars.first, scalars.count == 1 else { return nil }
        return first.value
    }

    /// The shapes of `grapheme` in the cell whose top left is (x, y), of `width` × `height`;
    /// nil for any other character. `light` is a light line's thickness.
    static func shapes(of grapheme: String, x: Double, y: Double, width: Double, height: Double,
                       light: Double) -> Shapes? {
        guard let scalar = single(grapheme) else { return nil }
        let cell = Box(x: x, y: y, width: width, height: height)
        switch scalar {
        case 0x2580...0x259F: return blockShapes(scalar, in: cell)
        case 0x256D...0x2570: return arc(scalar, in: cell, light: light)
        case 0x2571...0x2573: return diagonal(scalar, in: cell, light: light)
        case 0x2500...0x257F:
            let digits = Array(arms[Int(scalar - 0x2500)].utf8).map { Weight(rawValue: Int($0) - 48) ?? .none }
            let lines = SVGLineArms(up: digits[0], right: digits[1], down: digits[2], left: digits[3])
            var boxes = lines.boxes(in: cell, light: light)
            if let count = dashes[scalar] { boxes = dashed(span(of: boxes), count: count) }
            return Shapes(boxes: boxes)
        default: return nil
        }
    }

    /// The two collinear arms of a straight line as one rectangle across the cell.
    private static func span(of boxes: [Box]) -> Box {
        let left = boxes.map(\.x).min() ?? 0, top = boxes.map(\.y).min() ?? 0
        let right = boxes.map { $0.x + $0.width }.max() ?? 0, bottom = boxes.map { $0.y + $0.height }.max() ?? 0
        return Box(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// A solid run cut into `count` dashes, each with a gap after it, so dashes of neighbouring
    /// cells keep the same rhythm.
    private static func dashed(_ box: Box, count: Int) -> [Box] {
        let horizontal = box.width >= box.height
        let length = horizontal ? box.width : box.height
        let step = length / Double(count)
        return (0..<count).map { index in
            let start = Double(index) * step
            return horizontal
                ? Box(x: box.x + start, y: box.y, width: step * 0.6, height: box.height)
                : Box(x: box.x, y: box.y + start, width: box.width, height: step * 0.6)
        }
    }

    /// ╭ ╮ ╯ ╰: a quarter circle between the two edges' midpoints, whose straight ends meet the
    /// neighbours' lines.
    private static func arc(_ scalar: UInt32, in cell: Box, light: Double) -> Shapes {
        let cx = cell.x + cell.width / 2, cy = cell.y + cell.height / 2
        let radius = cell.width / 2
        let bottom = cell.y + cell.height, right = cell.x + cell.width
        let path: String
        switch scalar {
        case 0x256D: // ╭ down and right
            path = "M\(n(cx)) \(n(bottom))V\(n(cy + radius))Q\(n(cx)) \(n(cy)) \(n(right)) \(n(cy))"
        case 0x256E: // ╮ down and left
            path = "M\(n(cx)) \(n(bottom))V\(n(cy + radius))Q\(n(cx)) \(n(cy)) \(n(cell.x)) \(n(cy))"
        case 0x256F: // ╯ up and left
            path = "M\(n(cx)) \(n(cell.y))V\(n(cy - radius))Q\(n(cx)) \(n(cy)) \(n(cell.x)) \(n(cy))"
        default: // ╰ up and right
            path = "M\(n(cx)) \(n(cell.y))V\(n(cy - radius))Q\(n(cx)) \(n(cy)) \(n(right)) \(n(cy))"
        }
        return Shapes(strokes: [path])
    }

    private static func diagonal(_ scalar: UInt32, in cell: Box, light: Double) -> Shapes {
        let right = cell.x + cell.width, bottom = cell.y + cell.height
        let rising = "M\(n(right)) \(n(cell.y))L\(n(cell.x)) \(n(bottom))"
        let falling = "M\(n(cell.x)) \(n(cell.y))L\(n(right)) \(n(bottom))"
        switch scalar {
        case 0x2571: return Shapes(strokes: [rising])
        case 0x2572: return Shapes(strokes: [falling])
        default: return Shapes(strokes: [rising, falling])
        }
    }

    /// ▀ … ▟: eighths of the cell from an edge, quadrants, and the three shades.
    private static func blockShapes(_ scalar: UInt32, in cell: Box) -> Shapes {
        let w = cell.width, h = cell.height
        func lower(_ eighths: Double) -> Box { Box(x: cell.x, y: cell.y + h * (1 - eighths / 8), width: w, height: h * eighths / 8) }
        func left(_ eighths: Double) -> Box { Box(x: cell.x, y: cell.y, width: w * eighths / 8, height: h) }
        let halfW = w / 2, halfH = h / 2
        let upperLeft = Box(x: cell.x, y: cell.y, width: halfW, height: halfH)
        let upperRight = Box(x: cell.x + halfW, y: cell.y, width: w - halfW, height: halfH)
        let lowerLeft = Box(x: cell.x, y: cell.y + halfH, width: halfW, height: h - halfH)
        let lowerRight = Box(x: cell.x + halfW, y: cell.y + halfH, width: w - halfW, height: h - halfH)
        switch scalar {
        case 0x2580: return Shapes(boxes: [Box(x: cell.x, y: cell.y, width: w, height: halfH)])
        case 0x2581...0x2588: return Shapes(boxes: [lower(Double(scalar - 0x2580))])
        case 0x2589...0x258F: return Shapes(boxes: [left(Double(0x2590 - scalar))])
        case 0x2590: return Shapes(boxes: [Box(x: cell.x + halfW, y: cell.y, width: w - halfW, height: h)])
        case 0x2591...0x2593: return Shapes(shade: (cell, Double(scalar - 0x2590) * 0.25))
        case 0x2594: return Shapes(boxes: [Box(x: cell.x, y: cell.y, width: w, height: h / 8)])
        case 0x2595: return Shapes(boxes: [Box(x: cell.x + w * 7 / 8, y: cell.y, width: w / 8, height: h)])
        case 0x2596: return Shapes(boxes: [lowerLeft])
        case 0x2597: return Shapes(boxes: [lowerRight])
        case 0x2598: return Shapes(boxes: [upperLeft])
        case 0x2599: return Shapes(boxes: [upperLeft, lowerLeft, lowerRight])
        case 0x259A: return Shapes(boxes: [upperLeft, lowerRight])
        case 0x259B: return Shapes(boxes: [upperLeft, upperRight, lowerLeft])
        case 0x259C: return Shapes(boxes: [upperLeft, upperRight, lowerRight])
        case 0x259D: return Shapes(boxes: [upperRight])
        case 0x259E: return Shapes(boxes: [upperRight, lowerLeft])
        default: return Shapes(boxes: [upperRight, lowerLeft, lowerRight])
        }
    }

    static func n(_ value: Double) -> String { SVGNumber.format(value) }
}
