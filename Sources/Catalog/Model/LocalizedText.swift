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
        let language = String(locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first ?? "")
        return values[locale] ?? values[language] ?? values[fallback] ?? values["en"]
            ?? values.keys.sorted().first.flatMap { values[$0] }
    }
}
