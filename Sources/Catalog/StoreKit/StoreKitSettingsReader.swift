import Foundation

/// Reads the `settings` of a `.storekit` file (keys start with `_`) into `StoreKitTestSettings`,
/// and makes the one storefront a StoreKit configuration sells in.
struct StoreKitSettingsReader {
    let diagnostics: DiagnosticList

    func read(_ reader: ObjectReader?) -> StoreKitTestSettings {
        var settings = StoreKitTestSettings()
        guard let reader else { return settings }
        settings.storefront = storefrontCode(reader)
        settings.locale = locale(reader)
        // Kept for `storefront import`, used by nothing yet: a value that cannot be read is left
        // out with a warning, never a reason not to open the file.
        let kept = ignoringProblems()
        settings.timeRate = kept.timeRate(reader)
        settings.askToBuyEnabled = kept.flag(reader, "_askToBuyEnabled")
        settings.billingGracePeriodEnabled = kept.flag(reader, "_billingGracePeriodEnabled")
        settings.renewalBillingIssuesEnabled = kept.flag(reader, "_renewalBillingIssuesEnabled")
        settings.failures = kept.failures(reader)
        kept.report(into: diagnostics)
        return settings
    }

    /// A reader whose problems become warnings (`report(into:)`): for the settings the catalog
    /// keeps but does not use. The readers it makes report to its own list.
    private func ignoringProblems() -> KeptSettingsReader {
        KeptSettingsReader(diagnostics: DiagnosticList())
    }

    private struct KeptSettingsReader {
        let diagnostics: DiagnosticList

        func timeRate(_ settings: ObjectReader) -> Int? {
            let reader = settings.reporting(to: diagnostics)
            guard reader.hasValue("_timeRate"), let rate = reader.int("_timeRate") else { return nil }
            guard StoreKitTestSettings.timeRates.contains(rate) else {
                diagnostics.error("\(rate) is not a time rate Xcode writes (\(StoreKitTestSettings.timeRatesDescription))",
                                  path: reader.path(of: "_timeRate"), at: reader.member("_timeRate")?.position)
                return nil
            }
            return rate
        }

        func flag(_ settings: ObjectReader, _ key: String) -> Bool {
            let reader = settings.reporting(to: diagnostics)
            return reader.hasValue(key) ? reader.bool(key) ?? false : false
        }

        /// The simulated StoreKit errors that are switched on. Xcode lists every API with
        /// `"enabled" : false` whether or not anyone touched it; only the enabled ones matter.
        func failures(_ settings: ObjectReader) -> [String] {
            let reader = settings.reporting(to: diagnostics)
            guard reader.hasValue("_storeKitErrors") else { return [] }
            var names: [String] = []
            for element in reader.array("_storeKitErrors") ?? [] {
                guard let entry = ObjectReader(element.node, path: element.path, diagnostics: diagnostics) else { continue }
                let name = entry.string("name", required: true)
                if flag(entry, "enabled"), let name { names.append(StoreKitSettingsReader.apiName(name)) }
            }
            return names
        }

        func report(into list: DiagnosticList) {
            for item in diagnostics.items {
                list.warning("\(item.message); it is ignored, since storefront keeps this setting but does not use it",
                             path: item.path, at: item.position)
            }
        }
    }

    /// The configuration's storefront: its country, its locale and the country's currency.
    static func storefront(for settings: StoreKitTestSettings) -> Storefront {
        let id = settings.storefront ?? StoreKitImporter.defaultStorefront
        return Storefront(id: id, locale: settings.locale ?? StoreKitImporter.defaultLocale,
                          currency: currency(forStorefront: id), path: .storekit)
    }

    /// The currency of an alpha-3 country. `und_DEU` is a locale of no particular language in
    /// that region; ICU accepts the alpha-3 code there and answers with the region's currency
    /// (checked on Linux, where `Locale.Region` has no alpha-3 lookup of its own).
    /// USD, the currency of Xcode's default storefront, when Foundation does not know the region.
    static func currency(forStorefront id: String) -> String {
        if let code = Locale(identifier: "und_\(id)").currency?.identifier, knownCurrencies.contains(code) {
            return code
        }
        return "USD"
    }

    /// The catalog validator's lists, so that an imported storefront always validates.
    private static let knownCurrencies: Set<String> = Set(Locale.commonISOCurrencyCodes)
    private static let knownLocales: Set<String> = Set(Locale.availableIdentifiers)

    private func storefrontCode(_ reader: ObjectReader) -> String? {
        guard reader.hasValue("_storefront"), let code = reader.string("_storefront") else { return nil }
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            diagnostics.error("\"\(code)\" is not a storefront; expected an ISO 3166 alpha-3 code such as USA or DEU",
                              path: reader.path(of: "_storefront"), at: reader.member("_storefront")?.position)
            return nil
        }
        return code
    }

    private func locale(_ reader: ObjectReader) -> String? {
        guard reader.hasValue("_locale"), let locale = reader.string("_locale") else { return nil }
        guard Self.knownLocales.contains(locale) else {
            diagnostics.error("unknown locale \"\(locale)\"; expected an identifier such as en_US or de_DE",
                              path: reader.path(of: "_locale"), at: reader.member("_locale")?.position)
            return nil
        }
        return locale
    }

    /// `Load Products` → `loadProducts`: the file stores Xcode's menu titles; the model keeps the
    /// StoreKitTest API's names, which stay the same when the menu is reworded.
    static func apiName(_ title: String) -> String {
        let words = title.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
        guard let first = words.first else { return title }
        return first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
