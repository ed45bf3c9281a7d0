/// Text in several languages, keyed by language (`en`) or locale (`pt_BR`).
///
/// Kept as a short list sorted by key, not a dictionary: a catalog of 10,000 products has a
/// name and a description each, in a handful of languages, and a dictionary apiece (its table,
/// every key hashed) was a good part of decoding one. A lookup scans a few entries.
public struct LocalizedText: Sendable, Equatable {
    /// One language's text.
    struct Entry: Sendable, Equatable {
        var key: String
        var text: String
    }

    /// Sorted by key, one entry a key: two texts with the same values are equal entry by entry.
    private(set) var entries: [Entry]

    public init(_ values: [String: String] = [:]) {
        entries = values.map { Entry(key: $0.key, text: $0.value) }.sorted { $0.key < $1.key }
    }

    /// - Parameter entries: in any order; of a key given twice, the last.
    init(entries: [Entry]) {
        let byKey = entries.sorted { $0.key < $1.key }
        if zip(byKey, byKey.dropFirst()).allSatisfy({ $0.key != $1.key }) {
            self.entries = byKey
            return
        }
        var sorted: [Entry] = []
        sorted.reserveCapacity(entries.count)
        for entry in entries {
            if let index = sorted.firstIndex(where: { $0.key == entry.key }) {
                sorted[index] = entry
            } else {
                sorted.append(entry)
            }
        }
        sorted.sort { $0.key < $1.key }
        self.entries = sorted
    }

    /// Every language's text by its key.
    public var values: [String: String] {
        get { Dictionary(uniqueKeysWithValues: entries.lazy.map { ($0.key, $0.text) }) }
        set { self = LocalizedText(newValue) }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The languages and locales it has, sorted.
    public var keys: [String] { entries.map(\.key) }

    /// The text for exactly `key`, without falling back.
    public subscript(key: String) -> String? {
        entries.first { $0.key == key }?.text
    }

    /// The text for a locale: the exact locale, then its language, then `fallback`, then English,
    /// then any (the first key in order).
    public func resolved(for locale: String, fallback: String = "en") -> String? {
        let language = LocalizedText.language(of: locale)
        return self[locale] ?? self[language] ?? self[fallback] ?? self["en"] ?? entries.first?.text
    }
}

extension LocalizedText {
    /// The language part of a locale identifier: `pt` for `pt_BR` or `pt-BR`.
    public static func language(of locale: String) -> String {
        String(locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first ?? Substring(locale))
    }
}
