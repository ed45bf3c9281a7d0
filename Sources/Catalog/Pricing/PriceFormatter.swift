import Foundation

/// Formats prices as each storefront's App Store would, with Foundation's locale data.
public enum PriceFormatter {
    /// Storefronts whose App Store shows whole prices without decimals, as RevenueCat does.
    public static let zeroDecimalStorefronts: Set<String> = ["TWN", "KAZ", "MEX", "PHL", "THA", "IND"]

    public static func format(_ amount: Decimal, in storefront: Storefront) -> String {
        let locale = Locale(identifier: storefront.locale)
        var style = Decimal.FormatStyle.Currency(code: storefront.currency, locale: locale)
        if zeroDecimalStorefronts.contains(storefront.id), amount.isWhole {
            style = style.precision(.fractionLength(0))
        }
        return amount.formatted(style)
    }

    /// `$4.99/month`, `5,49 €/Monat`, `¥800/月`.
    public static func format(_ amount: Decimal, per period: SubscriptionPeriod, in storefront: Storefront) -> String {
        let words = PeriodWords.forLanguage(storefront.language)
        return format(amount, in: storefront) + "/" + words.unit(period, plural: false, counted: period.value != 1)
    }

    /// The number of digits after the decimal point in the storefront's currency (2 for USD, 0 for JPY).
    public static func minorUnitDigits(of storefront: Storefront) -> Int {
        // NumberFormatter on Linux answers 2 for every currency, JPY included; the format style
        // knows. Count the ones it keeps of 1.111111 (en_US_POSIX writes Latin digits).
        let style = Decimal.FormatStyle.Currency(code: storefront.currency, locale: Locale(identifier: "en_US_POSIX"))
        let text = Decimal(sign: .plus, exponent: -6, significand: 1_111_111).formatted(style)
        return max(0, text.filter { $0 == "1" }.count - 1)
    }

    /// `amount` spread over `days` and scaled to `targetDays`, rounded down to the currency's
    /// minor unit: $83.99 a year is $6.99 a month.
    public static func normalize(_ amount: Decimal, from period: SubscriptionPeriod, to target: NormalizedUnit,
                                 in storefront: Storefront) -> Decimal {
        // Months and years convert by months (a year is 12 of them, not 365/30); other units by
        // days. Multiply before dividing so that exact results stay exact ($1.99 a week is $1.99).
        var scaled: Decimal
        let months: Int? = period.unit == .year ? period.value * 12 : period.unit == .month ? period.value : nil
        if let months, let targetMonths = target.months {
            scaled = amount * Decimal(targetMonths) / Decimal(months)
        } else {
            scaled = amount * target.days / Decimal(period.approximateDays)
        }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, minorUnitDigits(of: storefront), .down)
        return rounded
    }

    public enum NormalizedUnit: Sendable {
        case week, month, year

        /// 30 days a month, 365 a year, and a week is 7 days, so a month holds 365/12/7 weeks
        /// when a yearly price is spread.
        var days: Decimal {
            switch self {
            case .week: return 7
            case .month: return 30
            case .year: return 365
            }
        }

        var months: Int? {
            switch self {
            case .week: return nil
            case .month: return 1
            case .year: return 12
            }
        }

        public var period: SubscriptionPeriod {
            switch self {
            case .week: return SubscriptionPeriod(value: 1, unit: .week)
            case .month: return SubscriptionPeriod(value: 1, unit: .month)
            case .year: return SubscriptionPeriod(value: 1, unit: .year)
            }
        }
    }
}

extension Decimal {
    var isWhole: Bool {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded == self
    }
}
