import Testing
@testable import Catalog

@Suite("Localized text")
struct LocalizedTextTests {
    static let text = LocalizedText([
        "en": "Gems", "de": "Edelsteine", "pt_BR": "Gemas (Brasil)", "pt": "Gemas", "ja": "ジェム",
    ])

    @Test(arguments: [
        ("pt_BR", "Gemas (Brasil)"),  // the exact locale
        ("pt-BR", "Gemas"),  // not the same identifier; falls to its language
        ("pt_PT", "Gemas"),  // the language
        ("de_DE", "Edelsteine"),
        ("de_AT", "Edelsteine"),
        ("ja_JP", "ジェム"),
        ("ja", "ジェム"),
        ("fr_FR", "Gems"),  // the fallback, English by default
        ("", "Gems"),
    ])
    func exactLocaleThenLanguageThenFallback(locale: String, expected: String) {
        #expect(Self.text.resolved(for: locale) == expected)
    }

    @Test func aNamedFallbackComesBeforeEnglish() {
        #expect(Self.text.resolved(for: "fr_FR", fallback: "de") == "Edelsteine")
        #expect(Self.text.resolved(for: "fr_FR", fallback: "it") == "Gems")
        #expect(Self.text.resolved(for: "ja_JP", fallback: "de") == "ジェム")
    }

    @Test func withoutEnglishTheFirstKeyInOrderIsUsed() {
        let text = LocalizedText(["ja": "ジェム", "de": "Edelsteine", "fr": "Gemmes"])
        #expect(text.resolved(for: "it_IT") == "Edelsteine")
        #expect(text.resolved(for: "fr_CA") == "Gemmes")
    }

    @Test func emptyTextResolvesToNothing() {
        #expect(LocalizedText().resolved(for: "en_US") == nil)
        #expect(LocalizedText().isEmpty)
        #expect(!Self.text.isEmpty)
    }
}

@Suite("Paywall strings")
struct PaywallStringsTests {
    static let variant = PaywallVariant(id: "A", products: [], strings: [
        "en": PaywallStrings(title: "Unlock"),
        "de": PaywallStrings(title: "Freischalten"),
        "pt_BR": PaywallStrings(title: "Desbloquear (Brasil)"),
        "pt": PaywallStrings(title: "Desbloquear"),
    ])

    @Test(arguments: [
        ("pt_BR", "en", "Desbloquear (Brasil)"),
        ("pt_PT", "en", "Desbloquear"),
        ("de_CH", "en", "Freischalten"),
        ("de", "en", "Freischalten"),
        ("fr_FR", "en", "Unlock"),
        ("fr_FR", "de", "Freischalten"),
        ("ja_JP", "pt_BR", "Desbloquear (Brasil)"),
    ])
    func exactLocaleThenLanguageThenTheDefault(locale: String, defaultLocale: String, title: String) {
        #expect(Self.variant.strings(for: locale, defaultLocale: defaultLocale).title == title)
    }

    @Test func withoutTheDefaultTheChoiceIsStable() {
        let variant = PaywallVariant(id: "A", products: [], strings: [
            "ja": PaywallStrings(title: "解放"), "de": PaywallStrings(title: "Freischalten"),
            "fr": PaywallStrings(title: "Débloquer"),
        ])
        for _ in 0..<5 {
            #expect(variant.strings(for: "it_IT", defaultLocale: "en").title == "Freischalten")
        }
    }

    @Test func noStringsAtAllGiveTheDefaults() {
        let strings = PaywallVariant(id: "A", products: []).strings(for: "en_US", defaultLocale: "en")
        #expect(strings == PaywallStrings())
        #expect(strings.cta == nil, "no call to action written: the built-in word of each language")
        #expect(strings.title.isEmpty)
    }

    @Test(arguments: [
        ("en_US", "Unlock the Stardust Pass", "Continue"),
        ("de_DE", "Hol dir den Sternenstaub-Pass", "Weiter"),
        ("ja_JP", "スターダストパスを解放", "続ける"),
        ("fr_FR", "Débloquez le Pass Poussière d'étoiles", "Continuer"),
        ("fr_CA", "Débloquez le Pass Poussière d'étoiles", "Continuer"),  // the language
        ("pt_PT", "Desbloqueie o Passe Poeira Estelar", "Continuar"),  // the language
        ("es_ES", "Unlock the Stardust Pass", "Continue"),  // no Spanish strings: the default, English
    ])
    func theDefaultCatalogsVariantA(locale: String, title: String, cta: String) throws {
        let paywall = try #require(loadDefaultCatalog().paywall(id: "main"))
        let strings = try #require(paywall.variants.first).strings(for: locale, defaultLocale: paywall.defaultLocale)
        #expect(strings.title == title)
        #expect(strings.cta == cta)
    }

    @Test func aStringsEntryWithoutATitleIsAnError() throws {
        let paywalls = """
            [ { "id": "main", "placement": "store_open", "variants": [
                { "id": "A", "products": ["gems"], "strings": { "en": { "cta": "Go" } } } ] } ]
            """
        let error = try #require(loadFailure(smallCatalog(paywalls: paywalls)))
        #expect(error.diagnostics.map(\.path) == [#"$.paywalls[0].variants[0].strings.en"#])
        #expect(error.diagnostics.map(\.message) == [#"missing required key "title" (a string)"#])
    }

    @Test func aLoadedVariantKeepsItsOptionalStrings() throws {
        let paywalls = """
            [ { "id": "main", "placement": "store_open", "variants": [
                { "id": "A", "products": ["gems"], "strings": { "pt_BR": { "title": "Oi", "subtitle": "Olá" } } } ] } ]
            """
        let catalog = try CatalogLoader.load(text: smallCatalog(paywalls: paywalls), file: "catalog.json")
        let paywall = try #require(catalog.paywall(id: "main"))
        #expect(paywall.defaultLocale == "en")
        let variant = try #require(paywall.variants.first)
        #expect(variant.weight == 1)
        #expect(variant.template == .cards)
        #expect(variant.strings == ["pt_BR": PaywallStrings(title: "Oi", subtitle: "Olá")])
        #expect(variant.strings(for: "pt_BR", defaultLocale: "en").subtitle == "Olá")
    }
}
