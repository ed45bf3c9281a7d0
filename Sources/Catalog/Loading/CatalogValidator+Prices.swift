import Foundation

/// Prices that their storefront's currency cannot charge exactly (`ExactPrice`), in products and
/// in every kind of offer. Walks the tree rather than the model: the model keeps prices in
/// dictionaries, and the error belongs at the price's own line and column.
extension CatalogValidator {
    func validatePriceDigits() {
        let known = Set(Locale.commonISOCurrencyCodes)
        var currencies: [String: (code: String, digits: Int)] = [:]
        for storefront in catalog.storefronts where known.contains(storefront.currency) {
            currencies[storefront.id] = (storefront.currency, PriceFormatter.minorUnitDigits(ofCurrency: storefront.currency))
        }
        guard !currencies.isEmpty, case .array(let products)? = root["products"]?.value else { return }
        let offerKeys = ["promotionalOffers", "winBackOffers", "codeOffers"]
        // Paths are spelt only for an error: this runs over every price of the file.
        for (index, product) in products.enumerated() {
            checkDigits(of: product["prices"], at: "$.products[\(index)].prices", currencies: currencies)
            checkDigits(of: product["introductoryOffer"]?["prices"], at: "$.products[\(index)].introductoryOffer.prices",
                        currencies: currencies)
            for key in offerKeys {
                guard case .array(let offers)? = product[key]?.value else { continue }
                for (offerIndex, offer) in offers.enumerated() {
                    checkDigits(of: offer["prices"], at: "$.products[\(index)].\(key)[\(offerIndex)].prices",
                                currencies: currencies)
                }
            }
        }
    }

    private func checkDigits(of prices: JSONNode?, at path: @autoclosure () -> String,
                             currencies: [String: (code: String, digits: Int)]) {
        guard case .object(let members)? = prices?.value else { return }
        for member in members {
            // Unknown storefronts, malformed and negative prices are reported by the decoder.
            guard let currency = currencies[member.key], !Self.isWithin(member.value, digits: currency.digits),
                  let amount = Self.amount(member.value), amount >= 0,
                  let problem = ExactPrice.problem(with: amount, currency: currency.code, digits: currency.digits)
            else { continue }
            diagnostics.error(problem, path: ObjectReader.path(path(), key: member.key), at: member.value.position)
        }
    }

    /// Whether the price is written with no more decimals than `digits`, so that it is exact
    /// without being parsed and rounded (`ExactPrice`'s rounding, twice for each of a large
    /// catalog's prices, was a sixth of its load). Anything else is left to the full check.
    private static func isWithin(_ node: JSONNode, digits: Int) -> Bool {
        guard case .string(let text) = node.value else { return false }
        var fraction: Int?
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): if let count = fraction { fraction = count + 1 }
            case UInt8(ascii: ".") where fraction == nil: fraction = 0
            default: return false
            }
        }
        return (fraction ?? 0) <= digits
    }

    private static func amount(_ node: JSONNode) -> Decimal? {
        switch node.value {
        case .string(let text), .number(let text): return PriceText.parse(text)
        default: return nil
        }
    }
}
