/// Splits a rectangle along one axis by constraints, as ratatui's layout does, in miniature.
public enum Layout {
    public enum Constraint: Sendable, Equatable {
        /// Exactly this many cells (less when space runs out).
        case length(Int)
        /// This share of the whole, in percent.
        case percent(Int)
        /// At least this many cells, growing like `fill(1)`.
        case min(Int)
        /// What is left, shared among fills by weight.
        case fill(Int)
    }

    public enum Axis: Sendable {
        case vertical, horizontal
    }

    public static func split(_ area: Rect, _ axis: Axis, _ constraints: [Constraint]) -> [Rect] {
        let total = axis == .vertical ? area.height : area.width
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case .length(let cells): return cells
            case .percent(let percent): return total * percent / 100
            case .min(let cells): return cells
            case .fill: return 0
            }
        }
        var remaining = total - sizes.reduce(0, +)
        if remaining < 0 {
            // Not enough room: shrink from the last constraint backwards.
            for index in sizes.indices.reversed() where remaining < 0 {
                let cut = Swift.min(sizes[index], -remaining)
                sizes[index] -= cut
                remaining += cut
            }
        } else {
            let weights = constraints.map { constraint -> Int in
                switch constraint {
                case .fill(let weight): return Swift.max(1, weight)
                case .min: return 1
                default: return 0
                }
            }
            let totalWeight = weights.reduce(0, +)
            if totalWeight > 0 {
                var given = 0
                let lastWeighted = weights.lastIndex { $0 > 0 } ?? 0
                for index in sizes.indices where weights[index] > 0 {
                    let share = index == lastWeighted ? remaining - given : remaining * weights[index] / totalWeight
                    sizes[index] += share
                    given += share
                }
            }
        }
        var offset = 0
        return sizes.map { size in
            defer { offset += size }
            switch axis {
            case .vertical: return Rect(x: area.x, y: area.y + offset, width: area.width, height: size)
            case .horizontal: return Rect(x: area.x + offset, y: area.y, width: size, height: area.height)
            }
        }
    }
}
