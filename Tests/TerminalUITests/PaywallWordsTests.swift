import Catalog
import Foundation
import TestFixtures
import Testing

/// Issue 7 item 5: which words a paywall presentation reads, by storefront. The catalog's own
/// words count only in their language; an absent `cta` is the built-in word of the
/// storefront's language; a catalog's JSON may leave `cta` out.
@Suite("Paywall presentation: words by language")
struct PaywallWordsTests {
    static let usa = Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit)
    static let kor = Storefront(id: "KOR", locale: "ko_KR", currency: "KRW", path: .storekit)
    static let deu = Storefront(id: "DEU", locale: "de_DE", currency: "EUR", path: .storekit)

    /// One plan, and a variant whose strings are `strings` (by locale).
    static func catalog(strings: [String: PaywallStrings]) -> ProductCatalog {
        let plan = Product(id: "com.example.plan", type: .autoRenewable, name: LocalizedText(["en": "Plan", "ko": "플랜"]),
                           prices: ["USA": Decimal(string: "4.99")!, "KOR": 5500, "DEU": Decimal(string: "5.49")!], group: "pass", level: 1,
                           period: SubscriptionPeriod(value: 1, unit: .month))
        let variant = PaywallVariant(id: "A", products: [plan.id], strings: strings)
        return ProductCatalog(app: AppInfo(name: "Words", bundleId: "com.example.words"), storefronts: [usa, kor, deu],
                       subscriptionGroups: [SubscriptionGroup(id: "pass")], products: [plan],
                       paywalls: [Paywall(id: "main", placement: "store_open", variants: [variant])])
    }

    static func presentation(_ catalog: ProductCatalog, _ storefront: Storefront) -> PaywallPresentation {
        PaywallPresentation(catalog: catalog, paywall: catalog.paywalls[0], variant: catalog.paywalls[0].variants[0],
                            storefront: storefront)
    }

    static let englishOverrides = PaywallStrings(
        title: "Go further", cta: "Let's go",
        text: [.shopTitle: "More for your game", .restore: "Get my stuff back", .terms: "Rules", .owned: "Yours"])

    @Test func theCatalogsEnglishWordsOverrideInEnglish() {
        let shown = Self.presentation(Self.catalog(strings: ["en": Self.englishOverrides]), Self.usa)
        #expect(shown.text[.shopTitle] == "More for your game")
        #expect(shown.text[.restore] == "Get my stuff back")
        #expect(shown.text[.terms] == "Rules")
        #expect(shown.text[.owned] == "Yours")
        #expect(shown.text[.privacy] == "Privacy")  // not overridden: built in
        #expect(shown.cta == "Let's go")
    }

    /// A Korean storefront on a catalog with English strings only: the title falls back to
    /// the English strings (that is content), but every fixed word is the Korean built-in.
    @Test func aKoreanStorefrontReadsKoreanBuiltInsNotEnglishOverrides() {
        let shown = Self.presentation(Self.catalog(strings: ["en": Self.englishOverrides]), Self.kor)
        #expect(shown.strings.title == "Go further")
        for key in PlayerText.Key.allCases where key != .cta {
            #expect(shown.text[key] == PlayerText(language: "ko")[key], "\(key)")
        }
        #expect(shown.cta == "계속")
    }

    /// Words written for Korean count on the Korean storefront, and only there.
    @Test func koreanOverridesStayKorean() {
        let korean = PaywallStrings(title: "더 멀리", cta: "시작하기", text: [.restore: "복원하기"])
        let catalog = Self.catalog(strings: ["en": Self.englishOverrides, "ko": korean])
        #expect(Self.presentation(catalog, Self.kor).text[.restore] == "복원하기")
        #expect(Self.presentation(catalog, Self.kor).cta == "시작하기")
        #expect(Self.presentation(catalog, Self.usa).text[.restore] == "Get my stuff back")
        #expect(Self.presentation(catalog, Self.deu).text[.restore] == "Käufe wiederherstellen")
    }

    @Test("No cta: the built-in word of the storefront's language",
          arguments: [(usa, "Continue"), (kor, "계속"), (deu, "Weiter")])
    func absentCallToAction(storefront: Storefront, word: String) {
        let shown = Self.presentation(Self.catalog(strings: ["en": PaywallStrings(title: "Go")]), storefront)
        #expect(shown.cta == word)
    }

    /// The decoder leaves an unwritten `cta` absent (it used to fill in "Continue", which then
    /// read as the catalog's own English word on every storefront).
    @Test func aCatalogFileMayLeaveCtaOut() throws {
        let json = """
            { "schemaVersion": 1, "app": { "name": "Words", "bundleId": "com.example.words" },
              "storefronts": [ { "id": "KOR", "locale": "ko_KR", "currency": "KRW", "path": "storekit" } ],
              "products": [ { "id": "com.example.gems", "type": "consumable", "grants": { "currency": "gems", "amount": 1 },
                              "name": { "en": "Gems" }, "prices": { "KOR": "1100" } } ],
              "paywalls": [ { "id": "main", "placement": "store_open", "defaultLocale": "en",
                              "variants": [ { "id": "A", "template": "list", "products": ["com.example.gems"],
                                              "strings": { "en": { "title": "Gems", "restore": "Restore, please" } } } ] } ] }
            """
        let catalog = try CatalogLoader.load(text: json, file: "words.json")
        let strings = try #require(catalog.paywalls.first?.variants.first?.strings["en"])
        #expect(strings.cta == nil)
        #expect(strings.text[.restore] == "Restore, please")
        let shown = Self.presentation(catalog, catalog.storefronts[0])
        #expect(shown.cta == "계속")
        #expect(shown.text[.restore] == "구매 복원")
    }
}
