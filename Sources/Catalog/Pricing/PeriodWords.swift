import Foundation
import Synchronization

/// Lengths of time in the languages with built-in words (English for any other), counted with
/// the storefront's digits and the language's grammar of number: "1 week", "2 weeks"; "1週間";
/// "3개월"; in Saudi Arabia "أسبوع واحد", "أسبوعان", "٣ أسابيع", "١١ أسبوعًا".
public struct PeriodWords: Sendable {
    /// How a language names one unit: alone after a slash ("/month"), and counted, by the
    /// plural category of the count, `#` standing for the number.
    struct Noun: Sendable {
        let alone: String
        let counted: [PluralCategory: String]
        /// Whether French adjectives agree with it in the feminine (`semaine gratuite`).
        var feminine = false
    }

    /// The plural categories built-in words need (Unicode CLDR's names).
    enum PluralCategory: Sendable {
        case one, two, few, many, other
    }

    let language: String
    /// The storefront's locale, whose digits the counts are written in.
    private let locale: Locale
    private let localeIdentifier: String
    private let nouns: [SubscriptionPeriod.Unit: Noun]

    /// The words of the locale's language (`de` for `de_DE`), with its digits (Arabic-Indic
    /// for `ar_SA`, Western for `ar_AE`).
    public init(locale identifier: String) {
        language = LocalizedText.language(of: identifier)
        locale = Locale(identifier: identifier)
        localeIdentifier = identifier
        nouns = Self.nouns[language] ?? Self.nouns["en"] ?? [:]
    }

    public init(storefront: Storefront) {
        self.init(locale: storefront.locale)
    }

    /// "1 week", "3 months", "1週間", "3か月", "شهران".
    public func duration(value: Int, unit: SubscriptionPeriod.Unit) -> String {
        guard let noun = nouns[unit] else { return number(value) }
        let form = noun.counted[category(of: value)] ?? noun.counted[.other] ?? noun.alone
        return form.replacingOccurrences(of: "#", with: number(value))
    }

    /// What a price is per, after its slash: the unit alone for one (`month`), else the
    /// counted length (`3 months`): `$4.99/month`, `$14.99/3 months`.
    public func unit(of period: SubscriptionPeriod) -> String {
        guard period.value != 1 else { return nouns[period.unit]?.alone ?? "" }
        return duration(value: period.value, unit: period.unit)
    }

    /// Whether the unit takes feminine agreement (French `semaine`).
    func isFeminine(_ unit: SubscriptionPeriod.Unit) -> Bool {
        nouns[unit]?.feminine ?? false
    }

    /// The count in the storefront's digits: `3`, `٣`.
    func number(_ value: Int) -> String {
        let key = Count(locale: localeIdentifier, value: value)
        if let known = Self.numbers.withLock({ $0[key] }) { return known }
        let text = value.formatted(IntegerFormatStyle<Int>(locale: locale))
        Self.numbers.withLock { numbers in
            // A bound, not an eviction policy: the counts on screen are written again at once.
            if numbers.count >= 1_024 { numbers.removeAll(keepingCapacity: true) }
            numbers[key] = text
        }
        return text
    }

    /// A count as some locale writes it.
    private struct Count: Hashable, Sendable {
        var locale: String
        var value: Int
    }

    /// Each count written once per locale and kept: ICU takes tens of microseconds a number,
    /// and every card of every frame writes its periods' counts ("1 week free") again; a
    /// profile of the launch found a fifth of the paywall's first build here.
    private static let numbers = Mutex<[Count: String]>([:])

    /// Which form of a noun a count takes.
    func category(of count: Int) -> PluralCategory {
        switch language {
        case "ja", "ko":
            return .other
        case "ar":
            // One and two have forms of their own (a dual); 3-10 take the plural, 11-99 the
            // singular in the accusative, a round hundred (100, 200, 1,000) the plain singular.
            if count == 1 { return .one }
            if count == 2 { return .two }
            switch count % 100 {
            case 3...10: return .few
            case 11...99: return .many
            default: return .other
            }
        default:
            return count == 1 ? .one : .other
        }
    }

    private static func noun(_ alone: String, one: String, other: String, feminine: Bool = false) -> Noun {
        Noun(alone: alone, counted: [.one: one, .other: other], feminine: feminine)
    }

    /// Japanese and Korean count with a counter word and no plural; Japanese counts weeks and
    /// months with another word than it divides by: 1か月, but ¥800/月.
    private static func counter(_ alone: String, _ counted: String) -> Noun {
        Noun(alone: alone, counted: [.other: "#" + counted])
    }

    private static func arabic(_ alone: String, one: String, two: String, few: String, many: String) -> Noun {
        Noun(alone: alone, counted: [.one: one, .two: two, .few: "# " + few, .many: "# " + many, .other: "# " + alone])
    }

    private static let nouns: [String: [SubscriptionPeriod.Unit: Noun]] = [
        "en": [.day: noun("day", one: "# day", other: "# days"), .week: noun("week", one: "# week", other: "# weeks"),
               .month: noun("month", one: "# month", other: "# months"), .year: noun("year", one: "# year", other: "# years")],
        "de": [.day: noun("Tag", one: "# Tag", other: "# Tage"), .week: noun("Woche", one: "# Woche", other: "# Wochen"),
               .month: noun("Monat", one: "# Monat", other: "# Monate"), .year: noun("Jahr", one: "# Jahr", other: "# Jahre")],
        "fr": [.day: noun("jour", one: "# jour", other: "# jours"),
               .week: noun("semaine", one: "# semaine", other: "# semaines", feminine: true),
               .month: noun("mois", one: "# mois", other: "# mois"), .year: noun("an", one: "# an", other: "# ans")],
        "es": [.day: noun("día", one: "# día", other: "# días"), .week: noun("semana", one: "# semana", other: "# semanas"),
               .month: noun("mes", one: "# mes", other: "# meses"), .year: noun("año", one: "# año", other: "# años")],
        "pt": [.day: noun("dia", one: "# dia", other: "# dias"), .week: noun("semana", one: "# semana", other: "# semanas"),
               .month: noun("mês", one: "# mês", other: "# meses"), .year: noun("ano", one: "# ano", other: "# anos")],
        "ja": [.day: counter("日", "日"), .week: counter("週", "週間"), .month: counter("月", "か月"), .year: counter("年", "年")],
        "ko": [.day: counter("일", "일"), .week: counter("주", "주"), .month: counter("월", "개월"), .year: counter("년", "년")],
        "ar": [.day: arabic("يوم", one: "يوم واحد", two: "يومان", few: "أيام", many: "يومًا"),
               .week: arabic("أسبوع", one: "أسبوع واحد", two: "أسبوعان", few: "أسابيع", many: "أسبوعًا"),
               .month: arabic("شهر", one: "شهر واحد", two: "شهران", few: "أشهر", many: "شهرًا"),
               .year: arabic("سنة", one: "سنة واحدة", two: "سنتان", few: "سنوات", many: "سنةً")],
    ]
}
