/// A rectangle of cells; origin at the top left.
public struct Rect: Sendable, Equatable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// The rectangle less `amount` cells on every side.
    public func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    public func inset(horizontal: Int, vertical: Int) -> Rect {
        Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    public func contains(x column: Int, y row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// A rectangle of at most `width` x `height`, centered in this one.
    public func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width), h = min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }

    /// The column that a mirrored drawing of this rectangle (`Frame.draw(.rightToLeft, in:)`)
    /// puts at `column`: where a click on a right-to-left screen lands in what the view laid out.
    public func mirroredColumn(_ column: Int) -> Int { x + maxX - 1 - column }
}
