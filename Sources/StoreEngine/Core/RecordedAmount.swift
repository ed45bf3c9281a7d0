import Catalog
import Foundation

/// An amount written as its storefront wrote it when the transaction was made, from the ledger
/// alone: in the locale kept with the transaction, so `history` reads the same from any folder
/// and with any catalog at hand (`5,49 €` stays `5,49 €`).
public enum RecordedAmount {
    public static func format(_ amount: Decimal, currency: String, storefront: String, locale: String?) -> String {
        let locale = locale ?? defaultLocale(forCurrency: currency)
        // Formatting reads the locale and the currency alone: any path will do.
        return PriceFormatter.format(amount, in: Storefront(id: storefront, locale: locale, currency: currency,
                                                            path: IntegrationPath.allCases[0]))
    }

    /// The locale of a transaction kept before locales were (schema 10 and older): the one
    /// most storefronts of its currency write it in (`de_DE` for EUR, `ja_JP` for JPY); any
    /// other currency the plain way, `CHF 1.50`.
    public static func defaultLocale(forCurrency code: String) -> String {
        usualLocales[code] ?? "en_US_POSIX"
    }

    private static let usualLocales: [String: String] = [
        "USD": "en_US", "EUR": "de_DE", "JPY": "ja_JP", "GBP": "en_GB", "BRL": "pt_BR", "INR": "en_IN",
        "SAR": "ar_SA", "KRW": "ko_KR", "CNY": "zh_CN", "CAD": "en_CA", "AUD": "en_AU", "MXN": "es_MX",
    ]
}
