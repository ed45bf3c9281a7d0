/// Text in several languages, keyed by language (`en`) or locale (`pt_BR`).
public struct LocalizedText: Sendable, Equatable {
    public var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    public var isEmpty: Bool { values.isEmpty }

    /// The text for a locale: the exact locale, then its language, then `fallback`, then English,
    /// then any.
    public func resolved(for locale: String, fallback: String = "en") -> String? {
        let language = LocalizedText.language(of: locale)
        return values[locale] ?? values[language] ?? values[fallback] ?? values["en"]
            ?? values.keys.sorted().first.flatMap { values[$0] }
    }
}

extension LocalizedText {
    /// The language part of a locale identifier: `pt` for `pt_BR` or `pt-BR`.
    public static func language(of locale: String) -> String {
        String(locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first ?? Substring(locale))
    }
}
