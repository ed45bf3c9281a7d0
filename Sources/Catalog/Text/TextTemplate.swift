import Foundation

/// Paywall text with `{{ variable }}` placeholders in the style of RevenueCat paywalls
///. An unknown variable renders empty, and `storefront lint` warns about it.
public enum TextTemplate {
    /// The variables a paywall string may use.
    public enum Variable: String, Sendable, CaseIterable {
        case name = "product.name"
        case price = "product.price"
        case pricePerPeriod = "product.price_per_period"
        case pricePerWeek = "product.price_per_week"
        case pricePerMonth = "product.price_per_month"
        case period = "product.period"
        case offerPrice = "product.offer_price"
        case offerPeriod = "product.offer_period"
        case relativeDiscount = "product.relative_discount"
    }

    /// A placeholder as written, with its place in the text.
    public struct Placeholder: Sendable, Equatable {
        public var name: String
        public var range: Range<String.Index>

        public var variable: Variable? { Variable(rawValue: name) }
    }

    public static func placeholders(in text: String) -> [Placeholder] {
        var found: [Placeholder] = []
        var searchStart = text.startIndex
        while let open = text.range(of: "{{", range: searchStart..<text.endIndex),
              let close = text.range(of: "}}", range: open.upperBound..<text.endIndex) {
            let name = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            found.append(Placeholder(name: name, range: open.lowerBound..<close.upperBound))
            searchStart = close.upperBound
        }
        return found
    }

    /// Names used in `text` that are not variables.
    public static func unknownVariables(in text: String) -> [String] {
        placeholders(in: text).filter { $0.variable == nil }.map(\.name)
    }

    public static func render(_ text: String, values: [Variable: String]) -> String {
        var result = ""
        var cursor = text.startIndex
        for placeholder in placeholders(in: text) {
            result += text[cursor..<placeholder.range.lowerBound]
            result += placeholder.variable.flatMap { values[$0] } ?? ""
            cursor = placeholder.range.upperBound
        }
        result += text[cursor...]
        return result
    }
}
