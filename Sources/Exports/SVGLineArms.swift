/// A box-drawing character as the four arms it sends to the cell's edges, each drawn as a
/// rectangle from the edge to (a little past) the centre. Each arm ends exactly on the cell's
/// edge, where the neighbour's arm begins, so a border is one unbroken run of rectangles.
struct SVGLineArms {
    typealias Weight = SVGBoxDrawing.Weight
    typealias Box = SVGBoxDrawing.Box

    enum Direction: CaseIterable {
        case up, right, down, left

        var opposite: Direction {
            switch self {
            case .up: return .down
            case .down: return .up
            case .left: return .right
            case .right: return .left
            }
        }

        /// The two perpendicular directions: for up and down, left then right; for left and
        /// right, up then down.
        var perpendicular: (Direction, Direction) {
            self == .up || self == .down ? (.left, .right) : (.up, .down)
        }
    }

    var up: Weight
    var right: Weight
    var down: Weight
    var left: Weight

    func weight(_ direction: Direction) -> Weight {
        switch direction {
        case .up: return up
        case .right: return right
        case .down: return down
        case .left: return left
        }
    }

    /// The rectangles of every arm. A light line is `light` thick, a heavy one twice that, and
    /// a double line is two light lines `1.5 × light` either side of the centre line.
    func boxes(in cell: Box, light: Double) -> [Box] {
        let geometry = Geometry(cell: cell, light: light)
        var boxes: [Box] = []
        for direction in Direction.allCases {
            switch weight(direction) {
            case .none: continue
            case .light, .heavy:
                let thickness = geometry.thickness(weight(direction))
                let (first, second) = direction.perpendicular
                // Past the centre by half the widest crossing arm, so a corner is square.
                let reach = max(thickness / 2, geometry.halfSpan(weight(first)), geometry.halfSpan(weight(second)))
                boxes.append(geometry.arm(direction, offset: 0, thickness: thickness, pastCentre: reach))
            case .double:
                let (first, second) = direction.perpendicular
                boxes.append(geometry.arm(direction, offset: -geometry.gap, thickness: light,
                                          pastCentre: doubleReach(direction, toward: first, other: second, geometry)))
                boxes.append(geometry.arm(direction, offset: geometry.gap, thickness: light,
                                          pastCentre: doubleReach(direction, toward: second, other: first, geometry)))
            }
        }
        return boxes
    }

    /// How far past the centre one line of a double arm goes: the line on the side of `side`.
    /// It stops at the inner line of a double arm on that side (an inner corner), covers a
    /// single one there, runs on into the opposite double arm, or turns the outer corner to the
    /// far line of a double arm on the other side.
    private func doubleReach(_ direction: Direction, toward side: Direction, other: Direction, _ geometry: Geometry) -> Double {
        let light = geometry.light
        switch weight(side) {
        case .double: return -(geometry.gap - light / 2)
        case .light, .heavy: return geometry.thickness(weight(side)) / 2
        case .none:
            if weight(direction.opposite) == .double { return light / 2 }
            switch weight(other) {
            case .double: return geometry.gap + light / 2
            case .light, .heavy: return geometry.thickness(weight(other)) / 2
            case .none: return light / 2
            }
        }
    }

    private struct Geometry {
        let cell: Box
        let light: Double
        var gap: Double { light * 1.5 }
        var centreX: Double { cell.x + cell.width / 2 }
        var centreY: Double { cell.y + cell.height / 2 }

        func thickness(_ weight: Weight) -> Double {
            weight == .heavy ? light * 2 : light
        }

        /// Half the width an arm of `weight` takes across the centre.
        func halfSpan(_ weight: Weight) -> Double {
            switch weight {
            case .none: return 0
            case .light: return light / 2
            case .heavy: return light
            case .double: return gap + light / 2
            }
        }

        /// An arm from the edge in `direction` to `pastCentre` beyond the centre, its middle
        /// `offset` from the centre line (negative: towards the top or the left).
        func arm(_ direction: Direction, offset: Double, thickness: Double, pastCentre: Double) -> Box {
            let across = (direction == .up || direction == .down ? centreX : centreY) + offset - thickness / 2
            switch direction {
            case .up:
                return Box(x: across, y: cell.y, width: thickness, height: centreY + pastCentre - cell.y)
            case .down:
                let top = centreY - pastCentre
                return Box(x: across, y: top, width: thickness, height: cell.y + cell.height - top)
            case .left:
                return Box(x: cell.x, y: across, width: centreX + pastCentre - cell.x, height: thickness)
            case .right:
                let start = centreX - pastCentre
                return Box(x: start, y: across, width: cell.x + cell.width - start, height: thickness)
            }
        }
    }
}
