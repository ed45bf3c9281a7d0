/// Plain-language offer terms in the storefront's language, built in: "1 week free, then
/// $4.99/month", "3 months at $2.49/month, then …", "6 months for $9.99, then …". Counts are in
/// the storefront's digits, the clauses are joined with its comma (`،` in Arabic, `、` in
/// Japanese), and words agree with the length (French `1 semaine gratuite`, `3 mois gratuits`).
public enum OfferText {
    /// The offer's whole length: "1 week", "3 months" (`product.offer_period`).
    public static func length(of offer: Offer, in storefront: Storefront) -> String {
        PeriodWords(storefront: storefront).duration(value: offer.period.value * offer.periods, unit: offer.period.unit)
    }

    /// The offer's price as an offer line says it: "free", "at $2.49/month" (each period),
    /// "for $9.99" (the whole offer); the `product.offer_price` variable.
    public static func pricePhrase(_ offer: Offer, in storefront: Storefront) -> String {
        let phrases = OfferPhrases.of(storefront.language)
        switch offer.mode {
        case .freeTrial:
            let words = PeriodWords(storefront: storefront)
            let count = offer.period.value * offer.periods
            return phrases.free.agreeing(feminine: words.isFeminine(offer.period.unit),
                                         plural: words.category(of: count) != .one)
        case .payAsYouGo:
            return fill(phrases.each, ["price": price(of: offer, in: storefront) ?? ""])
        case .payUpFront:
            return fill(phrases.upFront, ["price": price(of: offer, in: storefront) ?? ""])
        }
    }

    /// The whole line: the offer, then the regular price per period (`regular`).
    public static func describe(_ offer: Offer, in storefront: Storefront, then regular: String) -> String {
        let phrases = OfferPhrases.of(storefront.language)
        let line: String
        switch offer.mode {
        case .freeTrial: line = phrases.trialLine
        case .payAsYouGo: line = phrases.eachLine
        case .payUpFront: line = phrases.upFrontLine
        }
        // An offer with no price here is not sold here; should one be described, "?" says so.
        let phrase = offer.mode != .freeTrial && price(of: offer, in: storefront) == nil ? "?" : pricePhrase(offer, in: storefront)
        let terms = fill(line, ["length": length(of: offer, in: storefront), "phrase": phrase])
        return fill(phrases.then, ["offer": terms, "regular": regular])
    }

    /// What the offer charges, as the line writes it: per period (pay as you go), or once.
    private static func price(of offer: Offer, in storefront: Storefront) -> String? {
        guard let amount = offer.prices[storefront.id] else { return nil }
        switch offer.mode {
        case .freeTrial: return nil
        case .payAsYouGo: return PriceFormatter.format(amount, per: offer.period, in: storefront)
        case .payUpFront: return PriceFormatter.format(amount, in: storefront)
        }
    }

    /// `pattern` with each `{name}` replaced, in one pass, so a value is never read as a placeholder.
    static func fill(_ pattern: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

/// One language's offer phrases, as patterns: `{length}` the offer's length, `{price}` what
/// it costs, `{phrase}` the price phrase, `{offer}` the offer's clause, `{regular}` the regular
/// price per period. Spaced languages put the length before the phrase; Japanese and Korean
/// join them with particles of their own.
struct OfferPhrases {
    /// "free", agreeing where the language needs it.
    struct Free {
        var one: String
        var plural: String
        var feminineOne: String
        var femininePlural: String

        init(_ word: String) {
            one = word
            plural = word
            feminineOne = word
            femininePlural = word
        }

        init(one: String, plural: String, feminineOne: String, femininePlural: String) {
            self.one = one
            self.plural = plural
            self.feminineOne = feminineOne
            self.femininePlural = femininePlural
        }

        func agreeing(feminine: Bool, plural isPlural: Bool) -> String {
            switch (feminine, isPlural) {
            case (false, false): return one
            case (false, true): return plural
            case (true, false): return feminineOne
            case (true, true): return femininePlural
            }
        }
    }

    var free: Free
    var each: String
    var upFront: String
    var then: String
    var trialLine = "{length} {phrase}"
    var eachLine = "{length} {phrase}"
    var upFrontLine = "{length} {phrase}"

    static func of(_ language: String) -> OfferPhrases {
        all[language] ?? english
    }

    static let english = OfferPhrases(free: Free("free"), each: "at {price}", upFront: "for {price}",
                                      then: "{offer}, then {regular}")

    static let all: [String: OfferPhrases] = [
        "en": english,
        "de": OfferPhrases(free: Free("gratis"), each: "für {price}", upFront: "für {price}", then: "{offer}, danach {regular}"),
        "fr": OfferPhrases(free: Free(one: "gratuit", plural: "gratuits", feminineOne: "gratuite", femininePlural: "gratuites"),
                           each: "à {price}", upFront: "pour {price}", then: "{offer}, puis {regular}"),
        "es": OfferPhrases(free: Free("gratis"), each: "a {price}", upFront: "por {price}", then: "{offer}, luego {regular}"),
        "pt": OfferPhrases(free: Free("grátis"), each: "por {price}", upFront: "por {price}", then: "{offer}, depois {regular}"),
        // 1週間無料、以降¥800/月; 3か月は¥400/月; 6か月分¥2,400.
        "ja": OfferPhrases(free: Free("無料"), each: "{price}", upFront: "{price}", then: "{offer}、以降{regular}",
                           trialLine: "{length}{phrase}", eachLine: "{length}は{phrase}", upFrontLine: "{length}分{phrase}"),
        // 1주 무료; 3개월 동안 ₩2,900/월; 6개월에 ₩9,900.
        "ko": OfferPhrases(free: Free("무료"), each: "{price}", upFront: "{price}", then: "{offer}, 이후 {regular}",
                           eachLine: "{length} 동안 {phrase}", upFrontLine: "{length}에 {phrase}"),
        "ar": OfferPhrases(free: Free("مجانًا"), each: "بسعر {price}", upFront: "مقابل {price}", then: "{offer}، ثم {regular}"),
    ]
}
