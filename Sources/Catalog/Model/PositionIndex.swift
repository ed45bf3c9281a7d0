/// Where each key stands in an array, built once beside the array: finding an element by its
/// key costs the same among ten thousand as among ten. It is derived from the array it indexes,
/// so two values holding equal arrays are equal whatever their indexes: it takes no part in `==`.
struct PositionIndex: Sendable, Equatable {
    /// Which element a key written more than once names.
    enum Repeated {
        case first, last
    }

    private var positions: [String: Int] = [:]

    init(_ keys: some Sequence<String>, repeated: Repeated) {
        // Sized once: 10,000 products grew it, and rehashed it, a dozen times.
        positions.reserveCapacity(keys.underestimatedCount)
        for (offset, key) in keys.enumerated() {
            if repeated == .last || positions[key] == nil { positions[key] = offset }
        }
    }

    subscript(key: String) -> Int? { positions[key] }

    static func == (lhs: PositionIndex, rhs: PositionIndex) -> Bool { true }
}
