import Foundation
import Testing
@testable import Catalog

@Suite("The default catalog.json")
struct DefaultCatalogTests {
    @Test func theHelperFindsTheStorefrontPackage() throws {
        let root = try #require(storefrontPackageRoot())
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("name: \"storefront\""))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/Catalog").path))
    }

    @Test func loadsWithTheAppAndSchemaVersion() throws {
        let catalog = try loadDefaultCatalog()
        #expect(catalog.schemaVersion == 1)
        #expect(catalog.app == AppInfo(name: "Stardust Quest", bundleId: "com.example.stardust"))
        #expect(catalog.app.urlScheme == "com.example.stardust")
    }

    @Test func eightStorefrontsAsInTheFile() throws {
        let catalog = try loadDefaultCatalog()
        #expect(catalog.storefronts == [
            Storefront(id: "USA", locale: "en_US", currency: "USD", path: .paystation),
            Storefront(id: "DEU", locale: "de_DE", currency: "EUR", path: .paystation, inAppPayStation: true),
            Storefront(id: "JPN", locale: "ja_JP", currency: "JPY", path: .storekit),
            Storefront(id: "GBR", locale: "en_GB", currency: "GBP", path: .paystation),
            Storefront(id: "FRA", locale: "fr_FR", currency: "EUR", path: .paystation, inAppPayStation: true),
            Storefront(id: "BRA", locale: "pt_BR", currency: "BRL", path: .storekit),
            Storefront(id: "IND", locale: "en_IN", currency: "INR", path: .paystation),
            Storefront(id: "SAU", locale: "ar_SA", currency: "SAR", path: .storekit),
        ])
        #expect(catalog.storefronts.map(\.language) == ["en", "de", "ja", "en", "fr", "pt", "en", "ar"])
        // Every product is priced in every storefront.
        for product in catalog.products {
            #expect(Set(product.prices.keys) == Set(catalog.storefronts.map(\.id)), "\(product.id)")
        }
        #expect(catalog.storefront(id: "DEU")?.inAppPayStation == true)
        #expect(catalog.storefront(id: "usa") == nil)
    }

    @Test func sevenProductsWithTheirTypes() throws {
        let catalog = try loadDefaultCatalog()
        let expected: [(String, ProductType)] = [
            ("com.example.stardust.gems_100", .consumable),
            ("com.example.stardust.gems_550", .consumable),
            ("com.example.stardust.gems_1200", .consumable),
            ("com.example.stardust.remove_ads", .nonConsumable),
            ("com.example.stardust.pass.weekly", .autoRenewable),
            ("com.example.stardust.pass.monthly", .autoRenewable),
            ("com.example.stardust.pass.yearly", .autoRenewable),
        ]
        #expect(catalog.products.count == 7)
        #expect(catalog.products.map(\.id) == expected.map(\.0))
        #expect(catalog.products.map(\.type) == expected.map(\.1))
        #expect(catalog.products.allSatisfy { $0.itemType == .virtualItem && $0.status == .available })
        #expect(catalog.products.map(\.shortId) == [
            "gems_100", "gems_550", "gems_1200", "remove_ads", "weekly", "monthly", "yearly",
        ])
    }

    @Test func gemsGrantCurrencyAndRemoveAdsGrantsAnEntitlement() throws {
        let catalog = try loadDefaultCatalog()
        #expect(catalog.product(id: "com.example.stardust.gems_100")?.grants == .currency("gems", amount: 100))
        #expect(catalog.product(id: "com.example.stardust.gems_550")?.grants == .currency("gems", amount: 550))
        #expect(catalog.product(id: "com.example.stardust.gems_1200")?.grants == .currency("gems", amount: 1200))
        #expect(catalog.product(id: "com.example.stardust.remove_ads")?.grants == .entitlement("no_ads"))
        #expect(catalog.product(id: "com.example.stardust.pass.monthly")?.grants == nil)
    }

    @Test func pricesAreExactDecimals() throws {
        let catalog = try loadDefaultCatalog()
        let gems = try #require(catalog.product(id: "com.example.stardust.gems_100"))
        #expect(gems.prices == [
            "USA": decimal("0.99"), "DEU": decimal("1.09"), "JPN": 160, "GBR": decimal("0.99"),
            "FRA": decimal("1.09"), "BRA": decimal("5.90"), "IND": 99, "SAU": decimal("3.99"),
        ])
        #expect(gems.price(in: Storefronts.deu) == decimal("1.09"))
        let yearly = try #require(catalog.product(id: "com.example.stardust.pass.yearly"))
        #expect(yearly.prices["USA"] == decimal("39.99"))
        #expect(yearly.prices["DEU"] == decimal("43.99"))
        #expect(yearly.prices["JPN"] == 6000)
    }

    @Test func localizedNamesAndDescriptions() throws {
        let catalog = try loadDefaultCatalog()
        let gems = try #require(catalog.product(id: "com.example.stardust.gems_1200"))
        #expect(gems.name.values == [
            "en": "Vault of Gems", "de": "Edelsteingewölbe", "ja": "ジェムの金庫",
            "fr": "Chambre forte de gemmes", "pt": "Cofre de gemas", "ar": "خزنة الجواهر",
        ])
        #expect(gems.description.resolved(for: "de_DE") == "1.200 Edelsteine")
        let removeAds = try #require(catalog.product(id: "com.example.stardust.remove_ads"))
        #expect(removeAds.description.isEmpty)
    }

    @Test func theSubscriptionGroupAndItsProducts() throws {
        let catalog = try loadDefaultCatalog()
        #expect(catalog.accessLevels == [AccessLevel(id: "premium"), AccessLevel(id: "no_ads")])
        #expect(catalog.subscriptionGroups.count == 1)
        let group = try #require(catalog.subscriptionGroup(id: "stardust_pass"))
        #expect(group.accessLevel == "premium")
        #expect(group.name.values == [
            "en": "Stardust Pass", "de": "Sternenstaub-Pass", "ja": "スターダストパス",
            "fr": "Pass Poussière d'étoiles", "pt": "Passe Poeira Estelar", "ar": "بطاقة غبار النجوم",
        ])
        let passes = catalog.products.filter { $0.group == "stardust_pass" }
        #expect(passes.map(\.shortId) == ["weekly", "monthly", "yearly"])
        #expect(passes.map(\.level) == [3, 2, 1])
        #expect(passes.map(\.period) == [
            SubscriptionPeriod(value: 1, unit: .week), SubscriptionPeriod(value: 1, unit: .month),
            SubscriptionPeriod(value: 1, unit: .year),
        ])
        #expect(passes.allSatisfy { $0.isSubscription })
        #expect(catalog.product(id: "com.example.stardust.gems_100")?.isSubscription == false)
    }

    @Test func theMonthlyPassOffers() throws {
        let catalog = try loadDefaultCatalog()
        let monthly = try #require(catalog.product(id: "com.example.stardust.pass.monthly"))
        #expect(monthly.introductoryOffer == Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)))
        #expect(monthly.promotionalOffers == [
            Offer(id: "comeback_50", mode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month), periods: 3,
                  prices: [
                      "USA": decimal("2.49"), "DEU": decimal("2.79"), "JPN": 400, "GBR": decimal("2.29"),
                      "FRA": decimal("2.79"), "BRA": decimal("12.90"), "IND": 199, "SAU": decimal("9.99"),
                  ]),
        ])
        #expect(monthly.winBackOffers == [
            Offer(id: "winback_month", mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .month),
                  winBackCriteria: WinBackCriteria(paidMonths: 1, monthsSinceLapse: 1...24, monthsBetweenOffers: 6)),
        ])
        let weekly = try #require(catalog.product(id: "com.example.stardust.pass.weekly"))
        #expect(weekly.introductoryOffer == nil)
        #expect(weekly.promotionalOffers.isEmpty)
    }

    @Test func paywallMainWithVariantsAAndB() throws {
        let catalog = try loadDefaultCatalog()
        #expect(catalog.paywalls.map(\.id) == ["main"])
        let paywall = try #require(catalog.paywall(id: "main"))
        #expect(paywall.placement == "store_open")
        #expect(paywall.defaultLocale == "en")
        #expect(paywall.variants.map(\.id) == ["A", "B", "C"])
        // C, the hero, is never assigned (weight 0): designers preview it with `v`.
        #expect(paywall.variants.map(\.weight) == [50, 50, 0])
        #expect(paywall.variants.map(\.template) == [.cards, .list, .hero])
        #expect(paywall.variants[2].promotionalOffer == "comeback_50")
        let a = paywall.variants[0]
        #expect(a.products == ["com.example.stardust.pass.yearly", "com.example.stardust.pass.monthly",
                               "com.example.stardust.pass.weekly"])
        #expect(a.highlight == "com.example.stardust.pass.yearly")
        #expect(a.variationId(in: paywall) == "main.A")
        #expect(Set(a.strings.keys) == ["en", "de", "ja", "fr", "pt", "ar"])
        #expect(a.strings["en"] == PaywallStrings(
            title: "Unlock the Stardust Pass", features: ["Double rewards", "No ads", "Monthly skin"], cta: "Continue",
            offerDetails: "{{ product.price_per_period }}",
            offerDetailsWithIntro: "{{ product.offer_period }} {{ product.offer_price }}, then {{ product.price_per_period }}"))
        #expect(a.strings["ja"]?.cta == "続ける")
        #expect(a.strings["de"]?.offerDetails == nil)
        // Beside English's template (which says what the built-in words say), every language
        // reads its one built-in phrasing of an offer, the words the sheets say too.
        #expect(catalog.paywalls.flatMap(\.variants).allSatisfy { variant in
            variant.strings.allSatisfy { $0.key == "en" || $0.value.offerDetailsWithIntro == nil }
        })
        let b = paywall.variants[1]
        #expect(b.products == ["com.example.stardust.pass.monthly", "com.example.stardust.pass.yearly"])
        #expect(b.highlight == "com.example.stardust.pass.monthly")
        #expect(b.strings["en"]?.cta == "Start free trial")
        #expect(b.strings["de"]?.features == ["Doppelte Belohnungen", "Keine Werbung"])
    }

    @Test func settingsAsInTheFile() throws {
        let settings = try loadDefaultCatalog().settings
        #expect(settings.enablePayments == true)
        #expect(settings.projectId == 254321)
        #expect(settings.loginProjectId == "0b4c2f6e-4d1a-4c53-9c1e-6f2d8a7b9e10")
        #expect(settings.platform == "standalone")
        #expect(settings.openExternalBrowser == true)
        #expect(settings.useSandbox == true)
        #expect(settings.customUserId == nil)
        #expect(settings.paymentsRedirectUrl == "com.example.stardust://xsollaconfirm/payment")
        #expect(settings.payStation.theme == .dark)
        #expect(settings.payStation.size == .medium)
        #expect(settings.payStation.redirect == RedirectPolicy(
            condition: .successfulOrCanceled, delaySeconds: 2, manualButtonCaption: "Back to the game"))
        #expect(settings.xee == XeeSettings(inAppPurchaseKey: true, notificationDelaySeconds: 4))
        #expect(settings.timeRate == "sandbox")
    }

    @Test func settingsDefaultsWhenTheFileHasNone() throws {
        let catalog = try CatalogLoader.load(text: smallCatalog(), file: "catalog.json")
        #expect(catalog.settings == Settings())
        #expect(catalog.settings.enablePayments == false)
        #expect(catalog.settings.redirectURL(bundleId: "com.example.test") == "com.example.test://xsollaconfirm/payment")
        #expect(catalog.paywalls.isEmpty)
        #expect(catalog.products.map(\.id) == ["gems"])
    }

    @Test func theXsollaSpellingOfTheRedirectUrlIsAccepted() throws {
        let text = try replacingOnce(#""paymentsRedirectUrl""#, with: #""payments.redirectUrl""#,
                                     in: defaultCatalogText())
        let catalog = try CatalogLoader.load(text: text, file: "catalog.json")
        #expect(catalog.settings.paymentsRedirectUrl == "com.example.stardust://xsollaconfirm/payment")
    }

    /// A storefront may sell through Google Play: the decoder reads `play`, and lint finds
    /// nothing more to say of it than of the default catalog.
    @Test func aStorefrontMaySellThroughGooglePlay() throws {
        let original = try defaultCatalogText()
        let usa = "\"currency\": \"USD\",\n      \"path\": "
        let text = try replacingOnce(usa + "\"paystation\"", with: usa + "\"play\"", in: original)
        let catalog = try CatalogLoader.load(text: text, file: "catalog.json")
        #expect(catalog.storefront(id: "USA")?.path == .play)
        #expect(IntegrationPath.play.displayName == "Google Play")
        let report = CatalogLinter.lint(text: text, file: "catalog.json")
        #expect(!report.hasErrors, "\(report.textLines)")
        #expect(report.findings.count == CatalogLinter.lint(text: original, file: "catalog.json").findings.count)
    }

    @Test func aByteOrderMarkedCatalogLoads() throws {
        let catalog = try CatalogLoader.load(text: "\u{FEFF}" + defaultCatalogText(), file: "catalog.json")
        #expect(catalog.products.count == 7)
    }

    @Test func bareJSONNumberPricesAreReadFromTheirSpelling() throws {
        let text = smallCatalog(products: #"[ { "id": "gems", "type": "consumable", "prices": { "USA": 37.99 } } ]"#)
        let catalog = try CatalogLoader.load(text: text, file: "catalog.json")
        #expect(catalog.products.first?.prices["USA"] == decimal("37.99"))
    }
}
