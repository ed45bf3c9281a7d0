/// Whole numbers from floating point without a trap. `Int(_:)` on a Double stops the program
/// when the value is NaN or past the integer's range ("Double value cannot be converted"),
/// which a date far in the future, an infinite duration or a rate read back from a ledger can
/// be. Here, in the module every other one imports, so each conversion can use it.
extension FixedWidthInteger {
    /// `value` rounded toward zero; `min` or `max` past the range, 0 for NaN.
    public init<Source: BinaryFloatingPoint>(saturating value: Source) {
        if value.isNaN {
            self = 0
        } else if let exact = Self(exactly: value.rounded(.towardZero)) {
            self = exact
        } else {
            self = value < 0 ? .min : .max
        }
    }
}
