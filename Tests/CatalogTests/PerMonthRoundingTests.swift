import Foundation
import Testing
@testable import Catalog

/// One rule for every per-period price: rounded down, to the precision the plan's own price is
/// shown at (the currency's minor unit, or the whole unit where the storefront writes whole
/// prices without decimals). Checked over a sweep of prices in zero-decimal and two-decimal
/// currencies, and the same string wherever the paywall writes it: the card's per-month line,
/// the `product.price_per_month` variable, and the amount its discount badge compares.
@Suite("Per-month prices round down")
struct PerMonthRoundingTests {
    struct Market: Sendable, CustomTestStringConvertible {
        var storefront: Storefront
        /// The digits after the point a whole price and a price with cents are shown with.
        var wholeDigits: Int
        var centsDigits: Int
        var testDescription: String { "\(storefront.id) \(storefront.currency)" }
    }

    static let markets: [Market] = [
        Market(storefront: Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit), wholeDigits: 2, centsDigits: 2),
        Market(storefront: Storefront(id: "DEU", locale: "de_DE", currency: "EUR", path: .paystation), wholeDigits: 2, centsDigits: 2),
        Market(storefront: Storefront(id: "JPN", locale: "ja_JP", currency: "JPY", path: .storekit), wholeDigits: 0, centsDigits: 0),
        Market(storefront: Storefront(id: "IND", locale: "en_IN", currency: "INR", path: .storekit), wholeDigits: 0, centsDigits: 2),
        Market(storefront: Storefront(id: "MEX", locale: "es_MX", currency: "MXN", path: .storekit), wholeDigits: 0, centsDigits: 2),
    ]

    /// Longer plans than a month, each with the months it lasts.
    static let periods: [(SubscriptionPeriod, Decimal)] = [
        (SubscriptionPeriod(value: 1, unit: .year), 12), (SubscriptionPeriod(value: 6, unit: .month), 6),
        (SubscriptionPeriod(value: 3, unit: .month), 3), (SubscriptionPeriod(value: 2, unit: .month), 2),
    ]

    /// Prices the currency can charge: whole ones everywhere, and with cents where it has them.
    private func prices(in market: Market) -> [Decimal] {
        var prices = stride(from: 1, through: 9_999, by: 37).map { Decimal($0) }
        prices += [99, 199, 299, 2_999, 4_400, 5_999, 9_999, 149_999]
        if market.centsDigits == 2 {
            prices += stride(from: 1, through: 99_999, by: 211).map { Decimal($0) / 100 }
            prices += ["0.99", "1.99", "4.99", "39.99", "83.99", "2999.50"].map(decimal)
        }
        return prices
    }

    @Test(arguments: markets)
    func eachPricePerMonthIsTheLargestShownAmountNotAboveTheTrueOne(_ market: Market) throws {
        for price in prices(in: market) {
            for (period, months) in Self.periods {
                let perMonth = PriceFormatter.normalize(price, from: period, to: .month, in: market.storefront)
                let digits = price.isWhole ? market.wholeDigits : market.centsDigits
                var unit = Decimal(1)
                for _ in 0..<digits { unit /= 10 }
                let truth = price / months
                #expect(perMonth <= truth && truth < perMonth + unit, "\(price) per \(period) in \(market.storefront.id): \(perMonth)")
                var shown = perMonth
                var kept = Decimal()
                NSDecimalRound(&kept, &shown, digits, .plain)
                #expect(kept == perMonth, "\(perMonth) has more digits than \(digits)")
            }
        }
    }

    @Test(arguments: markets)
    func theCardTheVariableAndTheBadgeSayTheSame(_ market: Market) throws {
        let storefront = market.storefront
        for price in prices(in: market).prefix(80) {
            let monthly = Product(id: "m", type: .autoRenewable, prices: [storefront.id: price * 2], group: "g",
                                  period: SubscriptionPeriod(value: 1, unit: .month))
            let yearly = Product(id: "y", type: .autoRenewable, prices: [storefront.id: price], group: "g",
                                 period: SubscriptionPeriod(value: 1, unit: .year))
            let variant = PaywallVariant(id: "A", products: ["y", "m"])
            let paywall = Paywall(id: "p", placement: "store_open", variants: [variant])
            let catalog = ProductCatalog(app: AppInfo(name: "T", bundleId: "com.example.t"), storefronts: [storefront],
                                  subscriptionGroups: [SubscriptionGroup(id: "g")], products: [yearly, monthly],
                                  paywalls: [paywall])
            let plan = try #require(PaywallPresentation(catalog: catalog, paywall: paywall, variant: variant,
                                                        storefront: storefront).plans.first)
            let expected = PriceFormatter.formatNormalized(price, from: SubscriptionPeriod(value: 1, unit: .year),
                                                           to: .month, in: storefront)
            #expect(plan.display.pricePerMonth == expected, "\(price)")
            #expect(plan.variables[.pricePerMonth] == expected, "\(price)")
            #expect(plan.pricePerMonth == PriceFormatter.normalize(price, from: SubscriptionPeriod(value: 1, unit: .year),
                                                                   to: .month, in: storefront))
        }
    }

    @Test func theIssuesTwoPlansNowRoundAlike() {
        let japan = Storefront(id: "JPN", locale: "ja_JP", currency: "JPY", path: .storekit)
        let india = Storefront(id: "IND", locale: "en_IN", currency: "INR", path: .storekit)
        let year = SubscriptionPeriod(value: 1, unit: .year)
        #expect(PriceFormatter.formatNormalized(4_400, from: year, to: .month, in: japan) == "¥366/月")
        #expect(PriceFormatter.formatNormalized(2_999, from: year, to: .month, in: india) == "₹249/month")
    }
}
