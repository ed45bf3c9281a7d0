import Foundation
@testable import Exports
import Testing
import TerminalUI

/// Box and block characters as shapes: every line ends on the cell's edge exactly where the
/// neighbour's begins, corners have no notch, and blocks fill their part of the cell.
@Suite struct SVGBoxDrawingTests {
    typealias Box = SVGBoxDrawing.Box
    let width = FrameSVG.cellWidth, height = FrameSVG.cellHeight

    func boxes(_ grapheme: String, column: Int = 0, row: Int = 0) -> [Box] {
        SVGBoxDrawing.shapes(of: grapheme, x: Double(column) * width, y: Double(row) * height, width: width,
                             height: height, light: FrameSVG.lightLine)?.boxes ?? []
    }

    /// Where the boxes touch one edge of the cell at (column, row), as sorted spans along it.
    func touching(_ boxes: [Box], edge: SVGLineArms.Direction, column: Int, row: Int) -> [[Double]] {
        let left = Double(column) * width, top = Double(row) * height
        let spans: [[Double]] = boxes.compactMap { box in
            switch edge {
            case .left: return box.x == left ? [box.y, box.y + box.height] : nil
            case .right: return box.x + box.width == left + width ? [box.y, box.y + box.height] : nil
            case .up: return box.y == top ? [box.x, box.x + box.width] : nil
            case .down: return box.y + box.height == top + height ? [box.x, box.x + box.width] : nil
            }
        }
        return spans.sorted { $0.lexicographicallyPrecedes($1) }
    }

    func covers(_ boxes: [Box], _ x: Double, _ y: Double) -> Bool {
        boxes.contains { x >= $0.x && x <= $0.x + $0.width && y >= $0.y && y <= $0.y + $0.height }
    }

    /// Boxes of all three line styles and a grid of crossings, drawn by the app's own code.
    func bordersFrame() -> Frame {
        var frame = Frame(width: 30, height: 12)
        frame.drawBox(Rect(x: 0, y: 0, width: 8, height: 4), border: .single, style: .plain)
        frame.drawBox(Rect(x: 10, y: 0, width: 8, height: 4), border: .double, style: .plain)
        frame.drawBox(Rect(x: 20, y: 0, width: 8, height: 4), border: .rounded, style: .plain)
        frame.write("┏━┳━┓╔═╦═╗┌─┬─┐", x: 0, y: 5, style: .plain)
        frame.write("┣━╋━┫╠═╬═╣├─┼─┤", x: 0, y: 6, style: .plain)
        frame.write("┗━┻━┛╚═╩═╝└─┴─┘", x: 0, y: 7, style: .plain)
        return frame
    }

    @Test func everyLineMeetsItsNeighbourOnTheSharedEdge() throws {
        let frame = bordersFrame()
        var joins = 0
        let curves: Set<String> = ["╭", "╮", "╯", "╰"]
        for y in 0..<frame.height {
            for x in 0..<frame.width where !curves.contains(frame[x, y].grapheme) {
                let here = boxes(frame[x, y].grapheme, column: x, row: y)
                if x + 1 < frame.width, !curves.contains(frame[x + 1, y].grapheme) {
                    let right = touching(here, edge: .right, column: x, row: y)
                    let next = touching(boxes(frame[x + 1, y].grapheme, column: x + 1, row: y), edge: .left, column: x + 1, row: y)
                    if !right.isEmpty || !next.isEmpty {
                        #expect(right == next, "\(frame[x, y].grapheme)\(frame[x + 1, y].grapheme) at \(x),\(y)")
                        joins += 1
                    }
                }
                if y + 1 < frame.height, !curves.contains(frame[x, y + 1].grapheme) {
                    let down = touching(here, edge: .down, column: x, row: y)
                    let below = touching(boxes(frame[x, y + 1].grapheme, column: x, row: y + 1), edge: .up, column: x, row: y + 1)
                    if !down.isEmpty || !below.isEmpty {
                        #expect(down == below, "\(frame[x, y].grapheme) over \(frame[x, y + 1].grapheme) at \(x),\(y)")
                        joins += 1
                    }
                }
            }
        }
        // Joins between straight lines; the rounded corners are curves, checked on their own.
        #expect(joins > 60)
    }

    @Test func aLightLineSpansItsCellFromEdgeToEdge() {
        let line = boxes("─")
        #expect(touching(line, edge: .left, column: 0, row: 0) == [[11, 13]])
        #expect(touching(line, edge: .right, column: 0, row: 0) == [[11, 13]])
        #expect(touching(boxes("━"), edge: .left, column: 0, row: 0) == [[10, 14]])
        #expect(touching(boxes("║"), edge: .up, column: 0, row: 0) == [[2, 4], [8, 10]])
    }

    @Test func cornersAreSquareWithNoNotch() {
        let corner = boxes("┌")
        let centreX = width / 2, centreY = height / 2
        #expect(covers(corner, centreX - 0.9, centreY - 0.9))
        #expect(!covers(corner, centreX - 1.5, centreY))
        let double = boxes("╔")
        // The outer corner at the top left of the two lines, the inner one at the bottom right.
        #expect(covers(double, centreX - 3.9, centreY - 3.9))
        #expect(covers(double, centreX + 2.1, centreY + 2.1))
        #expect(!covers(double, centreX, centreY))
        #expect(!covers(double, centreX, centreY + 5))
    }

    @Test func aRoundedCornerIsACurveBetweenTheEdgesMidpoints() throws {
        let shapes = try #require(SVGBoxDrawing.shapes(of: "╭", x: 0, y: 0, width: width, height: height, light: 2))
        #expect(shapes.boxes.isEmpty)
        #expect(shapes.strokes == ["M6 24V18Q6 12 12 12"])
    }

    @Test func aDashedLineKeepsItsRhythmInEachCell() {
        #expect(boxes("┄").count == 3)
        #expect(boxes("┊").count == 4)
        #expect(boxes("╌").map(\.x) == [0, 6])
    }

    @Test func blocksFillTheirPartOfTheCell() throws {
        #expect(boxes("█") == [Box(x: 0, y: 0, width: 12, height: 24)])
        #expect(boxes("▀") == [Box(x: 0, y: 0, width: 12, height: 12)])
        #expect(boxes("▄") == [Box(x: 0, y: 12, width: 12, height: 12)])
        #expect(boxes("▐") == [Box(x: 6, y: 0, width: 6, height: 24)])
        #expect(boxes("▏") == [Box(x: 0, y: 0, width: 1.5, height: 24)])
        #expect(boxes("▚") == [Box(x: 0, y: 0, width: 6, height: 12), Box(x: 6, y: 12, width: 6, height: 12)])
        let shade = try #require(SVGBoxDrawing.shapes(of: "▒", x: 0, y: 0, width: width, height: height, light: 2)?.shade)
        #expect(shade.opacity == 0.5)
    }

    @Test func aBoxInAPictureIsShapesNotGlyphs() throws {
        var frame = Frame(width: 10, height: 3)
        let border = Style(foreground: RGB(0x3a, 0x40, 0x52), background: RGB(0x12, 0x14, 0x1c))
        frame.drawBox(Rect(x: 0, y: 0, width: 10, height: 3), title: "Shop", border: .rounded, style: border)
        let root = try SVGTree.parse(FrameSVG.document(frame))
        #expect(root.all("text").map(\.allText) == ["Shop"])
        let lines = root.all("path").filter { SVGTree.fill(of: $0, in: root) == "#3a4052" }
        #expect(!lines.isEmpty)
        let curves = root.all("path").filter { $0.attributes["stroke"] == "#3a4052" }
        #expect(curves.count == 4)
    }
}
