/// Words for subscription periods in the languages the default catalog sells in; English for
/// any other.
public struct PeriodWords: Sendable {
    let day: (one: String, many: String)
    let week: (one: String, many: String)
    let month: (one: String, many: String)
    let year: (one: String, many: String)
    /// Languages that write "3 Monate" with a space, unlike Japanese "3か月".
    let spaced: Bool
    let free: String
    /// Joins an offer to the regular price: "1 week free, then $4.99/month".
    let then: String
    /// "3 months at $2.49/month" (pay as you go) and "3 months for $6.99" (pay up front).
    var at = "at"
    var forPrice = "for"

    public static func forLanguage(_ language: String) -> PeriodWords {
        switch language {
        case "de": return PeriodWords(day: ("Tag", "Tage"), week: ("Woche", "Wochen"), month: ("Monat", "Monate"),
                                      year: ("Jahr", "Jahre"), spaced: true, free: "gratis", then: "danach", at: "für", forPrice: "für")
        // Japanese counts with a different word than it divides by: 1か月, but ¥800/月.
        case "ja": return PeriodWords(day: ("日", "日"), week: ("週", "週間"), month: ("月", "か月"),
                                      year: ("年", "年"), spaced: false, free: "無料", then: "以降", at: "", forPrice: "")
        case "fr": return PeriodWords(day: ("jour", "jours"), week: ("semaine", "semaines"), month: ("mois", "mois"),
                                      year: ("an", "ans"), spaced: true, free: "gratuits", then: "puis", at: "à", forPrice: "pour")
        case "pt": return PeriodWords(day: ("dia", "dias"), week: ("semana", "semanas"), month: ("mês", "meses"),
                                      year: ("ano", "anos"), spaced: true, free: "grátis", then: "depois", at: "por", forPrice: "por")
        case "es": return PeriodWords(day: ("día", "días"), week: ("semana", "semanas"), month: ("mes", "meses"),
                                      year: ("año", "años"), spaced: true, free: "gratis", then: "después", at: "por", forPrice: "por")
        // Korean, like Japanese, counts without a space and divides by another word: 3개월, ₩5,500/월.
        case "ko": return PeriodWords(day: ("일", "일"), week: ("주", "주"), month: ("월", "개월"),
                                      year: ("년", "년"), spaced: false, free: "무료", then: "이후", at: "", forPrice: "")
        case "ar": return PeriodWords(day: ("يوم", "أيام"), week: ("أسبوع", "أسابيع"), month: ("شهر", "أشهر"),
                                      year: ("سنة", "سنوات"), spaced: true, free: "مجانًا", then: "ثم", at: "بسعر", forPrice: "مقابل")
        default: return PeriodWords(day: ("day", "days"), week: ("week", "weeks"), month: ("month", "months"),
                                    year: ("year", "years"), spaced: true, free: "free", then: "then")
        }
    }

    /// The unit word alone (`month`) for "/month", or with its count (`3 months`) when `counted`.
    public func unit(_ period: SubscriptionPeriod, plural: Bool, counted: Bool) -> String {
        let forms: (one: String, many: String)
        switch period.unit {
        case .day: forms = day
        case .week: forms = week
        case .month: forms = month
        case .year: forms = year
        }
        guard counted else { return plural ? forms.many : forms.one }
        return duration(value: period.value, unit: period.unit)
    }

    /// "1 week", "3 months", "1週", "3か月".
    public func duration(value: Int, unit: SubscriptionPeriod.Unit) -> String {
        let forms: (one: String, many: String)
        switch unit {
        case .day: forms = day
        case .week: forms = week
        case .month: forms = month
        case .year: forms = year
        }
        guard spaced else { return "\(value)\(forms.many)" }
        return "\(value) \(value == 1 ? forms.one : forms.many)"
    }

    public var freeWord: String { free }
    public var thenWord: String { then }

    /// "3 months at $2.49/month"; Japanese puts no word between: "3か月 ¥400/月".
    public func priced(_ length: String, _ price: String, upFront: Bool) -> String {
        let word = upFront ? forPrice : at
        return word.isEmpty ? "\(length) \(price)" : "\(length) \(word) \(price)"
    }
}
