import Foundation

/// A price is charged in whole minor units of its currency (ISO 4217: cents, yen, fils). One with
/// more decimals would be shown rounded ($1.00 for 0.999) and charged as rounded by any real
/// store, while the ledger recorded what was written: never silently. Loaders report it instead.
enum ExactPrice {
    /// Why `amount` cannot be charged in `currency`, whose minor units are `digits`; nil when it can.
    static func problem(with amount: Decimal, currency: String, digits: Int) -> String? {
        let down = rounded(amount, digits, .down)
        guard down != amount else { return nil }
        let up = rounded(amount, digits, .up)
        return "\(amount) has more decimals than \(currency) has (\(digits), its ISO 4217 minor units), "
            + "so it cannot be shown or charged as written; write \(fixed(down, digits)) or \(fixed(up, digits))"
    }

    private static func rounded(_ amount: Decimal, _ digits: Int, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var value = amount
        var result = Decimal()
        NSDecimalRound(&result, &value, digits, mode)
        return result
    }

    /// `1.00` rather than Decimal's `1`: the spelling to paste back into the file.
    private static func fixed(_ value: Decimal, _ digits: Int) -> String {
        let text = "\(value)"
        guard digits > 0 else { return text }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        return "\(parts[0]).\(fraction.padding(toLength: digits, withPad: "0", startingAt: 0))"
    }
}
