import TerminalUI

/// Where two frames of one combination differ, cell by cell: the text, the colors or the
/// attributes. `--compare` and the scenarios' `--snapshots` both judge by it.
public struct FrameDiff: Sendable {
    public struct Position: Sendable, Hashable, Codable {
        public var x: Int
        public var y: Int
        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    public let before: Frame
    public let after: Frame
    /// The cells that differ, row by row; every cell when the sizes differ.
    public let changed: [Position]

    public init(before: Frame, after: Frame) {
        self.before = before
        self.after = after
        var changed: [Position] = []
        if before.width != after.width || before.height != after.height {
            for y in 0..<max(before.height, after.height) {
                for x in 0..<max(before.width, after.width) { changed.append(Position(x: x, y: y)) }
            }
        } else {
            for y in 0..<after.height {
                for x in 0..<after.width where before[x, y] != after[x, y] { changed.append(Position(x: x, y: y)) }
            }
        }
        self.changed = changed
    }

    public var isEmpty: Bool { changed.isEmpty }
}
