import Foundation
import Synchronization

/// Formats prices as each storefront's App Store would, with Foundation's locale data.
public enum PriceFormatter {
    /// Storefronts whose App Store shows whole prices without decimals, as RevenueCat does.
    public static let zeroDecimalStorefronts: Set<String> = ["TWN", "KAZ", "MEX", "PHL", "THA", "IND"]

    public static func format(_ amount: Decimal, in storefront: Storefront) -> String {
        let key = FormattedPrice(amount: amount, currency: storefront.currency, locale: storefront.locale,
                                 dropsDecimals: zeroDecimalStorefronts.contains(storefront.id) && amount.isWhole)
        if let known = formattedPrices.withLock({ $0[key] }) { return known }
        let text = key.formatted
        formattedPrices.withLock { prices in
            // A bound, not an eviction policy: the prices on screen are formatted again at once.
            if prices.count >= formattedPriceLimit { prices.removeAll(keepingCapacity: true) }
            prices[key] = text
        }
        return text
    }

    /// ICU formats a price in tens of microseconds, and every frame shows the same few: each is
    /// formatted once and kept (at most `formattedPriceLimit`, a few hundred KB).
    private static let formattedPrices = Mutex<[FormattedPrice: String]>([:])
    private static let formattedPriceLimit = 4_096

    /// `$4.99/month`, `5,49 €/Monat`, `¥800/月`.
    public static func format(_ amount: Decimal, per period: SubscriptionPeriod, in storefront: Storefront) -> String {
        format(amount, in: storefront) + "/" + PeriodWords(storefront: storefront).unit(of: period)
    }

    /// Has ICU format a price, its minor unit and a percentage in `storefront`, keeping nothing
    /// but what Foundation and ICU keep themselves: the first use of a locale loads its data
    /// (0.5-2 ms), which the app has done on another thread while it opens the store, so that
    /// the first frame's prices do not wait for it. Safe on any thread.
    public static func prepareFormats(for storefront: Storefront) {
        let locale = Locale(identifier: storefront.locale)
        _ = minorUnitDigits(of: storefront)
        _ = Decimal(1).formatted(Decimal.FormatStyle.Currency(code: storefront.currency, locale: locale))
        _ = Decimal(1).formatted(Decimal.FormatStyle.Percent(locale: locale))
    }

    /// The number of digits after the decimal point in the storefront's currency (2 for USD, 0 for JPY).
    public static func minorUnitDigits(of storefront: Storefront) -> Int {
        minorUnitDigits(ofCurrency: storefront.currency)
    }

    /// ISO 4217's minor units of a currency code, from Foundation: 2 for USD, 0 for JPY, 3 for KWD.
    public static func minorUnitDigits(ofCurrency code: String) -> Int {
        if let known = minorUnits.withLock({ $0[code] }) { return known }
        // NumberFormatter on Linux answers 2 for every currency, JPY and KWD included; the format
        // style knows. Count the ones it keeps of 1.111111 (en_US_POSIX writes Latin digits).
        let style = Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: "en_US_POSIX"))
        let text = Decimal(sign: .plus, exponent: -6, significand: 1_111_111).formatted(style)
        let digits = max(0, text.filter { $0 == "1" }.count - 1)
        minorUnits.withLock { $0[code] = digits }
        return digits
    }

    /// Each currency's answer, asked once: ICU takes 50-100 µs a question, and every card's
    /// per-month price and every validated storefront asks it again. Currency codes are few
    /// (ISO 4217 has under 200; a code the catalog made up is asked once too), so it is not bounded.
    private static let minorUnits = Mutex<[String: Int]>([:])

    /// The price of `period` spread over one `target` unit, rounded down to the precision the
    /// plan's own price is shown at: the currency's minor unit ($83.99 a year is $6.99 a month,
    /// $1.99 a week is $8.64 a month, ¥4,400 a year ¥366 a month), or the whole unit where the
    /// storefront shows a whole price without decimals (`zeroDecimalStorefronts`: ₹2,999 a year
    /// is ₹249 a month, never ₹249.91 beside it). One rule for every currency, down, as
    /// RevenueCat rounds per-period prices: a per-month price never promises less than the plan
    /// costs. The paywall's lines, its text variables and its discount badges all read it.
    public static func normalize(_ amount: Decimal, from period: SubscriptionPeriod, to target: NormalizedUnit,
                                 in storefront: Storefront) -> Decimal {
        // One `period.unit` is num/den target units. Multiply before dividing, so that an exact
        // result stays exact ($1.99 a week is $1.99 a week, not $1.98).
        let (num, den) = ratio(from: period.unit, to: target.period.unit)
        var scaled = amount * Decimal(den) / (Decimal(period.value) * Decimal(num))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, shownDigits(of: amount, in: storefront), .down)
        return rounded
    }

    /// `amount` a `period` spread over one `target` unit, as the paywall writes it: `normalize`d,
    /// then formatted per `target` (`$3.33/month`, `₹249/month`).
    public static func formatNormalized(_ amount: Decimal, from period: SubscriptionPeriod, to target: NormalizedUnit,
                                        in storefront: Storefront) -> String {
        format(normalize(amount, from: period, to: target, in: storefront), per: target.period, in: storefront)
    }

    /// The digits after the decimal point a price of `amount` is shown with in `storefront`.
    private static func shownDigits(of amount: Decimal, in storefront: Storefront) -> Int {
        zeroDecimalStorefronts.contains(storefront.id) && amount.isWhole ? 0 : minorUnitDigits(of: storefront)
    }

    /// How many `target` units one `unit` is, as a fraction: 30 days a month, 365 days a year,
    /// 12 months a year, and 365/12/7 weeks a month (so 365/7 weeks a year).
    static func ratio(from unit: SubscriptionPeriod.Unit, to target: SubscriptionPeriod.Unit) -> (num: Int, den: Int) {
        switch (unit, target) {
        case (.day, .day), (.week, .week), (.month, .month), (.year, .year): return (1, 1)
        case (.day, .week): return (1, 7)
        case (.day, .month): return (1, 30)
        case (.day, .year): return (1, 365)
        case (.week, .day): return (7, 1)
        case (.week, .month): return (84, 365)
        case (.week, .year): return (7, 365)
        case (.month, .day): return (30, 1)
        case (.month, .week): return (365, 84)
        case (.month, .year): return (1, 12)
        case (.year, .day): return (365, 1)
        case (.year, .week): return (365, 7)
        case (.year, .month): return (12, 1)
        }
    }

    public enum NormalizedUnit: Sendable {
        case week, month, year

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

/// What a formatted price depends on, and its formatting.
private struct FormattedPrice: Hashable, Sendable {
    var amount: Decimal
    var currency: String
    var locale: String
    /// A whole price in a storefront that shows whole prices without decimals.
    var dropsDecimals: Bool

    var formatted: String {
        var style = Decimal.FormatStyle.Currency(code: currency, locale: Locale(identifier: locale))
        if dropsDecimals { style = style.precision(.fractionLength(0)) }
        return amount.formatted(style)
    }
}
